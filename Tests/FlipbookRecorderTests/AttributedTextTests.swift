import FlipbookOutput
import FlipbookRecorder
import FlipbookRender
import FlipbookUIKit
import Foundation
import Testing

/// Attributed strings of several runs, drawn and measured run by run: into an image
/// renderer's context and in a label's `attributedText`.
@MainActor
@Suite struct AttributedTextTests {
    /// "■■■■" in red then "■■■■" in blue, 20-point bold: solid glyphs whose colour is easy to count.
    private func twoColours() -> NSMutableAttributedString {
        let text = NSMutableAttributedString(string: "MMMMWWWW", attributes: [.font: UIFont.boldSystemFont(ofSize: 20)])
        text.addAttribute(.foregroundColor, value: UIColor.red, range: NSRange(location: 0, length: 4))
        text.addAttribute(.foregroundColor, value: UIColor.blue, range: NSRange(location: 4, length: 4))
        return text
    }

    /// The columns of `image` with a pixel for which `test` holds on its premultiplied red,
    /// green, blue and alpha.
    private func columns(of image: UIImage, where test: (UInt8, UInt8, UInt8, UInt8) -> Bool) throws -> [Int] {
        let cgImage = try #require(image.cgImage)
        let pixels = cgImage.premultipliedBGRA
        return (0..<cgImage.width).filter { x in
            (0..<cgImage.height).contains { y in
                let i = (y * cgImage.width + x) * 4
                return test(pixels[i + 2], pixels[i + 1], pixels[i], pixels[i + 3])
            }
        }
    }

    @Test func eachRunDrawsInItsOwnColour() throws {
        _ = Recorder(size: CGSize(width: 10, height: 10))
        let text = twoColours()

        let image = UIGraphicsImageRenderer(size: CGSize(width: 200, height: 30)).image { _ in text.draw(at: .zero) }
        let red = try columns(of: image) { r, g, b, _ in r > 200 && g < 60 && b < 60 }
        let blue = try columns(of: image) { r, g, b, _ in b > 200 && r < 60 && g < 60 }

        #expect(!red.isEmpty && !blue.isEmpty)
        #expect(red.max()! < blue.min()!, "red on the left, then blue: \(red.max()!) < \(blue.min()!)")
    }

    @Test func aLargerFontRunMeasuresWider() {
        _ = Recorder(size: CGSize(width: 10, height: 10))
        let plain = NSAttributedString(string: "abcabc", attributes: [.font: UIFont.systemFont(ofSize: 12)])
        let mixed = NSMutableAttributedString(attributedString: plain)

        mixed.addAttribute(.font, value: UIFont.systemFont(ofSize: 30), range: NSRange(location: 3, length: 3))

        #expect(mixed.size().width > plain.size().width + 20)
        #expect(mixed.size().height > plain.size().height)
    }

    @Test func kernAndUnderlineChangeWhatIsDrawn() throws {
        _ = Recorder(size: CGSize(width: 10, height: 10))
        let plain = NSAttributedString(string: "ii", attributes: [.font: UIFont.systemFont(ofSize: 20)])
        let spaced = NSAttributedString(string: "ii", attributes: [.font: UIFont.systemFont(ofSize: 20), .kern: 10])
        let underlined = NSAttributedString(string: "ii", attributes: [
            .font: UIFont.systemFont(ofSize: 20), .underlineStyle: NSUnderlineStyle.single.rawValue,
        ])

        #expect(spaced.size().width >= plain.size().width + 9, "10 points between the two characters")
        let renderer = UIGraphicsImageRenderer(size: CGSize(width: 60, height: 30))
        let inked = { (image: UIImage) in try self.columns(of: image) { _, _, _, a in a > 0 }.count }
        #expect(try inked(renderer.image { _ in underlined.draw(at: .zero) }) > inked(renderer.image { _ in plain.draw(at: .zero) }),
                "the underline runs between the letters")
    }

    @Test func aLabelsAttributedTextDrawsItsRunsAndSettingTextDropsThem() throws {
        let recorder = Recorder(size: CGSize(width: 200, height: 40))
        let label = UILabel(frame: CGRect(x: 0, y: 0, width: 200, height: 40))
        label.attributedText = twoColours()
        recorder.rootView.addSubview(label)

        let sink = BitmapCollector(width: 200, height: 40)
        try recorder.render(duration: 0, into: sink)
        let frame = try #require(sink.frames.first?.bitmap)
        let blue = (0..<200).filter { x in (0..<40).contains { frame[x, $0].b > 200 && frame[x, $0].r < 60 } }

        #expect(label.text == "MMMMWWWW")
        #expect(!blue.isEmpty && blue.min()! > 40, "the second run blue, to the right: \(blue.min() ?? -1)")
        label.text = "plain"
        #expect(label.attributedText?.string == "plain")
        #expect(label.attributedText?.attribute(.foregroundColor, at: 0, effectiveRange: nil) as? UIColor == label.textColor)
    }
}
