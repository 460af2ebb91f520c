import FlipbookUIKit

// A tab with rounded top corners sized from the screen, a counter in tabular digits that
// ticks up, and an icon drawn the pre-iOS 10 way into an image context.

final class TabCounterView: UIView {
    let tab = CAShapeLayer()
    let counter = UILabel()
    let icon = CALayer()
    let codeLabel = UILabel()

    override init(frame: CGRect) {
        super.init(frame: frame)
        tab.path = UIBezierPath(roundedRect: bounds, byRoundingCorners: [.topLeft, .topRight],
                                cornerRadii: CGSize(width: 12, height: 12)).cgPath
        tab.fillColor = UIColor.systemTeal.cgColor
        layer.addSublayer(tab)

        counter.frame = CGRect(x: 30, y: 8, width: bounds.width - 36, height: 24)
        counter.font = .monospacedDigitSystemFont(ofSize: 18, weight: .semibold)
        counter.textColor = .white
        counter.text = "0"
        addSubview(counter)

        codeLabel.frame = CGRect(x: 6, y: 34, width: bounds.width - 12, height: 14)
        codeLabel.font = .monospacedSystemFont(ofSize: 11, weight: .regular)
        codeLabel.textColor = .white
        codeLabel.text = "#0042"
        addSubview(codeLabel)

        icon.frame = CGRect(x: 6, y: 12, width: 16, height: 16)
        icon.contents = Self.drawIcon(size: icon.bounds.size)?.cgImage
        layer.addSublayer(icon)
    }

    required init?(coder: NSCoder) {
        fatalError("init(coder:) has not been implemented")
    }

    static func drawIcon(size: CGSize) -> UIImage? {
        UIGraphicsBeginImageContextWithOptions(size, false, 0)
        defer { UIGraphicsEndImageContext() }
        UIColor.white.setFill()
        UIBezierPath(ovalIn: CGRect(origin: .zero, size: size)).fill()
        return UIGraphicsGetImageFromCurrentImageContext()
    }

    func count(to value: Int, every interval: TimeInterval) {
        for step in 1...value {
            DispatchQueue.main.asyncAfter(deadline: .now() + interval * Double(step)) {
                self.counter.text = "\(step)"
            }
        }
    }
}

// MARK: - Check

import FlipbookTesting
import Testing

@MainActor
@Test func tabSizedFromTheScreenCountsInTabularDigits() throws {
    let recorder = Recorder(size: CGSize(width: 100, height: 60), scale: 2, fps: 10)
    let screen = UIScreen.main.bounds
    let tabView = TabCounterView(frame: CGRect(x: 0, y: 10, width: screen.width, height: screen.height - 10))
    recorder.rootView.addSubview(tabView)
    tabView.count(to: 12, every: 0.1)

    let ones = try recorder.image(at: 0.1)
    let elevens = try recorder.image(at: 1.1)

    #expect(screen == CGRect(x: 0, y: 0, width: 100, height: 60) && UIScreen.main.scale == 2)
    #expect(tabView.counter.font.usesTabularDigits && tabView.counter.font.familyName == UIFont.systemFamilyName)
    #expect(tabView.codeLabel.font.familyName == "DejaVu Sans Mono")
    #expect(tabView.icon.contents?.width == 32, "scale 0 is the screen's: 16 points at 2 pixels each")
    // The top-left corner is rounded (the canvas's white shows), the bottom-left square.
    #expect(ones[1, 21].r > 250 && elevens[1, 119].r < 100)
    assertAnimationSnapshots(of: recorder, at: [1.1, 1.2])
}


@MainActor
@Test func monospacedDigitsAreAllAsWideAsEachOther() {
    let recorder = corpusRecorder()  // text is measured by the renderer of a recording
    func width(_ text: String, _ font: UIFont) -> CGFloat {
        let label = UILabel()
        label.font = font
        label.text = text
        label.sizeToFit()
        return label.bounds.width
    }

    let tabular = UIFont.monospacedDigitSystemFont(ofSize: 18, weight: .regular)
    let proportional = UIFont.systemFont(ofSize: 18, weight: .regular)

    #expect(width("1111", tabular) == width("0000", tabular))
    withExtendedLifetime(recorder) {}
    #expect(width("1111", proportional) < width("0000", proportional), "Inter's own 1 is narrower")
}
