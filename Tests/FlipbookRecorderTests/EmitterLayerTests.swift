import FlipbookOutput
import FlipbookRecorder
import FlipbookRender
import FlipbookUIKit
import Foundation
import Testing

/// `CAEmitterLayer` and `CAEmitterCell`: particles placed by shape, velocity and
/// acceleration, coloured by the cell, and a pure function of time and `seed`.
@MainActor
@Suite struct EmitterLayerTests {
    /// A 4×4 white square, the particle image.
    private let dot = CGImage(width: 4, height: 4, colors: Array(repeating: .white, count: 16))

    private func frames(_ recorder: Recorder, duration: TimeInterval) throws -> [Bitmap] {
        let sink = BitmapCollector(width: 100, height: 100)
        try recorder.render(duration: duration, into: sink)
        return sink.frames.map(\.bitmap)
    }

    /// A recorder with an emitter of one cell made by `configure`, over black.
    private func emitting(fps: Double = 10, _ configure: (CAEmitterLayer, CAEmitterCell) -> Void) -> Recorder {
        let recorder = Recorder(size: CGSize(width: 100, height: 100), fps: fps, backgroundColor: .black)
        let emitter = CAEmitterLayer()
        emitter.frame = CGRect(x: 0, y: 0, width: 100, height: 100)
        let cell = CAEmitterCell()
        cell.contents = dot
        configure(emitter, cell)
        emitter.emitterCells = [cell]
        recorder.rootView.layer.addSublayer(emitter)
        return recorder
    }

    @Test func aParticleMovesAtItsVelocityAndFallsWithItsAcceleration() throws {
        let recorder = emitting { emitter, cell in
            emitter.emitterPosition = CGPoint(x: 10, y: 10)
            cell.birthRate = 1
            cell.lifetime = 10
            cell.velocity = 40
            cell.yAcceleration = 40
            cell.color = UIColor.red.cgColor
        }

        let frame = try #require(frames(recorder, duration: 0.5).last)

        // At 0.5 s: x = 10 + 40 · 0.5 = 30, y = 10 + 40 · 0.5² / 2 = 15.
        #expect(frame[30, 15] == RGBA8(255, 0, 0), "the red particle's centre")
        #expect(frame[10, 10] == RGBA8(0, 0, 0), "it has left the emitter")
    }

    @Test func aHugeBirthRateShowsAtMostTheLimitOfParticlesAndNeverTraps() throws {
        let rates: [Float] = [1e6, .greatestFiniteMagnitude, .infinity]
        let lit = try rates.map { rate in
            let recorder = emitting { emitter, cell in
                emitter.emitterPosition = CGPoint(x: 50, y: 50)
                emitter.emitterShape = .rectangle
                emitter.emitterSize = CGSize(width: 100, height: 100)
                cell.birthRate = rate
                cell.lifetime = 10
            }
            let frame = try #require(frames(recorder, duration: 0.2).last)
            return (0..<100).flatMap { x in (0..<100).map { y in frame[x, y] } }.filter { $0 != RGBA8(0, 0, 0) }.count
        }

        #expect(lit[0] > 5000, "20,000 of the newest 4-pixel particles over the canvas: \(lit)")
    }

    @Test func theSameTimeShowsTheSameParticlesWhateverTheFrameRate() throws {
        func spray(_ emitter: CAEmitterLayer, _ cell: CAEmitterCell) {
            emitter.emitterPosition = CGPoint(x: 50, y: 50)
            emitter.emitterShape = .circle
            emitter.emitterSize = CGSize(width: 20, height: 20)
            emitter.seed = 7
            cell.birthRate = 40
            cell.lifetime = 1
            cell.lifetimeRange = 0.5
            cell.velocity = 30
            cell.velocityRange = 20
            cell.emissionRange = 2 * .pi
            cell.spin = 2
            cell.scaleSpeed = 0.5
            cell.alphaSpeed = -0.5
            cell.redRange = 0.5
        }
        let slow = try frames(emitting(fps: 10, spray), duration: 1)
        let fast = try frames(emitting(fps: 20, spray), duration: 1)

        #expect(slow[5] == fast[10], "t = 0.5 s")
        #expect(slow[10] == fast[20], "t = 1 s")
        #expect(slow[10] != slow[5], "the particles move")
    }

    @Test func anotherSeedEmitsOtherParticles() throws {
        func spray(seed: UInt32) -> (CAEmitterLayer, CAEmitterCell) -> Void {
            { emitter, cell in
                emitter.emitterPosition = CGPoint(x: 50, y: 50)
                emitter.seed = seed
                cell.birthRate = 20
                cell.lifetime = 2
                cell.velocity = 30
                cell.emissionRange = 2 * .pi
            }
        }

        let one = try frames(emitting(spray(seed: 1)), duration: 1).last
        let two = try frames(emitting(spray(seed: 2)), duration: 1).last

        #expect(one != two)
    }

    @Test func settingTheLayersBirthRateToZeroStopsEmittingAndParticlesDie() throws {
        let recorder = emitting { emitter, cell in
            emitter.emitterPosition = CGPoint(x: 10, y: 50)
            cell.birthRate = 10
            cell.lifetime = 0.5
            cell.velocity = 100
        }
        let emitter = try #require(recorder.rootView.layer.sublayers?.last as? CAEmitterLayer)
        recorder.at(0.5) { emitter.birthRate = 0 }

        let shown = try frames(recorder, duration: 1.2)

        #expect(shown[4][10...60].contains { $0 != RGBA8(0, 0, 0) }, "emitting at 0.4 s")
        #expect(shown[12][0...99].allSatisfy { $0 == RGBA8(0, 0, 0) }, "stopped at 0.5 s, the last dead by 1.0 s")
    }

    @Test func aLineEmitterSpreadsParticlesAlongItsWidth() throws {
        let recorder = emitting { emitter, cell in
            emitter.emitterPosition = CGPoint(x: 50, y: 10)
            emitter.emitterShape = .line
            emitter.emitterSize = CGSize(width: 80, height: 0)
            cell.birthRate = 200
            cell.lifetime = 1
        }

        let frame = try #require(frames(recorder, duration: 0.5).last)
        let lit = (0..<100).filter { frame[$0, 10] != RGBA8(0, 0, 0) }

        #expect(lit.count > 60 && lit.allSatisfy { (8...92).contains($0) }, "x in 10…90, each 4 points wide: \(lit)")
        #expect(frame[50, 30] == RGBA8(0, 0, 0), "no velocity: they stay on the line")
    }
}

private extension Bitmap {
    /// The pixels of row 50 at the given columns.
    subscript(columns: ClosedRange<Int>) -> [RGBA8] { columns.map { self[$0, 50] } }
}
