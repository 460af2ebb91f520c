import FlipbookUIKit

// A selection rectangle with "marching ants": a dashed CAShapeLayer border whose
// lineDashPhase animates by the pattern's length, forever.

func makeSelectionLayer(around rect: CGRect) -> CAShapeLayer {
    let selection = CAShapeLayer()
    selection.path = UIBezierPath(roundedRect: rect, cornerRadius: 4).cgPath
    selection.fillColor = UIColor.systemBlue.withAlphaComponent(0.1).cgColor
    selection.strokeColor = UIColor.systemBlue.cgColor
    selection.lineWidth = 2
    selection.lineDashPattern = [6, 4]

    let march = CABasicAnimation(keyPath: "lineDashPhase")
    march.fromValue = 0
    march.toValue = 10
    march.duration = 0.5
    march.repeatCount = .infinity
    selection.add(march, forKey: "march")
    return selection
}

// MARK: - Check

import FlipbookTesting
import Testing

@MainActor
@Test func marchingAntsShiftTheDashPhase() throws {
    let recorder = corpusRecorder(width: 100, height: 80)
    let selection = makeSelectionLayer(around: CGRect(x: 10, y: 10, width: 80, height: 60))
    recorder.rootView.layer.addSublayer(selection)

    let phase = try #require(try recorder.presentation(of: selection, at: 0.7) as? CAShapeLayer).lineDashPhase

    #expect(close(Double(phase), 4, tolerance: 1e-3), "0.2 s into the second cycle")
    assertAnimationSnapshots(of: recorder, at: [0.7, 0.9])
}
