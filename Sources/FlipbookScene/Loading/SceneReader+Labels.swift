import Foundation
import FlipbookUIKit

/// `class: UILabel` views: a view's keys plus `text`, `textColor`, `font`,
/// `textAlignment`, `numberOfLines` and `lineBreakMode`.
extension SceneReader {
    /// Every key a view or label may set, for reading a map before its class is known.
    static var viewPropertyKeys: [MapShape.Key] {
        PropertyTable.view.shapeKeys + PropertyTable.label.shapeKeys + PropertyTable.imageView.shapeKeys
            + PropertyTable.activityIndicator.shapeKeys
    }

    /// The assignments of the view property keys among `fields`, in file order; label keys
    /// only when `isLabel`.
    func viewAssignments(_ fields: Fields, isLabel: Bool) throws -> [PropertyAssignment] {
        let view = PropertyTable.view, label = PropertyTable.label
        var assignments: [PropertyAssignment] = []
        for (key, keyNode, value) in fields.entries {
            if view.contains(key) {
                assignments.append(try view.assignment(key, value))
            } else if label.contains(key) {
                guard isLabel else {
                    throw keyNode.error("'\(key)' is a property of UILabel; this view is a UIView (add class: UILabel)")
                }
                assignments.append(try label.assignment(key, value))
            }
        }
        return assignments
    }
}
