import FlipbookUIKit

// A signature drawn in: a CGMutablePath built with let, as Core Graphics code writes it,
// handed to a CAShapeLayer whose strokeEnd animates from 0 to 1; the path is kept as a
// copy, so a later change to the mutable path does not reach the layer.

func signaturePath(in rect: CGRect) -> CGMutablePath {
    let path = CGMutablePath()
    path.move(to: CGPoint(x: rect.minX, y: rect.midY))
    path.addCurve(to: CGPoint(x: rect.minX + rect.width * 0.3, y: rect.midY),
                  control1: CGPoint(x: rect.minX + 10, y: rect.minY),
                  control2: CGPoint(x: rect.minX + rect.width * 0.3 - 10, y: rect.maxY))
    path.addQuadCurve(to: CGPoint(x: rect.minX + rect.width * 0.6, y: rect.midY),
                      control: CGPoint(x: rect.midX, y: rect.minY))
    path.addLine(to: CGPoint(x: rect.maxX, y: rect.midY - 10))
    return path
}

final class SignatureView: UIView {
    let ink = CAShapeLayer()

    override init(frame: CGRect) {
        super.init(frame: frame)
        let path = signaturePath(in: bounds.insetBy(dx: 10, dy: 20))
        ink.path = path
        ink.strokeColor = UIColor.systemIndigo.cgColor
        ink.fillColor = nil
        ink.lineWidth = 3
        ink.lineCap = .round
        layer.addSublayer(ink)
        path.addLine(to: .zero)
    }

    required init?(coder: NSCoder) {
        fatalError("init(coder:) has not been implemented")
    }

    func sign(duration: CFTimeInterval) {
        let draw = CABasicAnimation(keyPath: "strokeEnd")
        draw.fromValue = 0
        draw.toValue = 1
        draw.duration = duration
        draw.timingFunction = CAMediaTimingFunction(name: .easeInEaseOut)
        ink.add(draw, forKey: "sign")
    }
}

// MARK: - Check

import FlipbookTesting
import Testing

@MainActor
@Test func signatureIsDrawnAlongAMutablePath() throws {
    let recorder = corpusRecorder(width: 160, height: 80)
    let signature = SignatureView(frame: CGRect(x: 0, y: 0, width: 160, height: 80))
    recorder.rootView.addSubview(signature)
    signature.sign(duration: 1)

    let half = try #require(try recorder.presentation(of: signature.ink, at: 0.5) as? CAShapeLayer)

    #expect(signature.ink.path?.elements.count == 4, "the line to the origin added afterwards is not shown")
    #expect(close(Double(half.strokeEnd), 0.5, tolerance: 1e-6), "ease-in-out is half-way at half time")
    assertAnimationSnapshots(of: recorder, at: [0.5, 1])
}
