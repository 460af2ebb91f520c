import FlipbookQuartz
import FlipbookRender
import Foundation
import Testing

/// Pixel checks of CAGradientLayer (G7): the end colours at the end points (axial), the
/// centre and edge of a radial gradient, the angles of a conic one, and a colour animation.
@MainActor
@Suite struct CompositorGradientTests {
    private let red = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
    private let blue = CGColor(red: 0, green: 0, blue: 1, alpha: 1)

    private func gradient(_ type: CAGradientLayerType = .axial, size: CGSize, start: CGPoint, end: CGPoint,
                          colors: [CGColor]? = nil) -> CAGradientLayer {
        let layer = CAGradientLayer()
        layer.frame = CGRect(origin: .zero, size: size)
        layer.type = type
        layer.colors = colors ?? [red, blue]
        layer.startPoint = start
        layer.endPoint = end
        return layer
    }

    private func render(_ layer: CALayer) throws -> Bitmap {
        let tree = RenderTree(size: layer.bounds.size, scale: 1, background: .white, root: layer.renderLayer()!)
        return try Compositor().render(tree)
    }

    /// How far from red (0) to blue (1) a pixel of the red–blue gradient is.
    private func blueness(_ pixel: RGBA8) -> Double { Double(pixel.b) / 255 }

    private func expectRedToBlue(_ pixel: RGBA8, _ expected: Double, within tolerance: Double = 0.03,
                                 sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(abs(blueness(pixel) - expected) <= tolerance && Int(pixel.r) + Int(pixel.b) >= 250 && pixel.g == 0,
                "\(pixel) is not \(expected) of the way from red to blue", sourceLocation: sourceLocation)
    }

    @Test func testAxialGradientHasTheEndColoursAtTheEndPoints_G7() throws {
        let layer = gradient(size: CGSize(width: 100, height: 10),
                             start: CGPoint(x: 0.2, y: 0.5), end: CGPoint(x: 0.8, y: 0.5))

        let frame = try render(layer)

        // The end points are x = 20 and x = 80; beyond them the end colours extend.
        expectRedToBlue(frame[5, 5], 0, within: 0)
        expectRedToBlue(frame[20, 5], 0, within: 0.01)
        expectRedToBlue(frame[50, 5], 0.5)
        expectRedToBlue(frame[79, 5], 1, within: 0.01)
        expectRedToBlue(frame[95, 5], 1, within: 0)
    }

    @Test func testDefaultAxialGradientRunsTopToBottomWithLocations_G7() throws {
        let layer = CAGradientLayer()
        layer.frame = CGRect(x: 0, y: 0, width: 10, height: 100)
        layer.colors = [red, blue]
        layer.locations = [0.5, 1]

        let frame = try render(layer)

        expectRedToBlue(frame[5, 10], 0, within: 0)
        expectRedToBlue(frame[5, 49], 0, within: 0.01)
        expectRedToBlue(frame[5, 75], 0.5)
    }

    @Test func testRadialGradientIsTheFirstColourAtTheCentreAndTheLastAtTheEdge_G7() throws {
        let layer = gradient(.radial, size: CGSize(width: 100, height: 100),
                             start: CGPoint(x: 0.5, y: 0.5), end: CGPoint(x: 1, y: 1))

        let frame = try render(layer)

        expectRedToBlue(frame[50, 50], 0, within: 0.02)
        // 25 points out, half the radius of 50.
        expectRedToBlue(frame[75, 50], 0.5)
        expectRedToBlue(frame[50, 25], 0.5)
        // Beyond the radius the last colour extends.
        expectRedToBlue(frame[2, 2], 1, within: 0)
    }

    @Test func testConicGradientTurnsClockwiseFromTheEndPoint_G7() throws {
        let layer = gradient(.conic, size: CGSize(width: 100, height: 100),
                             start: CGPoint(x: 0.5, y: 0.5), end: CGPoint(x: 1, y: 0.5))

        let frame = try render(layer)

        // Angle 0 points right; a quarter turn clockwise on screen is straight down.
        expectRedToBlue(frame[90, 52], 0, within: 0.05)
        expectRedToBlue(frame[50, 90], 0.25)
        expectRedToBlue(frame[10, 50], 0.5)
        expectRedToBlue(frame[50, 10], 0.75)
    }

    @Test func testColorsAnimateColourByColour_G7_CA1() throws {
        let runLoop = VirtualRunLoop()
        let layer = gradient(size: CGSize(width: 100, height: 10), start: CGPoint(x: 0, y: 0.5),
                             end: CGPoint(x: 1, y: 0.5), colors: [red, red])
        runLoop.rootLayers = [layer]
        runLoop.performTurn {}
        let animation = CABasicAnimation(keyPath: "colors")
        animation.toValue = [blue, blue]
        animation.duration = 1

        runLoop.performTurn { layer.add(animation, forKey: "colors") }
        runLoop.advance(to: 0.5)
        let frame = try render(layer)

        expectRedToBlue(frame[10, 5], 0.5, within: 0.01)
        expectRedToBlue(frame[90, 5], 0.5, within: 0.01)
    }
}
