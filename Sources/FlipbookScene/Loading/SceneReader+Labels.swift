import Foundation
import FlipbookUIKit

/// `class: UILabel` views: a view's keys plus `text`, `textColor`, `font`,
/// `textAlignment`, `numberOfLines` and `lineBreakMode`.
extension SceneReader {
    /// Every key a view or label may set, for reading a map before its class is known.
    static var viewPropertyKeys: [MapShape.Key] {
        PropertyTable<UIView>.view.shapeKeys + PropertyTable<UILabel>.label.shapeKeys
            + PropertyTable<UIImageView>.imageView.shapeKeys + PropertyTable<UIActivityIndicatorView>.activityIndicator.shapeKeys
    }

    /// The assignments of the view property keys among `fields`, in file order; label keys
    /// only when `isLabel`.
    func viewAssignments(_ fields: Fields, isLabel: Bool) throws -> [Assignment<UIView>] {
        let view = PropertyTable<UIView>.view, label = PropertyTable<UILabel>.label
        var assignments: [Assignment<UIView>] = []
        for (key, keyNode, value) in fields.entries {
            if view.readers[key] != nil {
                assignments.append(try view.assignment(key, value))
            } else if label.readers[key] != nil {
                guard isLabel else {
                    throw keyNode.error("'\(key)' is a property of UILabel; this view is a UIView (add class: UILabel)")
                }
                let assignment = try label.assignment(key, value)
                assignments.append(Assignment(key: key) { ($0 as? UILabel).map(assignment.apply) })
            }
        }
        return assignments
    }
}
