import Foundation
import FlipbookUIKit

/// `class: UIImageView` and `class: UIActivityIndicatorView` views (G7): their keys
/// (`PropertyTable+ContentViews.swift`), valid only on their class.
///
/// `animating: true` calls `startAnimating()`, `false` `stopAnimating()`; it is applied
/// after the view's other keys, so the frames or style it animates are already set.
extension SceneReader {
    static let contentViewClassNames = ["UIImageView", "UIActivityIndicatorView"]

    /// The keys of the content view classes, for reading a view map before its class is known.
    static var contentViewKeys: [String] {
        (PropertyTable.imageView.keys + PropertyTable.activityIndicator.keys).uniqued()
    }

    /// The assignments of the content-view keys among `fields`, in file order with
    /// `animating` last; a key of another class is an error naming the class it needs.
    func contentViewAssignments(_ fields: Fields, className: String) throws -> [PropertyAssignment] {
        let imageView = PropertyTable.imageView, indicator = PropertyTable.activityIndicator
        var assignments: [PropertyAssignment] = []
        var last: [PropertyAssignment] = []
        for (key, keyNode, value) in fields.entries where Self.contentViewKeys.contains(key) {
            let assignment: PropertyAssignment
            if className == "UIImageView", imageView.contains(key) {
                assignment = try imageView.assignment(key, value)
            } else if className == "UIActivityIndicatorView", indicator.contains(key) {
                assignment = try indicator.assignment(key, value)
            } else {
                let owner = imageView.contains(key) && indicator.contains(key)
                    ? "UIImageView and UIActivityIndicatorView"
                    : imageView.contains(key) ? "UIImageView" : "UIActivityIndicatorView"
                let suggestion = owner.contains(" and ") ? "UIImageView" : owner
                throw keyNode.error("'\(key)' is a property of \(owner); this view is a \(className) (add class: \(suggestion))")
            }
            if key == "animating" { last.append(assignment) } else { assignments.append(assignment) }
        }
        return assignments + last
    }
}
