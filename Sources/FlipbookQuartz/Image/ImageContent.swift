import Foundation

/// A layer's `contents` image as the compositor draws it (G7): which part of the image
/// (`contentsRect`), where in the bounds (`contentsGravity`), at what size (`contentsScale`).
public struct ImageContent: Sendable, Hashable {
    public var image: CGImage
    public var gravity: CALayerContentsGravity
    /// The part of the image shown, in unit coordinates of the image (0…1 each way);
    /// parts outside the image repeat its edge pixels.
    public var contentsRect: CGRect
    /// Image pixels per point: a 64-pixel image at scale 2 is 32 points wide.
    public var contentsScale: CGFloat

    public init(image: CGImage, gravity: CALayerContentsGravity = .resize,
                contentsRect: CGRect = CGRect(x: 0, y: 0, width: 1, height: 1), contentsScale: CGFloat = 1) {
        self.image = image
        self.gravity = gravity
        self.contentsRect = contentsRect
        self.contentsScale = contentsScale
    }

    /// The shown part of the image in image pixels.
    public var sourceRect: CGRect {
        CGRect(x: contentsRect.minX * CGFloat(image.width), y: contentsRect.minY * CGFloat(image.height),
               width: contentsRect.width * CGFloat(image.width), height: contentsRect.height * CGFloat(image.height))
    }

    /// The shown part's size in points.
    public var size: CGSize {
        let scale = contentsScale > 0 ? contentsScale : 1
        return CGSize(width: abs(sourceRect.width) / scale, height: abs(sourceRect.height) / scale)
    }

    /// Where the shown part is drawn inside bounds of `bounds` points (origin at the
    /// bounds' top-left); it may reach outside them (only `masksToBounds` clips it).
    public func destination(in bounds: CGSize) -> CGRect {
        gravity.rect(for: size, in: bounds)
    }
}
