internal import CCairo
import FlipbookQuartz
import Foundation

/// A plot of curves' values over time, for checking an easing or a spring by eye.
///
/// Time runs along the horizontal axis from 0 to `duration` seconds, the value up the
/// vertical one, which always shows 0…1 and widens to whatever the curves reach (a
/// spring's overshoot), with a little room above and below. Each curve is a 2-pixel line
/// in its colour of `palette`; a legend names them, in the corner of the plot that the
/// fewest of their points cross (the lower right when that is as good as any).
public struct CurvePlot: Sendable {
    public struct Curve: Sendable {
        /// Shown in the legend.
        public var name: String
        /// The value at a time in seconds, asked for times from 0 to the plot's duration.
        public var value: @Sendable (Double) -> Double

        public init(name: String, value: @escaping @Sendable (Double) -> Double) {
            self.name = name
            self.value = value
        }
    }

    public let width: Int
    public let height: Int
    /// Seconds the time axis spans.
    public let duration: Double
    public let curves: [Curve]
    /// The values the vertical axis spans.
    public let valueRange: ClosedRange<Double>
    /// The rectangle inside the axes, in pixels from the top left.
    public let plotArea: CGRect
    /// Each curve's samples, one every half pixel across the plot.
    private let samples: [[(time: Double, value: Double)]]

    /// The smallest plot drawn, in pixels.
    public static let minimumSize = (width: 160, height: 120)
    /// The curves' colours, in order, repeating after the last (Tableau 10: tell apart
    /// for most colour vision).
    public static let palette: [RGBA8] = [
        RGBA8(31, 119, 180), RGBA8(255, 127, 14), RGBA8(44, 160, 44), RGBA8(214, 39, 40), RGBA8(148, 103, 189),
        RGBA8(140, 86, 75), RGBA8(227, 119, 194), RGBA8(127, 127, 127), RGBA8(188, 189, 34), RGBA8(23, 190, 207),
    ]
    static let font = UIFont.systemFont(ofSize: 12)
    static let ink = CGColor(gray: 0.2, alpha: 1)
    static let grid = CGColor(gray: 0.88, alpha: 1)
    static let bounds = CGColor(gray: 0.6, alpha: 1)

    /// A plot `width`×`height` pixels (at least `minimumSize`) of `curves` over `duration` seconds.
    public init(width: Int, height: Int, duration: Double, curves: [Curve]) {
        self.width = max(width, Self.minimumSize.width)
        self.height = max(height, Self.minimumSize.height)
        self.duration = duration > 0 && duration.isFinite ? duration : 1
        self.curves = curves
        plotArea = CGRect(x: 56, y: 16, width: CGFloat(self.width - 56 - 20), height: CGFloat(self.height - 16 - 48))
        let count = Int(plotArea.width) * 2
        let span = self.duration
        samples = curves.map { curve in
            (0...count).map { step in
                let t = span * Double(step) / Double(count)
                return (t, curve.value(t))
            }
        }
        let values = samples.joined().map(\.value).filter(\.isFinite)
        let low = min(0, values.min() ?? 0), high = max(1, values.max() ?? 1)
        let room = (high - low) * 0.06
        valueRange = (low - room)...(high + room)
    }

    /// The pixel position of `value` at `time` seconds (pixel centres are at .5).
    public func point(time: Double, value: Double) -> CGPoint {
        CGPoint(x: plotArea.minX + plotArea.width * time / duration,
                y: plotArea.maxY - plotArea.height * (value - valueRange.lowerBound) / (valueRange.upperBound - valueRange.lowerBound))
    }

    /// The colour of curve `index`'s line.
    public static func color(ofCurve index: Int) -> RGBA8 { palette[index % palette.count] }

