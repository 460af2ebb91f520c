import Foundation
import FlipbookQuartz

/// The drawing surface of a stage: its size, resolution, frame rate and background, and
/// how long a scene on it lasts when the scene says.
public struct Canvas: Sendable, Equatable {
    /// Points.
    public var size: CGSize
    /// Pixels per point.
    public var scale: CGFloat
    public var fps: Double
    /// Seconds: a scene's `canvas.duration`; `nil` = until nothing is left to happen. A
    /// stage does not read it: a render asks the scene (`Scene.duration()`), a `Recorder`
    /// takes its own.
    public var duration: Double?
    /// `nil` = transparent ("clear").
    public var background: CGColor?
    /// Light or dark: the root view's `overrideUserInterfaceStyle`, which the dynamic
    /// colours of the views on the stage resolve with (iOS 13). Default light.
    public var appearance = UIUserInterfaceStyle.light

    /// The largest frame side in pixels (Cairo's image surfaces stop at 32767).
    public static let maximumPixels = 16384
    public static let fpsRange = 0.001...1000.0
    public static let scaleRange = 0.01...16.0
    /// Seconds: the cap on a duration found by running the scene (or a `Recorder`), and the
    /// default of the scene loader's `duration` limit on a scene's own `canvas.duration`.
    public static let maximumDuration = 600.0

    /// A canvas of `size` points; the other values default as in a scene that leaves them out.
    public init(size: CGSize, scale: CGFloat = 1, fps: Double = 60, duration: Double? = nil,
                background: CGColor? = .white, appearance: UIUserInterfaceStyle = .light) {
        self.size = size
        self.scale = scale
        self.fps = fps
        self.duration = duration
        self.background = background
        self.appearance = appearance
    }

    /// Whether the background hides everything behind it, so frames have no transparency
    /// to keep: false for a clear or translucent background.
    public var isOpaque: Bool { (background?.alpha ?? 0) >= 1 }

    /// The frame size in pixels: the point size times the scale, rounded.
    public var pixelWidth: Int { Int((size.width * scale).rounded()) }
    public var pixelHeight: Int { Int((size.height * scale).rounded()) }

    /// Seconds: the longest time a stage on this canvas can be run to or recorded for,
    /// 2^31 − 1 frames; past it a frame list would not fit in memory, nor a frame number
    /// in 32 bits.
    public var longestDuration: Double { Double(Int32.max) / fps }

    /// round(duration · fps) + 1: frame i is sampled at i / fps, the last at `duration`.
    public func frameCount(duration: Double) -> Int { Int((duration * fps).rounded()) + 1 }

    /// The virtual time of frame `index` (T5: computed from the index, never accumulated).
    public func time(ofFrame index: Int) -> Double { Double(index) / fps }

    /// What is wrong with the frame rate, if anything: out of range, so that frame times
    /// would not move forward.
    public var fpsProblem: String? {
        Self.fpsRange.contains(fps) ? nil : "fps must be between 0.001 and 1000, got \(fps)"
    }

    /// What is wrong with the scale, if anything: out of range.
    public var scaleProblem: String? {
        Self.scaleRange.contains(scale) ? nil : "scale must be between 0.01 and 16, got \(scale)"
    }

    /// What is wrong with these values, if anything: fps, scale or pixel size out of range.
    public var problem: String? {
        if let problem = fpsProblem ?? scaleProblem { return problem }
        let limit = CGFloat(Self.maximumPixels)
        guard size.width >= 1, size.height >= 1, size.width * scale <= limit, size.height * scale <= limit else {
            return "the canvas must be at least 1 point and at most \(Self.maximumPixels) pixels on each side, got \(size.width)×\(size.height) points at scale \(scale)"
        }
        return nil
    }
}
