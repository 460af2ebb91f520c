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
        (PropertyTable<UIImageView>.imageView.keys + PropertyTable<UIActivityIndicatorView>.activityIndicator.keys).uniqued()
    }

    /// A new view of `className` when it is one of the content view classes.
    @MainActor
    static func makeContentView(_ className: String) -> UIView? {
        switch className {
        case "UIImageView": UIImageView()
        case "UIActivityIndicatorView": UIActivityIndicatorView(style: .medium)
        default: nil
        }
    }

    /// The assignments of the content-view keys among `fields`, in file order with
    /// `animating` last; a key of another class is an error naming the class it needs.
    func contentViewAssignments(_ fields: Fields, className: String) throws -> [Assignment<UIView>] {
        let imageView = PropertyTable<UIImageView>.imageView, indicator = PropertyTable<UIActivityIndicatorView>.activityIndicator
        var assignments: [Assignment<UIView>] = []
        var last: [Assignment<UIView>] = []
        for (key, keyNode, value) in fields.entries where Self.contentViewKeys.contains(key) {
            let assignment: Assignment<UIView>
            if className == "UIImageView", imageView.readers[key] != nil {
                let typed = try imageView.assignment(key, value)
                assignment = Assignment(key: key) { ($0 as? UIImageView).map(typed.apply) }
            } else if className == "UIActivityIndicatorView", indicator.readers[key] != nil {
                let typed = try indicator.assignment(key, value)
                assignment = Assignment(key: key) { ($0 as? UIActivityIndicatorView).map(typed.apply) }
            } else {
                let owner = imageView.readers[key] != nil && indicator.readers[key] != nil
                    ? "UIImageView and UIActivityIndicatorView"
                    : imageView.readers[key] != nil ? "UIImageView" : "UIActivityIndicatorView"
                let suggestion = owner.contains(" and ") ? "UIImageView" : owner
                throw keyNode.error("'\(key)' is a property of \(owner); this view is a \(className) (add class: \(suggestion))")
            }
            if key == "animating" { last.append(assignment) } else { assignments.append(assignment) }
        }
        return assignments + last
    }
}

extension PropertyTable where Target == UIImageView {
    /// The UIImageView properties a scene can set, besides a view's (G7).
    static let imageView = PropertyTable([
        "image": property(\.image, .nullable(.string)) { $0.isNull ? nil : try $0.uiImage() },
        "contentMode": choice(\.contentMode, UIView.ContentMode.allCases.map { "\($0)" }) { name in
            UIView.ContentMode.allCases.first { "\($0)" == name }!
        },
        "animationImages": property(\.animationImages, .nullable(.list(.string))) { try $0.isNull ? nil : $0.list().map { try $0.uiImage() } },
        "animationDuration": property(\.animationDuration, .time) { try $0.nonNegativeTime() },
        "animationRepeatCount": property(\.animationRepeatCount, .integer) { node in
            let count = try node.integer()
            guard count >= 0 else { throw node.error("'animationRepeatCount' must be 0 (forever) or more, got \(count)") }
            return count
        },
        "animating": property(.bool) { node in
            let on = try node.bool()
            return { on ? $0.startAnimating() : $0.stopAnimating() }
        },
    ])
}

extension PropertyTable where Target == UIActivityIndicatorView {
    /// The UIActivityIndicatorView properties a scene can set, besides a view's (G7).
    static let activityIndicator = PropertyTable([
        "style": choice(\.style, UIActivityIndicatorView.Style.allCases.map { "\($0)" }) { name in
            UIActivityIndicatorView.Style.allCases.first { "\($0)" == name }!
        },
        "color": property(\.color, .color) { node in
            guard let color = try node.color() else { throw node.typeError("a colour") }
            return UIColor(cgColor: color)
        },
        "hidesWhenStopped": property(\.hidesWhenStopped, .bool) { try $0.bool() },
        "animating": property(.bool) { node in
            let on = try node.bool()
            return { on ? $0.startAnimating() : $0.stopAnimating() }
        },
    ])
}

extension PropertyTable where Target == CAReplicatorLayer {
    /// The CAReplicatorLayer properties a scene can set, besides a layer's (G7).
    static let replicator = PropertyTable([
        "instanceCount": property(\.instanceCount, .integer) { node in
            let count = try node.integer()
            guard count >= 0 else { throw node.error("'instanceCount' must be 0 or more, got \(count)") }
            return count
        },
        "instanceDelay": property(\.instanceDelay, .time) { try $0.time() },
        "instanceTransform": property(\.instanceTransform, .transform) { try $0.transform() },
        "instanceColor": property(\.instanceColor, .color) { try $0.color() },
        "instanceRedOffset": property(\.instanceRedOffset, .number) { Float(try $0.number()) },
        "instanceGreenOffset": property(\.instanceGreenOffset, .number) { Float(try $0.number()) },
        "instanceBlueOffset": property(\.instanceBlueOffset, .number) { Float(try $0.number()) },
        "instanceAlphaOffset": property(\.instanceAlphaOffset, .number) { Float(try $0.number()) },
    ])
}
