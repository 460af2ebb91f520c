import FlipbookRender
import FlipbookUIKit
import Foundation
import Testing

/// Pixel checks of CAReplicatorLayer and UIActivityIndicatorView (G7).
@MainActor
@Suite struct ReplicatorAndSpinnerTests {
    private func render(_ root: UIView, scale: CGFloat = 1) throws -> Bitmap {
        try Compositor().render(RenderTree(size: root.bounds.size, scale: scale, background: .white,
                                           root: root.layer.renderLayer()!))
    }

    /// A window on a run loop of its own, and a replicator in it copying one 10×10 square.
    private func replicatorScene(_ configure: (CAReplicatorLayer, CALayer) -> Void)
        -> (VirtualRunLoop, UIView, CAReplicatorLayer, CALayer) {
        let runLoop = VirtualRunLoop()
        let window = UIView(frame: CGRect(x: 0, y: 0, width: 100, height: 20))
        runLoop.rootLayers = [window.layer]
        let replicator = CAReplicatorLayer()
        replicator.frame = CGRect(x: 0, y: 0, width: 100, height: 20)
        let square = CALayer()
        square.frame = CGRect(x: 0, y: 0, width: 10, height: 10)
        square.backgroundColor = .black
        replicator.addSublayer(square)
        configure(replicator, square)
        runLoop.performTurn { window.layer.addSublayer(replicator) }
        return (runLoop, window, replicator, square)
    }

    @Test func replicatorDrawsInstanceCountCopiesAtInstanceTransformSteps_G7() throws {
        let (_, window, _, _) = replicatorScene { replicator, _ in
            replicator.instanceCount = 3
            replicator.instanceTransform = CATransform3DMakeTranslation(30, 0, 0)
        }

        let bitmap = try render(window)

        #expect([5, 35, 65].map { bitmap[$0, 5] } == Array(repeating: RGBA8(0, 0, 0), count: 3))
        #expect(bitmap[95, 5] == RGBA8(255, 255, 255))
        #expect(bitmap[20, 5] == RGBA8(255, 255, 255))
    }

    @Test func eachInstanceSeesTheAnimationsInstanceDelayEarlier_G7() throws {
        let (runLoop, window, _, square) = replicatorScene { replicator, _ in
            replicator.instanceCount = 3
            replicator.instanceTransform = CATransform3DMakeTranslation(30, 0, 0)
            replicator.instanceDelay = 0.5
        }
        let fade = CABasicAnimation(keyPath: "opacity")
        (fade.fromValue, fade.toValue, fade.duration) = (1.0, 0.0, 1.0)
        runLoop.performTurn { square.add(fade, forKey: "fade") }

        runLoop.advance(to: 0.75)
        let bitmap = try render(window)

        // Instance 0 at 0.75 s (opacity 0.25), 1 at 0.25 s (0.75), 2 before the start (model, 1).
        #expect(abs(Int(bitmap[5, 5].r) - 191) <= 2)
        #expect(abs(Int(bitmap[35, 5].r) - 64) <= 2)
        #expect(bitmap[65, 5].r == 0)
    }

    @Test func instanceColorAndOffsetsMultiplyEachInstancesColours_G7() throws {
        let (_, window, _, _) = replicatorScene { replicator, square in
            square.backgroundColor = .white
            replicator.instanceCount = 2
            replicator.instanceTransform = CATransform3DMakeTranslation(30, 0, 0)
            replicator.instanceColor = CGColor(red: 1, green: 0.5, blue: 1, alpha: 1)
            replicator.instanceRedOffset = -0.5
        }
        window.backgroundColor = .black

        let bitmap = try render(window)

        #expect(bitmap[5, 5].maxChannelDifference(to: RGBA8(255, 128, 255)) <= 1, "\(bitmap[5, 5])")
        #expect(bitmap[35, 5].maxChannelDifference(to: RGBA8(128, 128, 255)) <= 1, "\(bitmap[35, 5])")
    }

    /// How dark the spoke at `index` (clockwise from 12 o'clock) of a black spinner is, 0…255.
    private func spokeDarkness(_ bitmap: Bitmap, spinner: UIActivityIndicatorView, index: Int, scale: CGFloat) -> Int {
        let style = spinner.style
        let radius = style.diameter / 2 - style.diameter * 0.28 / 2
        let angle = 2 * Double.pi * Double(index) / Double(style.spokeCount)
        let x = (spinner.center.x + radius * sin(angle)) * scale, y = (spinner.center.y - radius * cos(angle)) * scale
        return 255 - Int(bitmap[Int(x), Int(y)].r)
    }

    @Test func spinnerSpokeOpacitiesMoveOneSpokeClockwiseEachTick_G7() throws {
        let runLoop = VirtualRunLoop()
        let window = UIView(frame: CGRect(x: 0, y: 0, width: 40, height: 40))
        runLoop.rootLayers = [window.layer]
        let spinner = UIActivityIndicatorView(style: .medium)
        spinner.color = .black
        spinner.center = CGPoint(x: 20, y: 20)
        runLoop.performTurn {
            window.addSubview(spinner)
            spinner.startAnimating()
        }
        let count = spinner.style.spokeCount
        func darkness(at t: Double) throws -> [Int] {
            runLoop.advance(to: t)
            let bitmap = try render(window, scale: 4)
            return (0..<count).map { spokeDarkness(bitmap, spinner: spinner, index: $0, scale: 4) }
        }

        let first = try darkness(at: 0.5 / 12)
        let second = try darkness(at: 1.5 / 12)

        #expect(first.firstIndex(of: first.max()!) == 0)
        #expect(first[1] < first[count - 1])  // fainter ahead of the leading spoke than behind it
        for index in 0..<count {
            #expect(abs(second[index] - first[(index + count - 1) % count]) <= 3, "spoke \(index)")
        }
    }

    @Test func stoppingHidesTheSpinnerUnlessHidesWhenStoppedIsOff_G7() {
        _ = VirtualRunLoop()  // a fresh run loop, current from here
        let hiding = UIActivityIndicatorView(style: .large), showing = UIActivityIndicatorView(style: .gray)
        showing.hidesWhenStopped = false
        #expect(hiding.isHidden && !showing.isHidden)

        hiding.startAnimating()
        showing.startAnimating()
        #expect(hiding.isAnimating && !hiding.isHidden)
        hiding.stopAnimating()
        showing.stopAnimating()

        #expect(hiding.isHidden && !hiding.isAnimating)
        #expect(!showing.isHidden)
        #expect(hiding.spokeContainer.sublayers?.count == 8)
        #expect(showing.spokeContainer.sublayers?.count == 12)
        #expect(showing.color == .gray)
    }
}