    /// Draws the plot on white.
    /// - Throws: `RenderError` when Cairo or Pango fails.
    public func render() throws -> Bitmap {
        let surface = try ImageSurface(width: width, height: height)
        let context = try CairoContext(surface)
        let cr = context.pointer
        cairo_set_source_rgb(cr, 1, 1, 1)
        cairo_paint(cr)
        try drawValueAxis(cr)
        try drawTimeAxis(cr)
        cairo_save(cr)
        cairo_rectangle(cr, plotArea.minX, plotArea.minY, plotArea.width, plotArea.height)
        cairo_clip(cr)
        for (index, curve) in samples.enumerated() {
            for (step, sample) in curve.enumerated() where sample.value.isFinite {
                let p = point(time: sample.time, value: sample.value)
                if step == 0 { cairo_move_to(cr, p.x, p.y) } else { cairo_line_to(cr, p.x, p.y) }
            }
            let color = Self.color(ofCurve: index)
            cairo_set_source_rgb(cr, Double(color.r) / 255, Double(color.g) / 255, Double(color.b) / 255)
            cairo_set_line_width(cr, 2)
            cairo_set_line_join(cr, CAIRO_LINE_JOIN_ROUND)
            cairo_stroke(cr)
        }
        cairo_restore(cr)
        try drawLegend(cr)
        try context.checkStatus("drawing a \(width)×\(height) curve plot")
        return surface.bitmap()
    }

    // MARK: Axes and legend

    /// Grid lines and labels at round values, the lines at 0 and 1 darker, and the axis line.
    private func drawValueAxis(_ cr: OpaquePointer) throws {
        let step = Self.tickStep(valueRange.upperBound - valueRange.lowerBound, most: 8)
        for tick in Self.ticks(valueRange, step: step) {
            let y = (point(time: 0, value: tick).y).rounded(.down) + 0.5
            Self.line(cr, from: CGPoint(x: plotArea.minX, y: y), to: CGPoint(x: plotArea.maxX, y: y),
                      color: tick == 0 || tick == 1 ? Self.bounds : Self.grid)
            let label = try TextLayout(Self.text(Self.format(tick)), width: 0, for: cr)
            let box = label.logicalRect
            setSource(cr, Self.ink)
            try label.show(at: CGPoint(x: plotArea.minX - 8 - box.width, y: y - box.height / 2), on: cr)
        }
        let x = plotArea.minX + 0.5
        Self.line(cr, from: CGPoint(x: x, y: plotArea.minY), to: CGPoint(x: x, y: plotArea.maxY), color: Self.ink)
    }

    /// Ticks and labels at round times, the axis line and its title.
    private func drawTimeAxis(_ cr: OpaquePointer) throws {
        let step = Self.tickStep(duration, most: max(2, Int(plotArea.width / 70)))
        for tick in Self.ticks(0...duration, step: step) {
            let x = point(time: tick, value: 0).x.rounded(.down) + 0.5
            if tick > 0 {
                Self.line(cr, from: CGPoint(x: x, y: plotArea.minY), to: CGPoint(x: x, y: plotArea.maxY), color: Self.grid)
            }
            Self.line(cr, from: CGPoint(x: x, y: plotArea.maxY), to: CGPoint(x: x, y: plotArea.maxY + 5), color: Self.ink)
            let label = try TextLayout(Self.text(Self.format(tick)), width: 0, for: cr)
            setSource(cr, Self.ink)
            try label.show(at: CGPoint(x: x - label.logicalRect.width / 2, y: plotArea.maxY + 7), on: cr)
        }
        let y = plotArea.maxY.rounded(.down) + 0.5
        Self.line(cr, from: CGPoint(x: plotArea.minX, y: y), to: CGPoint(x: plotArea.maxX, y: y), color: Self.ink)
        let title = try TextLayout(Self.text("time (s)"), width: 0, for: cr)
        setSource(cr, Self.ink)
        try title.show(at: CGPoint(x: plotArea.midX - title.logicalRect.width / 2, y: plotArea.maxY + 26), on: cr)
    }

