import FlipbookRecorder
import FlipbookUIKit
import Foundation
import Testing

/// Text measures as the renderer lays it out: a label's `sizeToFit()`, `intrinsicContentSize`
/// (which a stack view lays a label out at), `String.size(withAttributes:)`, `boundingRect`.
@MainActor
@Suite struct TextMeasuringTests {
    /// A recorder, whose stage is what measures.
    private let recorder = Recorder(size: CGSize(width: 200, height: 100))
    private let font = UIFont.systemFont(ofSize: 20)

    @Test func aLabelSizesToItsTextAndTwiceTheTextIsAboutTwiceAsWide() {
        let short = UILabel(), long = UILabel()
        short.font = font
        long.font = font
        short.text = "Hello"
        long.text = "HelloHello"

        short.sizeToFit()
        long.sizeToFit()

        #expect(short.bounds.height >= 20 && short.bounds.height <= 30, "one line of a 20-point font")
        #expect(abs(long.bounds.width - 2 * short.bounds.width) <= 1, "\(long.bounds.width) vs \(short.bounds.width)")
        #expect(short.intrinsicContentSize == short.bounds.size)
        #expect("Hello".size(withAttributes: [.font: font]) == short.bounds.size)
    }

    @Test func boundingRectBreaksLinesToTheWidth() {
        let line = "word word word".size(withAttributes: [.font: font])

        let box = "word word word".boundingRect(with: CGSize(width: line.width / 2, height: .greatestFiniteMagnitude),
                                            options: .usesLineFragmentOrigin, attributes: [.font: font], context: nil)

        #expect(box.width <= line.width / 2)
        #expect(box.height >= 2 * line.height - 1, "two lines or more")
    }

    @Test func aStackViewLaysLabelsOutAtTheirTextsSize() {
        let labels = ["One", "Two words"].map { text in
            let label = UILabel()
            label.font = font
            label.text = text
            return label
        }
        let stack = UIStackView(arrangedSubviews: labels)
        stack.frame = CGRect(x: 0, y: 0, width: 200, height: 40)
        stack.spacing = 8
        recorder.rootView.addSubview(stack)

        stack.layoutIfNeeded()

        #expect(labels[0].frame.width == labels[0].intrinsicContentSize.width && labels[0].frame.width > 0)
        #expect(labels[1].frame.minX == labels[0].frame.width + 8)
    }

    @Test func aLabelOfSeveralLinesNotSizedYetSizesToItsTextOnOneLine() {
        let several = UILabel(), single = UILabel()
        for label in [several, single] {
            label.font = font
            label.text = "Hello there"
        }
        several.numberOfLines = 0

        several.sizeToFit()
        single.sizeToFit()

        #expect(several.bounds.size == single.bounds.size, "a zero width sets no limit")
        #expect(several.bounds.width > 50)
    }
}
