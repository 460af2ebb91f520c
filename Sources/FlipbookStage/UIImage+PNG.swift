import FlipbookRender
import FlipbookUIKit
import Foundation

extension UIImage {
    /// The image as PNG data: 8 bits a channel, RGB when every pixel is opaque, otherwise
    /// RGBA; nil for an image without pixels. In FlipbookStage, beside decoding, as the
    /// encoder is the render target's.
    public func pngData() -> Data? {
        guard let cgImage, let bytes = try? PNGCodec.encode(Bitmap(cgImage)) else { return nil }
        return Data(bytes)
    }
}

extension UIGraphicsImageRenderer {
    /// Runs `actions` as `image(actions:)` does and returns the image as PNG data; empty
    /// when nothing could be rasterized (no stage).
    public func pngData(actions: (UIGraphicsImageRendererContext) -> Void) -> Data {
        image(actions: actions).pngData() ?? Data()
    }
}