    /// A box in a corner of the plot: each curve's colour, then its name.
    private func drawLegend(_ cr: OpaquePointer) throws {
        guard !curves.isEmpty else { return }
        let names = try curves.map { try TextLayout(Self.text($0.name), width: 0, for: cr) }
        let lineHeight = (names.map(\.logicalRect.height).max() ?? 14) + 4
        let swatch = 22.0, padding = 8.0
        let width = swatch + 6 + (names.map(\.logicalRect.width).max() ?? 0) + 2 * padding
        let height = lineHeight * CGFloat(names.count) + 2 * padding - 4
        let box = legendCorner(width: width.rounded(), height: height.rounded())
        cairo_rectangle(cr, box.minX + 0.5, box.minY + 0.5, box.width, box.height)
        cairo_set_source_rgba(cr, 1, 1, 1, 0.92)
        cairo_fill_preserve(cr)
        setSource(cr, Self.bounds)
        cairo_set_line_width(cr, 1)
        cairo_stroke(cr)
        for (index, name) in names.enumerated() {
            let top = box.minY + padding + lineHeight * CGFloat(index)
            let middle = top + name.logicalRect.height / 2
            let color = Self.color(ofCurve: index)
            cairo_set_source_rgb(cr, Double(color.r) / 255, Double(color.g) / 255, Double(color.b) / 255)
            cairo_set_line_width(cr, 2)
            cairo_move_to(cr, box.minX + padding, middle)
            cairo_line_to(cr, box.minX + padding + swatch, middle)
            cairo_stroke(cr)
            setSource(cr, Self.ink)
            try name.show(at: CGPoint(x: box.minX + padding + swatch + 6, y: top), on: cr)
        }
    }

    /// The box of `width`×`height` in a corner of the plot, 10 pixels in, that covers the
    /// fewest curve points; the lower right, then the upper left, lower left and upper right
    /// on a tie.
    private func legendCorner(width: CGFloat, height: CGFloat) -> CGRect {
        let left = plotArea.minX + 10, right = plotArea.maxX - 10 - width
        let top = plotArea.minY + 10, bottom = plotArea.maxY - 10 - height
        let corners = [(right, bottom), (left, top), (left, bottom), (right, top)].map { x, y in
            CGRect(x: x.rounded(), y: y.rounded(), width: width, height: height)
        }
        let points = samples.joined().map { point(time: $0.time, value: $0.value) }
        let covered = corners.map { corner in points.count { corner.insetBy(dx: -4, dy: -4).contains($0) } }
        return corners[covered.indices.min { covered[$0] < covered[$1] }!]
    }

    /// The smallest of 1, 2, 2.5 and 5 times a power of 10 that cuts `span` into at most `most` steps.
    static func tickStep(_ span: Double, most: Int) -> Double {
        let magnitude = pow(10, (log10(span / Double(most))).rounded(.down))
        return [1, 2, 2.5, 5, 10].map { $0 * magnitude }.first { span / $0 <= Double(most) } ?? 10 * magnitude
    }

    /// The multiples of `step` in `range`.
    static func ticks(_ range: ClosedRange<Double>, step: Double) -> [Double] {
        let first = (range.lowerBound / step).rounded(.up), last = (range.upperBound / step + 1e-9).rounded(.down)
        guard first <= last else { return [] }
        return stride(from: first, through: last, by: 1).map { $0 * step == 0 ? 0 : $0 * step }
    }

    /// A tick value without trailing zeros: 0, 0.25, 1.5, 10.
    static func format(_ value: Double) -> String {
        String(format: "%g", (value * 1e6).rounded() / 1e6)
    }

    private static func text(_ string: String) -> TextContent {
        TextContent(string: string, font: font, color: ink, wrapping: .none)
    }

    private static func line(_ cr: OpaquePointer, from start: CGPoint, to end: CGPoint, color: CGColor) {
        setSource(cr, color)
        cairo_set_line_width(cr, 1)
        cairo_move_to(cr, start.x, start.y)
        cairo_line_to(cr, end.x, end.y)
        cairo_stroke(cr)
    }
}
