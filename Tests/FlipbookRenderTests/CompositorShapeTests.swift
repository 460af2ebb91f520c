import FlipbookQuartz
import FlipbookRender
import Foundation
import Testing

/// Pixel checks of CAShapeLayer (G7): trimming by strokeStart/strokeEnd, dashes, fill
/// rules, and animations of the stroke and the path through `add(_:forKey:)` (CA1).
@MainActor
@Suite struct CompositorShapeTests {
    private let white = RGBA8(255, 255, 255)
    private let red = RGBA8(255, 0, 0)
    private let redColor = CGColor(red: 1, green: 0, blue: 0, alpha: 1)

    /// Renders `layer` alone at (0, 0) on a white canvas of `size`.
    private func render(_ layer: CALayer, _ size: CGSize) throws -> Bitmap {
        let root = CALayer()
        root.frame = CGRect(origin: .zero, size: size)
        root.addSublayer(layer)
        let tree = RenderTree(size: size, scale: 1, background: .white, root: root.renderLayer()!)
        return try Compositor().render(tree)
    }

    /// A 100×20 layer stroking the horizontal line y = 10 from x = 10 to x = 90, 4 points wide.
    private func line(strokeStart: CGFloat = 0, strokeEnd: CGFloat = 1) -> CAShapeLayer {
        let layer = CAShapeLayer()
        layer.frame = CGRect(x: 0, y: 0, width: 100, height: 20)
        let path = CGMutablePath()
        path.addLines(between: [CGPoint(x: 10, y: 10), CGPoint(x: 90, y: 10)])
        layer.path = path
        layer.strokeColor = redColor
        layer.lineWidth = 4
        layer.strokeStart = strokeStart
        layer.strokeEnd = strokeEnd
        return layer
    }

    /// The x of every pixel of row `y` that is not white.
    private func paintedColumns(_ bitmap: Bitmap, row y: Int) -> [Int] {
        (0..<bitmap.width).filter { bitmap[$0, y] != white }
    }

    @Test func testStrokeEndOfHalfDrawsTheFirstHalfOfThePath_G7() throws {
        let layer = line(strokeEnd: 0.5)

        let frame = try render(layer, CGSize(width: 100, height: 20))

        #expect(paintedColumns(frame, row: 10) == Array(10..<50))
        #expect(frame[30, 10] == red)
    }

    @Test func testStrokeStartOfHalfDrawsTheSecondHalfOfThePath_G7() throws {
        let layer = line(strokeStart: 0.5)

        let frame = try render(layer, CGSize(width: 100, height: 20))

        #expect(paintedColumns(frame, row: 10) == Array(50..<90))
    }

    @Test func testStrokeStartAfterStrokeEndDrawsNothing_G7() throws {
        let layer = line(strokeStart: 0.6, strokeEnd: 0.4)

        let frame = try render(layer, CGSize(width: 100, height: 20))

        #expect(paintedColumns(frame, row: 10).isEmpty)
    }

