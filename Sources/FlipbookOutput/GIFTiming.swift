/// Which frames of a scene a GIF shows, and at what rate.
///
/// A GIF stores each frame's delay in whole hundredths of a second, so it plays evenly
/// only at a frame rate that divides 100: a 30 fps render would alternate delays of 3
/// and 4 hundredths. By default the scene is rendered at the largest such rate not above
/// its own (60 → 50, 30 → 25, 24 → 20), each frame at exactly its GIF time; with
/// `everyNthFrame` it is rendered at its own rate and every Nth frame kept, which must
/// then give such a rate.
public struct GIFTiming: Sendable, Equatable {
    /// The frame rates a GIF plays evenly, highest first.
    public static let rates = [100, 50, 25, 20, 10, 5, 4, 2, 1]

    public struct Failure: Error, CustomStringConvertible {
        public let description: String
    }

    /// The GIF's frames per second, one of `rates`.
    public let fps: Int
    /// The rate to render the scene at.
    public let renderFPS: Double
    /// Every `frameStep`th frame of that render goes into the GIF, starting with frame 0.
    public let frameStep: Int
    /// The scene's frames per second.
    public let sceneFPS: Double

    /// - Parameters:
    ///   - sceneFPS: the scene's frames per second.
    ///   - everyNthFrame: keep every Nth frame of the scene's own rate instead.
    /// - Throws: `Failure` when the scene runs below 1 fps, or when `sceneFPS / everyNthFrame`
    ///   does not divide 100 (naming steps that would).
    public init(sceneFPS: Double, everyNthFrame: Int? = nil) throws {
        guard let step = everyNthFrame else {
            guard let rate = Self.rates.first(where: { Double($0) <= sceneFPS + 1e-9 }) else {
                throw Failure(description: "a GIF needs at least 1 fps, and the scene has \(sceneFPS); pass --fps 1 or more")
            }
            (fps, renderFPS, frameStep, self.sceneFPS) = (rate, Double(rate), 1, sceneFPS)
            return
        }
        guard step >= 1 else { throw Failure(description: "--every-nth-frame must be at least 1, got \(step)") }
        guard let rate = Self.rate(sceneFPS / Double(step)) else {
            let steps = (1...max(1, Int(sceneFPS.rounded()))).filter { Self.rate(sceneFPS / Double($0)) != nil }
            let hint = steps.prefix(3).map { "\($0) (\(Self.rate(sceneFPS / Double($0))!) fps)" }
            throw Failure(description: "--every-nth-frame \(step) gives \(Self.format(sceneFPS / Double(step))) fps from the scene's \(Self.format(sceneFPS)) fps; "
                + "a GIF's frame rate must divide 100 (\(Self.rates.map(String.init).joined(separator: ", ")))"
                + (hint.isEmpty ? "" : ": try \(hint.joined(separator: ", "))"))
        }
        (fps, renderFPS, frameStep, self.sceneFPS) = (rate, sceneFPS, step, sceneFPS)
    }

    /// The frames of `indices` (frame numbers at `renderFPS`) that the GIF shows.
    /// - Throws: `Failure` when none of them is.
    public func frames(of indices: [Int]) throws -> [Int] {
        let kept = indices.filter { $0 % frameStep == 0 }
        guard !kept.isEmpty || indices.isEmpty else {
            throw Failure(description: "none of the frames selected is a multiple of --every-nth-frame \(frameStep)")
        }
        return kept
    }

    /// How `--frames` counts for this GIF, for an error about `frame`, when not as the scene
    /// does: frames at the GIF's rate, below the scene's. Says how a frame of the scene
    /// converts, with `frame` as the example; nil when the GIF counts the scene's frames.
    public func frameNumbering(example frame: Int) -> String? {
        guard renderFPS != sceneFPS else { return nil }
        let converted = Double(frame) * renderFPS / sceneFPS
        let nearest = converted.rounded()
        return "counting the GIF's frames at \(fps) fps (the scene's \(Self.format(sceneFPS)) fps lowered to a rate "
            + "that divides 100): frame N of the scene is GIF frame N × \(fps) / \(Self.format(sceneFPS)), so scene frame "
            + "\(frame) is GIF frame \(Int(nearest))\(nearest == converted ? "" : " (the nearest)")"
    }

    /// The rate of `rates` that `fps` is, allowing for rounding in a fractional fps.
    private static func rate(_ fps: Double) -> Int? {
        rates.first { abs(Double($0) - fps) < 1e-6 }
    }

    private static func format(_ fps: Double) -> String {
        fps == fps.rounded() ? String(Int(fps)) : String(fps)
    }
}
