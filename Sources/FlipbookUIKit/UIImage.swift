import Foundation

/// An image for views (G7): a `CGImage` and the scale its pixels are drawn at.
///
/// `UIImage(contentsOfFile:)` and `UIImage(named:)` decode PNG files; they live in FlipbookStage
/// (`UIImage+Files.swift`), as decoding goes through the render target's libpng and
/// FlipbookUIKit depends on FlipbookQuartz only.
///
/// Not on the main actor and `Sendable`, as UIKit's: an image is immutable, so code on
/// any thread may make, pass and read one.
open class UIImage: @unchecked Sendable {
    public let cgImage: CGImage?
    /// Pixels per point; 1 unless given.
    public let scale: CGFloat

    public init(cgImage: CGImage, scale: CGFloat = 1) {
        self.cgImage = cgImage
        self.scale = scale > 0 ? scale : 1
    }

    /// An SF Symbol. There are none on Linux, so it is always nil, as UIKit's is for a
    /// name it does not know: code that falls back (`?? placeholder`) keeps working.
    public convenience init?(systemName name: String) {
        return nil
    }

    /// The size in points: the pixel size divided by `scale`.
    public var size: CGSize {
        guard let cgImage else { return .zero }
        return CGSize(width: CGFloat(cgImage.width) / scale, height: CGFloat(cgImage.height) / scale)
    }
}
