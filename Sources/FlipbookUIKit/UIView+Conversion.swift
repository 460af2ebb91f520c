import Foundation

/// Converting points and rectangles between views, through their layers (see
/// `CALayer+Conversion.swift`); a nil view is the window, the root of the view's tree.
extension UIView {
    /// Converts `point` from this view's bounds coordinates to `view`'s.
    public func convert(_ point: CGPoint, to view: UIView?) -> CGPoint {
        layer.convert(point, to: view?.layer)
    }

    /// Converts `point` from `view`'s bounds coordinates to this view's.
    public func convert(_ point: CGPoint, from view: UIView?) -> CGPoint {
        layer.convert(point, from: view?.layer)
    }

    /// Converts `rect` from this view's bounds coordinates to `view`'s.
    public func convert(_ rect: CGRect, to view: UIView?) -> CGRect {
        layer.convert(rect, to: view?.layer)
    }

    /// Converts `rect` from `view`'s bounds coordinates to this view's.
    public func convert(_ rect: CGRect, from view: UIView?) -> CGRect {
        layer.convert(rect, from: view?.layer)
    }
}
