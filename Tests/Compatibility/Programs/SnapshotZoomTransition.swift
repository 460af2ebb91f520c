import FlipbookUIKit

// The zoom custom transitions build from a snapshot: the tapped thumbnail is replaced by
// its snapshotView(afterScreenUpdates:), the snapshot grows to fill the screen while the
// thumbnail stays hidden, and the expanded view takes its place when it lands.

final class ThumbnailGallery: UIView {
    let thumbnail = UIView()
    let expanded = UIView()
    private(set) var snapshot: UIView?

    override init(frame: CGRect) {
        super.init(frame: frame)
        backgroundColor = .systemGray6
        thumbnail.frame = CGRect(x: 20, y: 20, width: 40, height: 30)
        thumbnail.backgroundColor = .systemIndigo
        thumbnail.layer.cornerRadius = 6
        let stripe = UIView(frame: CGRect(x: 0, y: 20, width: 40, height: 10))
        stripe.backgroundColor = .systemYellow
        thumbnail.addSubview(stripe)
        addSubview(thumbnail)
        expanded.frame = bounds
        expanded.backgroundColor = .systemIndigo
        expanded.alpha = 0
        addSubview(expanded)
    }

    required init?(coder: NSCoder) {
        fatalError("init(coder:) has not been implemented")
    }

    func zoomIn() {
        guard let snapshot = thumbnail.snapshotView(afterScreenUpdates: false) else { return }
        snapshot.frame = thumbnail.frame
        addSubview(snapshot)
        self.snapshot = snapshot
        thumbnail.isHidden = true
        UIView.animate(withDuration: 0.6, delay: 0, options: [.curveEaseInOut]) {
            snapshot.frame = self.bounds
        } completion: { _ in
            self.expanded.alpha = 1
            snapshot.removeFromSuperview()
            self.snapshot = nil
        }
    }
}

// MARK: - Check

import FlipbookTesting
import Testing

@MainActor
@Test func snapshotZoomGrowsTheThumbnailsStillAndHandsOver() throws {
    let recorder = corpusRecorder(width: 160, height: 120)
    let gallery = ThumbnailGallery(frame: CGRect(x: 0, y: 0, width: 160, height: 120))
    recorder.rootView.addSubview(gallery)
    recorder.at(0.2) { gallery.zoomIn() }

    try recorder.run(until: 0.2)
    let snapshot = try #require(gallery.snapshot)
    let halfway = try recorder.presentation(of: snapshot.layer, at: 0.5)

    #expect(gallery.thumbnail.isHidden)
    #expect(halfway.bounds.width > 40 && halfway.bounds.width < 160, "growing: \(halfway.bounds)")
    assertAnimationSnapshots(of: recorder, at: [0.5])
    try recorder.run(until: 0.9)
    #expect(gallery.snapshot == nil && gallery.expanded.alpha == 1, "the expanded view took over")
}