    @Test func testDashPatternLeavesGapsShiftedByThePhase_G7() throws {
        let dashed = line()
        dashed.lineDashPattern = [10, 10]
        let shifted = line()
        shifted.lineDashPattern = [10, 10]
        shifted.lineDashPhase = 5

        let frame = try render(dashed, CGSize(width: 100, height: 20))
        let shiftedFrame = try render(shifted, CGSize(width: 100, height: 20))

        // Dashes on 10…20, 30…40, … and gaps on 20…30, …
        #expect(paintedColumns(frame, row: 10) == [10, 30, 50, 70].flatMap { Array($0..<($0 + 10)) })
        // The phase starts 5 into the pattern: paint on 10…15, 25…35, …
        #expect(paintedColumns(shiftedFrame, row: 10) == [Array(10..<15)] .flatMap { $0 }
            + [25, 45, 65].flatMap { Array($0..<($0 + 10)) } + Array(85..<90))
    }

    @Test func testTrimmedDashesStayWhereTheWholePathHasThem_G7() throws {
        let layer = line(strokeStart: 0.25)
        layer.lineDashPattern = [10, 10]

        let frame = try render(layer, CGSize(width: 100, height: 20))

        // The stroke starts at x = 30, on the second dash of the untrimmed pattern.
        #expect(paintedColumns(frame, row: 10) == [30, 50, 70].flatMap { Array($0..<($0 + 10)) })
    }

    /// Two squares wound the same way: a 40×40 one with a 20×20 one inside.
    private func nestedSquares(_ rule: CAShapeLayerFillRule) -> CAShapeLayer {
        let layer = CAShapeLayer()
        layer.frame = CGRect(x: 0, y: 0, width: 50, height: 50)
        let path = CGMutablePath(rect: CGRect(x: 5, y: 5, width: 40, height: 40))
        path.addRect(CGRect(x: 15, y: 15, width: 20, height: 20))
        layer.path = path
        layer.fillColor = redColor
        layer.fillRule = rule
        return layer
    }

    @Test func testEvenOddLeavesAHoleWhereNonZeroFills_G7() throws {
        let nonZero = try render(nestedSquares(.nonZero), CGSize(width: 50, height: 50))
        let evenOdd = try render(nestedSquares(.evenOdd), CGSize(width: 50, height: 50))

        #expect(nonZero[25, 25] == red)
        #expect(evenOdd[25, 25] == white)
        #expect(nonZero[10, 10] == red && evenOdd[10, 10] == red)
        #expect(nonZero[2, 2] == white && evenOdd[2, 2] == white)
    }

    @Test func testPathIsDrawnInTheBoundsSpace_G7() throws {
        let layer = CAShapeLayer()
        layer.frame = CGRect(x: 20, y: 20, width: 20, height: 20)
        layer.bounds.origin = CGPoint(x: 100, y: 100)
        layer.path = CGPath(rect: CGRect(x: 100, y: 100, width: 10, height: 10))
        layer.fillColor = redColor

        let frame = try render(layer, CGSize(width: 60, height: 60))

        #expect(frame[25, 25] == red)
        #expect(frame[35, 35] == white)
    }

    // MARK: Animations

    /// A stage on a run loop of its own: `layer` is committed on a 100×20 root.
    private func stage(_ layer: CALayer) -> (VirtualRunLoop, CALayer) {
        let runLoop = VirtualRunLoop()
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: 100, height: 20)
        runLoop.rootLayers = [root]
        root.addSublayer(layer)
        runLoop.performTurn {}
        return (runLoop, root)
    }

    private func renderStage(_ root: CALayer) throws -> Bitmap {
        let tree = RenderTree(size: CGSize(width: 100, height: 20), scale: 1, background: .white,
                              root: root.renderLayer()!)
        return try Compositor().render(tree)
    }

    @Test func testStrokeEndAnimationDrawsTheLineProgressively_G7_CA1() throws {
        let layer = line()
        let (runLoop, root) = stage(layer)
        let animation = CABasicAnimation(keyPath: "strokeEnd")
        (animation.fromValue, animation.toValue, animation.duration) = (0.0, 1.0, 1)

        runLoop.performTurn { layer.add(animation, forKey: "draw") }
        runLoop.advance(to: 0.25)
        let quarter = try renderStage(root)
        runLoop.advance(to: 2)
        let done = try renderStage(root)

        #expect(paintedColumns(quarter, row: 10) == Array(10..<30))
        #expect(paintedColumns(done, row: 10) == Array(10..<90))
    }

    @Test func testPathAnimatesPointByPointBetweenPathsOfOneStructure_G7_CA1() throws {
        let layer = CAShapeLayer()
        layer.frame = CGRect(x: 0, y: 0, width: 100, height: 20)
        layer.path = CGPath(rect: CGRect(x: 0, y: 0, width: 20, height: 20))
        layer.fillColor = redColor
        let (runLoop, root) = stage(layer)
        let animation = CABasicAnimation(keyPath: "path")
        animation.toValue = CGPath(rect: CGRect(x: 60, y: 0, width: 40, height: 20))
        animation.duration = 1

        runLoop.performTurn { layer.add(animation, forKey: "morph") }
        runLoop.advance(to: 0.5)
        let halfway = try renderStage(root)

        // Half-way the rectangle spans x = 30…60.
        #expect(paintedColumns(halfway, row: 10) == Array(30..<60))
    }

    @Test func testPathsOfDifferentStructureSwitchHalfWay_G7() {
        let square = CGPath(rect: CGRect(x: 0, y: 0, width: 10, height: 10))
        let circle = CGPath(ellipseIn: CGRect(x: 0, y: 0, width: 10, height: 10))

        let before = AnimationValue.path(square).interpolated(to: .path(circle), fraction: 0.49)
        let after = AnimationValue.path(square).interpolated(to: .path(circle), fraction: 0.5)

        #expect(before == .path(square))
        #expect(after == .path(circle))
    }

    @Test func testStandaloneShapeLayerAnimatesStrokeEndImplicitly_G7_TX1() throws {
        let layer = line(strokeEnd: 0)
        let (runLoop, _) = stage(layer)

        runLoop.performTurn { layer.strokeEnd = 1 }
        runLoop.advance(to: 0.125)

        let shown = layer.presentation()!.strokeEnd
        #expect(shown > 0 && shown < 1)
        #expect(layer.strokeEnd == 1)
    }
}
