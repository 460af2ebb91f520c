import FlipbookUIKit

// Three steps chained through CATransaction completion blocks: a standalone layer slides
// (implicit animation, 0.5 s), then turns green (the default 0.25 s), then grows; each
// completion notes when it ran, by CACurrentMediaTime().

final class TransactionChain {
    let tile = CALayer()
    private(set) var finishedSteps: [(step: String, time: CFTimeInterval)] = []
    private var startTime: CFTimeInterval = 0

    init(in parent: CALayer) {
        tile.frame = CGRect(x: 10, y: 30, width: 40, height: 40)
        tile.backgroundColor = UIColor.systemRed.cgColor
        tile.cornerRadius = 6
        parent.addSublayer(tile)
    }

    func run() {
        startTime = CACurrentMediaTime()
        CATransaction.begin()
        CATransaction.setAnimationDuration(0.5)
        CATransaction.setAnimationTimingFunction(CAMediaTimingFunction(name: .easeInEaseOut))
        CATransaction.setCompletionBlock {
            self.note("slid")
            CATransaction.begin()
            CATransaction.setCompletionBlock {
                self.note("recoloured")
                CATransaction.begin()
                CATransaction.setAnimationDuration(0.3)
                CATransaction.setCompletionBlock { self.note("grown") }
                self.tile.transform = CATransform3DMakeScale(1.5, 1.5, 1)
                CATransaction.commit()
            }
            self.tile.backgroundColor = UIColor.systemGreen.cgColor
            CATransaction.commit()
        }
        tile.position.x = 130
        CATransaction.commit()
    }

    private func note(_ step: String) {
        finishedSteps.append((step, CACurrentMediaTime() - startTime))
    }
}

// MARK: - Check

import FlipbookTesting
import Testing

@MainActor
@Test func transactionCompletionsChainThreeSteps() throws {
    let recorder = corpusRecorder(width: 160, height: 100)
    let chain = TransactionChain(in: recorder.rootView.layer)
    recorder.at(0.1) { chain.run() }

    let recolouring = try recorder.presentation(of: chain.tile, at: 0.8)
    let colour = try #require(recolouring.backgroundColor?.components)

    #expect(colour[1] > colour[0], "most of the way from red to green: \(colour)")
    assertAnimationSnapshots(of: recorder, at: [0.8, 1.3])
    #expect(chain.finishedSteps.map(\.step) == ["slid", "recoloured", "grown"])
    let times = chain.finishedSteps.map(\.time)
    #expect(zip(times, [0.5, 0.75, 1.05]).allSatisfy { close($0, $1, tolerance: 1e-6) }, "\(times)")
}
