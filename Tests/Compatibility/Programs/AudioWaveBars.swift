import FlipbookUIKit

// An audio "now playing" indicator built by free functions and a value type, none of them
// on the main actor: bars are plain CALayers, each with a scale animation of its own
// speed, anchored at the bottom so they grow upwards.

struct WaveBarStyle: Sendable {
    var barCount = 4
    var barWidth: CGFloat = 6
    var spacing: CGFloat = 4
    var color: CGColor = UIColor.systemPink.cgColor

    func makeBars(height: CGFloat) -> [CALayer] {
        (0..<barCount).map { index in
            makeWaveBar(at: CGFloat(index) * (barWidth + spacing), width: barWidth, height: height, color: color,
                        period: 0.3 + 0.1 * Double(index % 3))
        }
    }
}

func makeWaveBar(at x: CGFloat, width: CGFloat, height: CGFloat, color: CGColor, period: CFTimeInterval) -> CALayer {
    let bar = CALayer()
    bar.anchorPoint = CGPoint(x: 0.5, y: 1)
    bar.frame = CGRect(x: x, y: 0, width: width, height: height)
    bar.backgroundColor = color
    bar.cornerRadius = width / 2
    bar.add(makeBounce(period: period), forKey: "bounce")
    return bar
}

func makeBounce(period: CFTimeInterval) -> CABasicAnimation {
    let bounce = CABasicAnimation(keyPath: "transform.scale.y")
    bounce.fromValue = 0.2
    bounce.toValue = 1
    bounce.duration = period
    bounce.autoreverses = true
    bounce.repeatCount = .infinity
    bounce.timingFunction = CAMediaTimingFunction(name: .easeInEaseOut)
    return bounce
}

// MARK: - Check

import FlipbookTesting
import Testing

@MainActor
@Test func waveBarsFromFreeFunctionsGrowUpFromTheBottom() throws {
    let recorder = corpusRecorder(width: 80, height: 60)
    let container = CALayer()
    container.frame = CGRect(x: 22, y: 10, width: 36, height: 40)
    recorder.rootView.layer.addSublayer(container)
    let bars = WaveBarStyle().makeBars(height: 40)
    bars.forEach(container.addSublayer)

    let first = try recorder.presentation(of: bars[0], at: 0.3)
    let (scale, anchor) = (first.transform.m22, first.position.y)
    let second = bars[1].presentation()?.transform.m22 ?? 0

    #expect(close(Double(scale), 1, tolerance: 1e-3), "the first bar at full height after its 0.3 s")
    #expect(anchor == 40, "anchored at the bottom")
    #expect(second > 0.2 && second < 1, "the slower second bar is still growing: \(second)")
    assertAnimationSnapshots(of: recorder, at: [0.3, 0.5])
}
