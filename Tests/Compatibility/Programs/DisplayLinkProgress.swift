import FlipbookUIKit

// A progress bar driven frame by frame from a display link, as custom loaders do. Linux
// has no selectors: the link takes its callback as a closure (docs/swift-api.md).

final class DisplayLinkProgressView: UIView {
    private let bar = CALayer()
    private var link: CADisplayLink?
    private var startTime: CFTimeInterval = 0
    var duration: CFTimeInterval = 2

    override init(frame: CGRect) {
        super.init(frame: frame)
        backgroundColor = .systemGray6
        bar.backgroundColor = UIColor.systemIndigo.cgColor
        bar.anchorPoint = .zero
        bar.frame = CGRect(x: 0, y: 0, width: 0, height: frame.height)
        layer.addSublayer(bar)
    }

    func start() {
        startTime = CACurrentMediaTime()
        let link = CADisplayLink { [weak self] link in self?.step(link) }
        link.add(to: .main, forMode: .common)
        self.link = link
    }

    private func step(_ link: CADisplayLink) {
        let progress = min((link.timestamp - startTime) / duration, 1)
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        bar.bounds.size.width = bounds.width * progress
        CATransaction.commit()
        if progress >= 1 {
            link.invalidate()
            self.link = nil
        }
    }

    var barWidth: CGFloat { bar.bounds.width }
}

// MARK: - Check

import FlipbookTesting
import Testing

@MainActor
@Test func displayLinkDrivesAProgressBarFrameByFrame() throws {
    let recorder = corpusRecorder()
    let progress = DisplayLinkProgressView(frame: CGRect(x: 5, y: 25, width: 50, height: 10))
    recorder.rootView.addSubview(progress)
    progress.start()

    try recorder.run(until: 0.5)
    let quarter = progress.barWidth
    assertAnimationSnapshots(of: recorder, at: [0.5, 1.0])
    try recorder.run(until: 3)

    #expect(close(Double(quarter), 12.5), "a quarter of 2 s: the frame at 0.5 s")
    #expect(progress.barWidth == 50)
}
