import FlipbookUIKit

// A sequencer that chains animations from animationDidStop, telling them apart by a tag
// set with setValue(_:forKey:) — the usual way before block-based completions: move
// right, then down, then fade.

final class TaggedAnimationSequencer: NSObject, CAAnimationDelegate {
    let layer: CALayer
    private(set) var stopped: [String] = []

    init(layer: CALayer) {
        self.layer = layer
    }

    func start() {
        let right = CABasicAnimation(keyPath: "position.x")
        right.fromValue = layer.position.x
        right.toValue = 130
        layer.position.x = 130
        run(right, tag: "right")
    }

    private func run(_ animation: CABasicAnimation, tag: String) {
        animation.duration = 0.5
        animation.delegate = self
        animation.setValue(tag, forKey: "animationTag")
        layer.add(animation, forKey: tag)
    }

    func animationDidStop(_ anim: CAAnimation, finished flag: Bool) {
        guard flag, let tag = anim.value(forKey: "animationTag") as? String else { return }
        stopped.append(tag)
        switch tag {
        case "right":
            let down = CABasicAnimation(keyPath: "position.y")
            down.fromValue = layer.position.y
            down.toValue = 130
            layer.position.y = 130
            run(down, tag: "down")
        case "down":
            let fade = CABasicAnimation(keyPath: "opacity")
            fade.fromValue = 1
            fade.toValue = 0.2
            layer.opacity = 0.2
            run(fade, tag: "fade")
        default:
            break
        }
    }
}

// MARK: - Check

import FlipbookTesting
import Testing

@MainActor
@Test func delegateChainsAnimationsByTheirTags() throws {
    let recorder = corpusRecorder(width: 160, height: 160)
    let block = CALayer()
    block.frame = CGRect(x: 10, y: 10, width: 40, height: 40)
    block.backgroundColor = UIColor.systemGreen.cgColor
    recorder.rootView.layer.addSublayer(block)
    let sequencer = TaggedAnimationSequencer(layer: block)
    CATransaction.begin()
    CATransaction.setDisableActions(true)
    sequencer.start()
    CATransaction.commit()

    let goingDown = try recorder.presentation(of: block, at: 0.75).position

    #expect(goingDown.x == 130 && goingDown.y > 30 && goingDown.y < 130, "\(goingDown)")
    assertAnimationSnapshots(of: recorder, at: [0.75, 1.6])
    #expect(sequencer.stopped == ["right", "down", "fade"])
}
