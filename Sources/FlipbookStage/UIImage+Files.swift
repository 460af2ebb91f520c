import FlipbookRender
import FlipbookUIKit
import Foundation

extension UIImage {
    /// Decodes the PNG file at `path` (G7); nil when it cannot be read or decoded.
    ///
    /// Here rather than in FlipbookUIKit because decoding goes through the render
    /// target's libpng (`CGImage.png(atPath:)`, which throws the reason); every front end
    /// (scenes, `Recorder`) stands on a stage, so all of them have it.
    public convenience init?(contentsOfFile path: String, scale: CGFloat = 1) {
        guard let image = try? CGImage.png(atPath: path) else { return nil }
        self.init(cgImage: image, scale: scale)
    }
}
