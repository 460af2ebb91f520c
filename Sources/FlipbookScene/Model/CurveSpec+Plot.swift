import FlipbookRender

extension CurveSpec {
    /// A plot of `curves`, one line each named by its text, `width`×`height` pixels, over
    /// `duration` seconds (default `plotDuration(curves)`): what `flipbook curves` and the
    /// preview's curves tab draw.
    public static func plot(_ curves: [CurveSpec], width: Int, height: Int, duration: Double? = nil) -> CurvePlot {
        let span = duration ?? plotDuration(curves)
        return CurvePlot(width: width, height: height, duration: span, curves: curves.map { spec in
            CurvePlot.Curve(name: spec.text) { spec.value(at: $0, span: span) }
        })
    }
}
