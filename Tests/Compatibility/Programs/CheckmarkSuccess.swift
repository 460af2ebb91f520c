import FlipbookUIKit

// The "done" confirmation: a green circle pops in, then a checkmark draws itself
// (strokeEnd 0 → 1), started when the pop ends (UIView.animate completion).

final class SuccessCheckmarkView: UIView {
    let checkmark = CAShapeLayer()

    override init(frame: CGRect) {
        super.init(frame: frame)
        backgroundColor = .systemGreen
        layer.cornerRadius = frame.width / 2

        let path = UIBezierPath()
        path.move(to: CGPoint(x: bounds.width * 0.27, y: bounds.height * 0.52))
        path.addLine(to: CGPoint(x: bounds.width * 0.44, y: bounds.height * 0.68))
        path.addLine(to: CGPoint(x: bounds.width * 0.74, y: bounds.height * 0.36))
        checkmark.path = path.cgPath
        checkmark.strokeColor = UIColor.white.cgColor
        checkmark.fillColor = UIColor.clear.cgColor
        checkmark.lineWidth = 6
        checkmark.lineCap = .round
        checkmark.lineJoin = .round
        checkmark.strokeEnd = 0
        layer.addSublayer(checkmark)
    }

    required init?(coder: NSCoder) {
        fatalError("init(coder:) has not been implemented")
    }

    func showSuccess() {
        transform = CGAffineTransform(scaleX: 0.1, y: 0.1)
        UIView.animate(withDuration: 0.3, delay: 0, options: .curveEaseOut, animations: {
            self.transform = .identity
        }, completion: { _ in
            self.drawCheckmark()
        })
    }

    private func drawCheckmark() {
        let draw = CABasicAnimation(keyPath: "strokeEnd")
        draw.fromValue = 0
        draw.toValue = 1
        draw.duration = 0.4
        draw.timingFunction = CAMediaTimingFunction(name: .easeInEaseOut)
        checkmark.strokeEnd = 1
        checkmark.add(draw, forKey: "draw")
    }
}

// MARK: - Check

import FlipbookTesting
import Testing

@MainActor
@Test func checkmarkDrawsAfterTheCirclePops() throws {
    let recorder = corpusRecorder(width: 100, height: 100)
    let success = SuccessCheckmarkView(frame: CGRect(x: 20, y: 20, width: 60, height: 60))
    recorder.rootView.addSubview(success)
    success.showSuccess()

    let popping = try #require(try recorder.presentation(of: success.checkmark, at: 0.2) as? CAShapeLayer).strokeEnd
    let drawing = try #require(try recorder.presentation(of: success.checkmark, at: 0.5) as? CAShapeLayer).strokeEnd

    #expect(popping == 0, "nothing drawn while the circle pops")
    #expect(close(Double(drawing), 0.5, tolerance: 1e-3), "halfway 0.2 s into the 0.4 s draw")
    assertAnimationSnapshots(of: recorder, at: [0.5, 0.8])
}
