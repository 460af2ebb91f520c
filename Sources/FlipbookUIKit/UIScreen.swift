import Foundation

/// The display: while recording, the canvas the code draws on.
///
/// `UIScreen.main.bounds` is the canvas's rectangle in points and `scale` its pixels per
/// point, those of the stage whose run loop is current (a `Recorder`'s, a scene's). Outside
/// a recording there is no display: the bounds are `.zero` and the scale 1.
@preconcurrency @MainActor
public final class UIScreen {
    /// The screen the recording is drawn on.
    public static let main = UIScreen()

    private init() {}

    /// The canvas's rectangle in points, at the origin; `.zero` outside a recording.
    public var bounds: CGRect { CGRect(origin: .zero, size: VirtualRunLoop.current.screen?.size ?? .zero) }
    /// Pixels per point of the canvas; 1 outside a recording.
    public var scale: CGFloat { VirtualRunLoop.current.screen?.scale ?? 1 }
    /// The same as `scale`: a canvas has no display zoom.
    public var nativeScale: CGFloat { scale }
    /// The canvas's size in pixels.
    public var nativeBounds: CGRect {
        CGRect(x: 0, y: 0, width: bounds.width * scale, height: bounds.height * scale)
    }
}
