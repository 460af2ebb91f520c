import FlipbookUIKit

// An enum of the loader animations an app offers, each case building its CAAnimation in a
// computed property — not on the main actor, as on iOS, so it compiles as a plain enum.

enum LoaderAnimationKind: CaseIterable {
    case spin, breathe, blink

    var key: String { "loader.\(self)" }

    var animation: CAAnimation {
        switch self {
        case .spin:
            let spin = CABasicAnimation(keyPath: "transform.rotation.z")
            spin.toValue = Double.pi * 2
            spin.duration = 1
            spin.repeatCount = .infinity
            return spin
        case .breathe:
            let breathe = CABasicAnimation(keyPath: "transform.scale")
            breathe.fromValue = 1
            breathe.toValue = 0.6
            breathe.duration = 0.5
            breathe.autoreverses = true
            breathe.repeatCount = .infinity
            breathe.timingFunction = CAMediaTimingFunction(name: .easeInEaseOut)
            return breathe
        case .blink:
            let blink = CAKeyframeAnimation(keyPath: "opacity")
            blink.values = [1, 0, 1]
            blink.calculationMode = .discrete
            blink.duration = 1
            blink.repeatCount = .infinity
            return blink
        }
    }

    func apply(to layer: CALayer) {
        layer.add(animation, forKey: key)
    }
}

// MARK: - Check

import FlipbookTesting
import Testing

@MainActor
@Test func enumCasesBuildTheirLoaderAnimations() throws {
    let recorder = corpusRecorder(width: 180, height: 60)
    let squares = LoaderAnimationKind.allCases.enumerated().map { index, kind -> CALayer in
        let square = CALayer()
        square.frame = CGRect(x: 20 + CGFloat(index) * 55, y: 15, width: 30, height: 30)
        square.backgroundColor = UIColor.systemBlue.cgColor
        recorder.rootView.layer.addSublayer(square)
        kind.apply(to: square)
        return square
    }

    let turn = zRotation(try recorder.presentation(of: squares[0], at: 0.25).transform)
    let breath = try recorder.presentation(of: squares[1], at: 0.5).transform.m11
    let hidden = squares[2].presentation()?.opacity
    let shown = try recorder.presentation(of: squares[2], at: 0.9).opacity

    #expect(close(turn, .pi / 2, tolerance: 1e-3), "a quarter turn: \(turn)")
    #expect(close(Double(breath), 0.6, tolerance: 1e-3), "smallest at the end of the forward half")
    #expect(hidden == 0 && shown == 1, "discrete: the middle value for the middle third")
    #expect(squares.allSatisfy { layer in LoaderAnimationKind.allCases.contains { layer.animation(forKey: $0.key) != nil } })
    assertAnimationSnapshots(of: recorder, at: [1.1])
}
