import Foundation
import FlipbookUIKit

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
        "animationDuration": subclassProperty(\UIImageView.animationDuration, .duration) { try $0.nonNegativeTime() },
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
