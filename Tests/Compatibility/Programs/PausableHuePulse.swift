import FlipbookUIKit

// A pulsing dot tinted from a hue, paused and resumed the way Apple's QA1673 shows, and a
// card that springs in with the iOS 17 spring API.

final class PausableHuePulse: UIView {
    let dot = CALayer()

    override init(frame: CGRect) {
        super.init(frame: frame)
        dot.frame = CGRect(x: 20, y: 20, width: 20, height: 20)
        dot.cornerRadius = 10
        dot.allowsEdgeAntialiasing = true
        dot.backgroundColor = UIColor(hue: 0.6, saturation: 0.8, brightness: 0.9, alpha: 1).cgColor
        layer.addSublayer(dot)
    }

    required init?(coder: NSCoder) {
        fatalError("init(coder:) has not been implemented")
    }

    func startPulsing() {
        let pulse = CAKeyframeAnimation(keyPath: "transform.scale")
        pulse.values = [1, 1.5, 1]
        pulse.keyTimes = [0, 0.5, 1]
        pulse.duration = 1
        pulse.repeatCount = .infinity
        dot.add(pulse, forKey: "pulse")

        let fade = CAKeyframeAnimation(keyPath: "opacity")
        fade.values = [1, 0.2]
        fade.keyTimes = [NSNumber(value: 0), NSNumber(value: 1)]
        fade.duration = 1
        dot.add(fade, forKey: "fade")
    }

    func pause() {
        let pausedTime = layer.convertTime(CACurrentMediaTime(), from: nil)
        layer.speed = 0
        layer.timeOffset = pausedTime
    }

    func resume() {
        let pausedTime = layer.timeOffset
        layer.speed = 1
        layer.timeOffset = 0
        layer.beginTime = 0
        let timeSincePause = layer.convertTime(CACurrentMediaTime(), from: nil) - pausedTime
        layer.beginTime = timeSincePause
    }

    /// The dot's colour a little brighter, as a highlight.
    func highlightColor() -> UIColor {
        var hue: CGFloat = 0, saturation: CGFloat = 0, brightness: CGFloat = 0, alpha: CGFloat = 0
        guard UIColor(cgColor: dot.backgroundColor!).getHue(&hue, saturation: &saturation,
                                                             brightness: &brightness, alpha: &alpha) else {
            return .white
        }
        return UIColor(hue: hue, saturation: saturation * 0.5, brightness: min(brightness * 1.1, 1), alpha: alpha)
    }
}

final class SpringInCard: UIView {
    func springIn() {
        transform = CGAffineTransform(translationX: 0, y: 40)
        UIView.animate(springDuration: 0.6, bounce: 0.3) {
            self.transform = .identity
        }
    }
}

// MARK: - Check

import FlipbookTesting
import Testing

@MainActor
@Test func hueColourRoundTripsThroughGetHue() {
    let view = PausableHuePulse(frame: CGRect(x: 0, y: 0, width: 60, height: 60))
    let dot = UIColor(cgColor: view.dot.backgroundColor!)
    var (red, green, blue, alpha): (CGFloat, CGFloat, CGFloat, CGFloat) = (0, 0, 0, 0)
    dot.getRed(&red, green: &green, blue: &blue, alpha: &alpha)
    var hue: CGFloat = 0, saturation: CGFloat = 0, brightness: CGFloat = 0
    view.highlightColor().getHue(&hue, saturation: &saturation, brightness: &brightness, alpha: nil)

    // Hue 0.6 is 216°, between blue and cyan: red the smallest, blue at the brightness.
    #expect(close(Double(blue), 0.9) && close(Double(red), 0.18) && close(Double(green), 0.468))
    #expect(close(Double(hue), 0.6) && close(Double(saturation), 0.4) && close(Double(brightness), 0.99))
}

@MainActor
@Test func pausedLayerHoldsItsPulseAndResumesWhereItStopped() throws {
    let recorder = corpusRecorder()
    let view = PausableHuePulse(frame: CGRect(x: 0, y: 0, width: 60, height: 60))
    recorder.rootView.addSubview(view)
    view.startPulsing()
    recorder.at(0.25) { view.pause() }
    recorder.at(1.25) { view.resume() }

    let atPause = try recorder.presentation(of: view.dot, at: 0.25)
    let whilePaused = try recorder.presentation(of: view.dot, at: 1.0)
    let afterResume = try recorder.presentation(of: view.dot, at: 1.5)

    #expect(close(Double(atPause.transform.m11), 1.25), "a quarter into the pulse")
    #expect(close(Double(whilePaused.transform.m11), 1.25), "paused: \(whilePaused.transform.m11)")
    #expect(close(Double(whilePaused.opacity), 0.8, tolerance: 1e-5))
    #expect(close(Double(afterResume.transform.m11), 1.5), "resumed 0.25 s later: half way, at the peak")
}

@MainActor
@Test func cardSpringsInAlongThePerceptualSpring() throws {
    let recorder = corpusRecorder()
    let card = SpringInCard(frame: CGRect(x: 10, y: 10, width: 40, height: 40))
    recorder.rootView.addSubview(card)
    card.springIn()

    let spring = Spring(perceptualDuration: 0.6, bounce: 0.3)
    let early = try recorder.presentation(of: card, at: 0.2).transform.m42
    let overshoot = try recorder.presentation(of: card, at: 0.35).transform.m42
    let settled = try recorder.presentation(of: card, at: 0.7).transform.m42

    #expect(close(Double(early), 40 * (1 - spring.value(at: 0.2)), tolerance: 1e-3))
    #expect(overshoot < 0, "bounce 0.3 overshoots the identity: \(overshoot)")
    #expect(settled == 0)
    assertAnimationSnapshots(of: recorder, at: [0.7])
}
