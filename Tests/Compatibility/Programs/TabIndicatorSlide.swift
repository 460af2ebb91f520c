import FlipbookUIKit

// A segmented tab bar: selecting a tab slides the underline under it and recolours the
// titles, in one ease-in-out block.

final class TabIndicatorBar: UIView {
    private(set) var titleLabels: [UILabel] = []
    let indicator = UIView()
    private(set) var selectedIndex = 0

    init(frame: CGRect, titles: [String]) {
        super.init(frame: frame)
        backgroundColor = .systemBackground
        let width = frame.width / CGFloat(titles.count)
        for (index, title) in titles.enumerated() {
            let label = UILabel(frame: CGRect(x: CGFloat(index) * width, y: 0, width: width, height: frame.height - 4))
            label.text = title
            label.textAlignment = .center
            label.font = .systemFont(ofSize: 13, weight: .semibold)
            label.textColor = index == 0 ? .systemBlue : .secondaryLabel
            addSubview(label)
            titleLabels.append(label)
        }
        indicator.frame = CGRect(x: 8, y: frame.height - 4, width: width - 16, height: 4)
        indicator.backgroundColor = .systemBlue
        indicator.layer.cornerRadius = 2
        addSubview(indicator)
    }

    required init?(coder: NSCoder) {
        fatalError("init(coder:) has not been implemented")
    }

    func select(_ index: Int) {
        let width = bounds.width / CGFloat(titleLabels.count)
        selectedIndex = index
        UIView.animate(withDuration: 0.35, delay: 0, options: [.curveEaseInOut, .beginFromCurrentState]) {
            self.indicator.frame.origin.x = CGFloat(index) * width + 8
            for (i, label) in self.titleLabels.enumerated() {
                label.textColor = i == index ? .systemBlue : .secondaryLabel
            }
        }
    }
}

// MARK: - Check

import FlipbookTesting
import Testing

@MainActor
@Test func tabIndicatorSlidesUnderTheSelectedTab() throws {
    let recorder = corpusRecorder(width: 200, height: 60)
    let bar = TabIndicatorBar(frame: CGRect(x: 0, y: 10, width: 200, height: 36), titles: ["Home", "Search", "Profile"])
    recorder.rootView.addSubview(bar)
    recorder.at(0.1) { bar.select(2) }
    recorder.at(0.3) { bar.select(1) }

    let redirected = try recorder.presentation(of: bar.indicator, at: 0.3).position.x
    let settled = try recorder.presentation(of: bar.indicator, at: 0.7).position.x

    #expect(redirected > 50, "on its way to the third tab when the second is chosen: \(redirected)")
    #expect(close(Double(settled), 100, tolerance: 1e-3))
    assertAnimationSnapshots(of: recorder, at: [0.7])
}

@MainActor
@Test func tabIndicatorSlideFrames() {
    let recorder = corpusRecorder(width: 200, height: 60)
    let bar = TabIndicatorBar(frame: CGRect(x: 0, y: 10, width: 200, height: 36), titles: ["Home", "Search", "Profile"])
    recorder.rootView.addSubview(bar)
    recorder.at(0.1) { bar.select(2) }

    assertAnimationSnapshots(of: recorder, at: [0.3])
}
