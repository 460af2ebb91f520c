import FlipbookUIKit

// Confetti as apps throw it on success: a CAEmitterLayer along the top edge, one cell per
// colour with a small rectangle drawn by UIGraphicsImageRenderer as its contents, falling
// under gravity and tumbling; the emitter stops after a moment and the pieces fall out.

final class ConfettiView: UIView {
    let emitter = CAEmitterLayer()

    override init(frame: CGRect) {
        super.init(frame: frame)
        emitter.emitterPosition = CGPoint(x: bounds.midX, y: -10)
        emitter.emitterShape = .line
        emitter.emitterSize = CGSize(width: bounds.width, height: 1)
        emitter.seed = 2024
        emitter.emitterCells = [UIColor.systemRed, .systemYellow, .systemBlue, .systemGreen].map(Self.cell(of:))
        layer.addSublayer(emitter)
    }

    required init?(coder: NSCoder) {
        fatalError("init(coder:) has not been implemented")
    }

    private static func cell(of color: UIColor) -> CAEmitterCell {
        let piece = UIGraphicsImageRenderer(size: CGSize(width: 8, height: 4)).image { context in
            UIColor.white.setFill()
            context.fill(CGRect(x: 0, y: 0, width: 8, height: 4))
        }
        let cell = CAEmitterCell()
        cell.contents = piece.cgImage
        cell.color = color.cgColor
        cell.birthRate = 12
        cell.lifetime = 3
        cell.velocity = 60
        cell.velocityRange = 30
        cell.emissionLongitude = .pi / 2
        cell.emissionRange = .pi / 4
        cell.yAcceleration = 80
        cell.spin = 3
        cell.spinRange = 4
        cell.scaleRange = 0.3
        return cell
    }

    func stop(after delay: TimeInterval) {
        DispatchQueue.main.asyncAfter(deadline: .now() + delay) { [weak self] in
            self?.emitter.birthRate = 0
        }
    }
}

// MARK: - Check

import FlipbookTesting
import Testing

@MainActor
@Test func confettiFallsFromTheTopAndStops() throws {
    let recorder = corpusRecorder(width: 160, height: 120)
    let confetti = ConfettiView(frame: CGRect(x: 0, y: 0, width: 160, height: 120))
    recorder.rootView.addSubview(confetti)
    confetti.stop(after: 1)

    let falling = try recorder.image(at: 1)
    let lowHalf = (0..<160).flatMap { x in (60..<120).map { falling[x, $0] } }

    #expect(lowHalf.contains { $0.r < 200 || $0.g < 200 || $0.b < 200 }, "pieces reached the lower half by 1 s")
    assertAnimationSnapshots(of: recorder, at: [1.5])
    let cleared = try recorder.image(at: 5)
    #expect((0..<160).allSatisfy { x in (0..<120).allSatisfy { cleared[x, $0].r == 255 && cleared[x, $0].b == 255 } },
            "stopped at 1 s, every piece gone by 5 s")
}
