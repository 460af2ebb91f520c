import FlipbookQuartz
import Foundation
import FlipbookRender
import Testing

/// Curve plots: each curve's line where its values are, the value axis widened to a
/// spring's overshoot.
@Suite struct CurvePlotTests {
    /// Whether a pixel within `radius` of `point` has curve `index`'s colour.
    private func lineNear(_ point: CGPoint, in image: Bitmap, curve index: Int, radius: Int = 1) -> Bool {
        let color = CurvePlot.color(ofCurve: index)
        return (-radius...radius).contains { dy in
            (-radius...radius).contains { dx in
                image[Int(point.x) + dx, Int(point.y) + dy].maxChannelDifference(to: color) <= 40
            }
        }
    }

    private func curve(_ name: String, _ function: TimingFunction, over duration: Double) -> CurvePlot.Curve {
        CurvePlot.Curve(name: name) { function.value(at: min($0 / duration, 1)) }
    }

    @Test func theLinePassesThroughTheCurvesValues_T1() throws {
        let plot = CurvePlot(width: 400, height: 300, duration: 2, curves: [curve("easeIn", .easeIn, over: 2)])

        let image = try plot.render()

        #expect((image.width, image.height) == (400, 300))
        for t in [0.5, 1.0, 1.5] {
            let onCurve = plot.point(time: t, value: TimingFunction.easeIn.value(at: t / 2))
            let straight = plot.point(time: t, value: t / 2)
            #expect(lineNear(onCurve, in: image, curve: 0), "t = \(t)")
            #expect(!lineNear(straight, in: image, curve: 0), "not a straight line, t = \(t)")
        }
    }

    @Test func theValueAxisShowsZeroToOneAndASpringsOvershoot_T3() throws {
        let spring = Spring(damping: 5)
        let plot = CurvePlot(width: 480, height: 320, duration: spring.settlingDuration, curves: [
            curve("linear", .linear, over: spring.settlingDuration),
            CurvePlot.Curve(name: "spring") { spring.value(at: $0) },
        ])
        let peakTime = stride(from: 0.0, through: 1, by: 0.001).max { spring.value(at: $0) < spring.value(at: $1) }!

        let image = try plot.render()

        #expect(plot.valueRange.lowerBound < 0)
        #expect(plot.valueRange.upperBound > spring.value(at: peakTime))
        let peak = plot.point(time: peakTime, value: spring.value(at: peakTime))
        #expect(peak.y < plot.point(time: peakTime, value: 1).y - 20, "the overshoot is well above the line at 1")
        #expect(lineNear(peak, in: image, curve: 1))
        #expect(lineNear(plot.point(time: 1, value: 1 / spring.settlingDuration), in: image, curve: 0))
    }

    @Test func theLegendNamesEachCurveInItsColour() throws {
        let plain = CurvePlot(width: 400, height: 300, duration: 1, curves: [curve("", .linear, over: 1)])
        let named = CurvePlot(width: 400, height: 300, duration: 1, curves: [curve("easeInEaseOut", .linear, over: 1)])

        let difference = zip(try plain.render().pixels, try named.render().pixels).filter { $0 != $1 }.count

        #expect(difference > 4 * 100, "the name's text adds ink (\(difference / 4) pixels)")
    }
}
