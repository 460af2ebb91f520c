import FlipbookRender
import FlipbookUIKit
import Foundation

extension UIImage {
    /// Decodes the PNG file at `path` (G7); nil when it cannot be read or decoded.
    ///
    /// Here rather than in FlipbookUIKit because decoding goes through the render
    /// target's libpng (`CGImage.png(atPath:)`, which throws the reason).
    public convenience init?(contentsOfFile path: String, scale: CGFloat = 1) {
        guard let image = try? CGImage.png(atPath: path) else { return nil }
        self.init(cgImage: image, scale: scale)
    }
}

extension SceneNode {
    /// An image: a PNG path relative to the scene file, decoded now, so a missing or
    /// broken file is an error at this value.
    func image() throws -> CGImage {
        let text = try string()
        let base = URL(fileURLWithPath: file).deletingLastPathComponent()
        let path = text.hasPrefix("/") ? text : base.appendingPathComponent(text).path
        do {
            return try CGImage.png(atPath: path)
        } catch let error as PNGError {
            let what = error.operation == .read ? "cannot read the image" : "cannot decode the image"
            throw self.error("\(what) '\(text)' (\(path)): \(error.message)")
        }
    }

    /// A `UIImage` of `image()`.
    @MainActor
    func uiImage() throws -> UIImage { UIImage(cgImage: try image()) }
}
