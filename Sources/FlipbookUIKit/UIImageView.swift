import Foundation

/// A view that shows an image, or cycles through `animationImages` (G7).
///
/// The image is the layer's `contents` (scaled by `contentMode` through the layer's
/// `contentsGravity`). Frame animation is what UIKit does: `startAnimating()` adds a
/// discrete `CAKeyframeAnimation` of `contents` through the frames, each shown for
/// `animationDuration / count`, repeated `animationRepeatCount` times (0: forever);
/// when it ends or is stopped the layer shows `image` again. Like every animation not kept
/// on completion it goes when the view leaves its window (CA9): `isAnimating` is then
/// false. Frames started before a `Recorder` was made start again from the first when the
/// view comes into a window (`didMoveToWindow()`).
@preconcurrency @MainActor
open class UIImageView: UIView {
    /// The key the frame animation is added under.
    public static let animationKey = "UIImageAnimation"

    public var image: UIImage? {
        didSet {
            layer.contents = image?.cgImage
            layer.contentsScale = image?.scale ?? 1
            invalidateIntrinsicContentSize()
        }
    }

    /// The image's size in points; none without an image.
    open override var intrinsicContentSize: CGSize {
        guard let image else { return super.intrinsicContentSize }
        return image.size
    }

    /// The frames `startAnimating()` cycles through; nil or empty: no animation.
    public var animationImages: [UIImage]?
    /// Seconds for one cycle through the frames; 0 (the default) means count / 30.
    public var animationDuration: TimeInterval = 0
    /// Cycles to run; 0 (the default) repeats forever.
    public var animationRepeatCount = 0

    public init(image: UIImage?) {
        super.init(frame: image.map { CGRect(origin: .zero, size: $0.size) } ?? .zero)
        isUserInteractionEnabled = false
        setImage(image)
    }

    public override init(frame: CGRect = .zero) {
        super.init(frame: frame)
        isUserInteractionEnabled = false
    }

    private func setImage(_ image: UIImage?) { self.image = image }

    /// Starts cycling `animationImages` from the first frame; does nothing without frames.
    public func startAnimating() {
        guard let frames = animationImages?.compactMap(\.cgImage), !frames.isEmpty else { return }
        let animation = CAKeyframeAnimation(keyPath: "contents")
        animation.values = frames
        animation.calculationMode = .discrete
        animation.duration = animationDuration > 0 ? animationDuration : Double(frames.count) / 30
        animation.repeatCount = animationRepeatCount > 0 ? Float(animationRepeatCount) : .infinity
        layer.add(animation, forKey: Self.animationKey)
    }

    /// Frames started on another clock (before the `Recorder` was made, in set-up code like
    /// `viewDidLoad`) start again from the first on this one as the view comes into a
    /// window, with the duration and repeat count they were started with, still
    /// `isAnimating`: in an app, set-up code and the first display share one clock, so
    /// such frames play from the first frame shown. Frames on the window's own clock are
    /// left alone.
    open override func didMoveToWindow() {
        super.didMoveToWindow()
        if window != nil { layer.restartAnimationAddedOnAnotherRunLoop(forKey: Self.animationKey) }
    }

    /// Stops the frame animation; the view shows `image` again.
    public func stopAnimating() {
        layer.removeAnimation(forKey: Self.animationKey)
    }

    /// Whether the frames are cycling: from `startAnimating()` until they stop or run out.
    public var isAnimating: Bool {
        layer.animation(forKey: Self.animationKey) != nil
    }
}
