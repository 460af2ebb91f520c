import FlipbookUIKit

// A now-playing banner: a dark blur over the artwork with its title and a divider in a
// vibrancy effect view inside the blur's contentView, sliding up from the bottom edge.

final class NowPlayingBanner: UIView {
    let blurView = UIVisualEffectView(effect: UIBlurEffect(style: .dark))
    let titleLabel = UILabel()

    override init(frame: CGRect) {
        super.init(frame: frame)
        clipsToBounds = true
        layer.cornerRadius = 12
        blurView.frame = bounds
        addSubview(blurView)

        let blur = UIBlurEffect(style: .dark)
        let vibrancy = UIVisualEffectView(effect: UIVibrancyEffect(blurEffect: blur, style: .label))
        vibrancy.frame = blurView.bounds
        blurView.contentView.addSubview(vibrancy)
        titleLabel.frame = CGRect(x: 12, y: 8, width: bounds.width - 24, height: 20)
        titleLabel.text = "Now Playing"
        titleLabel.font = .boldSystemFont(ofSize: 15)
        vibrancy.contentView.addSubview(titleLabel)

        let divider = UIVisualEffectView(effect: UIVibrancyEffect(blurEffect: blur, style: .separator))
        divider.frame = CGRect(x: 12, y: 32, width: bounds.width - 24, height: 2)
        divider.contentView.backgroundColor = .white
        blurView.contentView.addSubview(divider)
    }

    required init?(coder: NSCoder) {
        fatalError("init(coder:) has not been implemented")
    }
}

// MARK: - Check

import FlipbookTesting
import Testing

@MainActor
@Test func vibrantBannerSlidesUpOverTheArtwork() throws {
    let recorder = corpusRecorder(width: 160, height: 120)
    for (index, color) in [UIColor.systemOrange, .systemPink, .systemTeal].enumerated() {
        let band = UIView(frame: CGRect(x: CGFloat(index) * 54, y: 0, width: 54, height: 120))
        band.backgroundColor = color
        recorder.rootView.addSubview(band)
    }
    let banner = NowPlayingBanner(frame: CGRect(x: 10, y: 120, width: 140, height: 44))
    recorder.rootView.addSubview(banner)
    recorder.at(0.1) {
        UIView.animate(withDuration: 0.5, delay: 0, usingSpringWithDamping: 0.8, initialSpringVelocity: 0) {
            banner.frame.origin.y = 66
        }
    }

    let shown = try recorder.image(at: 1)

    let title = (22..<140).flatMap { x in (74..<94).map { shown[x, $0] } }
    let below = (22..<140).flatMap { x in (102..<110).map { shown[x, $0] } }

    #expect(title.filter { $0.r > 240 && $0.g > 240 && $0.b > 240 }.count > 30, "the title's strokes drawn in white")
    #expect(below.allSatisfy { $0.r < 200 }, "the dark blur under the divider, not the bright artwork")
    assertAnimationSnapshots(of: recorder, at: [1])
}
