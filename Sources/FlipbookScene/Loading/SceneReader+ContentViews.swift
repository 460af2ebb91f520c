import Foundation
import FlipbookUIKit

/// `class: UIImageView` and `class: UIActivityIndicatorView` views and
/// `class: CAReplicatorLayer` layers (G7): their keys, valid only on their class.
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

extension PropertyTable where Target == UIView {
    /// The UIImageView properties a scene can set, besides a view's (G7).
    static let imageView = PropertyTable([
        "image": subclassProperty(\UIImageView.image, .nullable(.string), { $0.isNull ? nil : try $0.image() },
                                  as: { $0.map { UIImage(cgImage: $0) } }),
        "contentMode": subclassChoice(\UIImageView.contentMode, UIView.ContentMode.allCases.map { "\($0)" }) { name in
            UIView.ContentMode.allCases.first { "\($0)" == name }!
        },
        "animationImages": subclassProperty(\UIImageView.animationImages, .nullable(.list(.string)), {
            try $0.isNull ? nil : $0.list().map { try $0.image() }
        }, as: { $0?.map { UIImage(cgImage: $0) } }),
        "animationDuration": subclassProperty(\UIImageView.animationDuration, .time) { try $0.nonNegativeTime() },
        "animationRepeatCount": subclassProperty(\UIImageView.animationRepeatCount, .integer) { node in
            let count = try node.integer()
            guard count >= 0 else { throw node.error("'animationRepeatCount' must be 0 (forever) or more, got \(count)") }
            return count
        },
        "animating": animating,
    ])

    /// The UIActivityIndicatorView properties a scene can set, besides a view's (G7).
    static let activityIndicator = PropertyTable([
        "style": subclassChoice(\UIActivityIndicatorView.style, UIActivityIndicatorView.Style.allCases.map { "\($0)" }) { name in
            UIActivityIndicatorView.Style.allCases.first { "\($0)" == name }!
        },
        "color": subclassProperty(\UIActivityIndicatorView.color, .color) { node in
            guard let color = try node.color() else { throw node.typeError("a colour") }
            return UIColor(cgColor: color)
        },
        "hidesWhenStopped": subclassProperty(\UIActivityIndicatorView.hidesWhenStopped, .bool) { try $0.bool() },
        "animating": animating,
    ])

    /// `animating: true` calls `startAnimating()`, `false` `stopAnimating()`, on an image
    /// view or an activity indicator.
    private static let animating = property(.bool, { try $0.bool() }) { view, on, _ in
        switch view {
        case let imageView as UIImageView: on ? imageView.startAnimating() : imageView.stopAnimating()
        case let indicator as UIActivityIndicatorView: on ? indicator.startAnimating() : indicator.stopAnimating()
        default: break
        }
    }
}

extension PropertyTable where Target == CALayer {
    /// The CAReplicatorLayer properties a scene can set, besides a layer's (G7).
    static let replicator = PropertyTable([
        "instanceCount": subclassProperty(\CAReplicatorLayer.instanceCount, .integer) { node in
            let count = try node.integer()
            guard count >= 0 else { throw node.error("'instanceCount' must be 0 or more, got \(count)") }
            return count
        },
        "instanceDelay": subclassProperty(\CAReplicatorLayer.instanceDelay, .time) { try $0.time() },
        "instanceTransform": subclassProperty(\CAReplicatorLayer.instanceTransform, .transform) { try $0.transform() },
        "instanceColor": subclassProperty(\CAReplicatorLayer.instanceColor, .color) { try $0.color() },
        "instanceRedOffset": subclassProperty(\CAReplicatorLayer.instanceRedOffset, .number) { Float(try $0.number()) },
        "instanceGreenOffset": subclassProperty(\CAReplicatorLayer.instanceGreenOffset, .number) { Float(try $0.number()) },
        "instanceBlueOffset": subclassProperty(\CAReplicatorLayer.instanceBlueOffset, .number) { Float(try $0.number()) },
        "instanceAlphaOffset": subclassProperty(\CAReplicatorLayer.instanceAlphaOffset, .number) { Float(try $0.number()) },
    ])
}
