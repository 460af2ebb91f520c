import Foundation

/// `render --quality`: presets of size, frame rate and MP4 quality, like Manim's `-ql`, `-qm`,
/// `-qh` and `-qp` (854×480 at 15 fps, 1280×720 at 30, 1920×1080 at 60, 2560×1440 at 60).
///
/// A scene's canvas has its own size in points, so a preset picks the scale (pixels per
/// point) that makes the canvas's shorter side Manim's height in pixels, whatever its shape
/// — except that low and medium, the quick looks, never draw more pixels than the scene's
/// own scale does (a small canvas keeps its size); it lowers the frame rate to the cap
/// (never raises it); and it sets H.264's CRF.
public enum RenderQuality: String, CaseIterable, Sendable {
    case low, medium, high, production

    /// The pixels of the canvas's shorter side: 480, 720, 1080, 1440.
    public var shorterSide: Int {
        switch self {
        case .low: 480
        case .medium: 720
        case .high: 1080
        case .production: 1440
        }
    }

    /// The highest frame rate: 15, 30, 60, 60.
    public var maximumFPS: Double {
        switch self {
        case .low: 15
        case .medium: 30
        case .high, .production: 60
        }
    }

    /// libx264's constant rate factor: 28, 23, 18 (Flipbook's default), 15.
    public var crf: Int {
        switch self {
        case .low: 28
        case .medium: 23
        case .high: 18
        case .production: 15
        }
    }

    /// Whether the preset may raise a scene's own scale to reach `shorterSide`: high and
    /// production do (a sharper video of a small canvas); low and medium only lower it.
    public var enlarges: Bool { self == .high || self == .production }

    /// The scale that draws a canvas of `size` points with `shorterSide` pixels on its
    /// shorter side; for low and medium at most `sceneScale`, the scene's own.
    public func scale(forCanvas size: CGSize, sceneScale: Double) -> Double {
        let scale = Double(shorterSide) / Double(min(size.width, size.height))
        return enlarges ? scale : min(scale, sceneScale)
    }
}
