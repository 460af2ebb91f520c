import FlipbookUIKit

// A bottom sheet laid out with Auto Layout, as most apps build one: the sheet is pinned to
// the sides and hangs below the screen by its bottom constraint's constant; showing it sets
// the constant to 0 and animates layoutIfNeeded(), while the dimming view fades in. The
// grabber and title bar inside the sheet are pinned with anchors too, and the title's
// label is centred in its bar at the size of its text.

final class BottomSheetViewController: UIViewController {
    let dimming = UIView()
    let sheet = UIView()
    let grabber = UIView()
    let titleBar = UIView()
    let titleLabel = UILabel()
    let sheetHeight: CGFloat = 120
    private var sheetBottom: NSLayoutConstraint!

    override func viewDidLoad() {
        super.viewDidLoad()
        view.backgroundColor = .systemTeal

        dimming.backgroundColor = UIColor.black.withAlphaComponent(0.4)
        dimming.alpha = 0
        sheet.backgroundColor = .white
        sheet.layer.cornerRadius = 16
        grabber.backgroundColor = .systemGray3
        grabber.layer.cornerRadius = 2
        titleBar.backgroundColor = .systemIndigo
        titleBar.layer.cornerRadius = 4
        titleLabel.text = "Share"
        titleLabel.textColor = .white
        titleLabel.translatesAutoresizingMaskIntoConstraints = false
        titleBar.addSubview(titleLabel)

        for subview in [dimming, sheet] {
            subview.translatesAutoresizingMaskIntoConstraints = false
            view.addSubview(subview)
        }
        for subview in [grabber, titleBar] {
            subview.translatesAutoresizingMaskIntoConstraints = false
            sheet.addSubview(subview)
        }

        sheetBottom = sheet.bottomAnchor.constraint(equalTo: view.bottomAnchor, constant: sheetHeight)
        NSLayoutConstraint.activate([
            dimming.topAnchor.constraint(equalTo: view.topAnchor),
            dimming.leadingAnchor.constraint(equalTo: view.leadingAnchor),
            dimming.trailingAnchor.constraint(equalTo: view.trailingAnchor),
            dimming.bottomAnchor.constraint(equalTo: view.bottomAnchor),

            sheet.leadingAnchor.constraint(equalTo: view.leadingAnchor),
            sheet.trailingAnchor.constraint(equalTo: view.trailingAnchor),
            sheet.heightAnchor.constraint(equalToConstant: sheetHeight),
            sheetBottom,

            grabber.topAnchor.constraint(equalTo: sheet.topAnchor, constant: 8),
            grabber.centerXAnchor.constraint(equalTo: sheet.centerXAnchor),
            grabber.widthAnchor.constraint(equalToConstant: 36),
            grabber.heightAnchor.constraint(equalToConstant: 4),

            titleBar.topAnchor.constraint(equalTo: grabber.bottomAnchor, constant: 16),
            titleBar.leadingAnchor.constraint(equalTo: sheet.layoutMarginsGuide.leadingAnchor, constant: 8),
            titleBar.trailingAnchor.constraint(equalTo: sheet.layoutMarginsGuide.trailingAnchor, constant: -8),
            titleBar.heightAnchor.constraint(equalToConstant: 24),

            titleLabel.centerXAnchor.constraint(equalTo: titleBar.centerXAnchor),
            titleLabel.centerYAnchor.constraint(equalTo: titleBar.centerYAnchor),
        ])
    }

    func showSheet() {
        sheetBottom.constant = 0
        UIView.animate(withDuration: 0.4, delay: 0, options: .curveEaseOut) {
            self.dimming.alpha = 1
            self.view.layoutIfNeeded()
        }
    }
}

// MARK: - Check

import FlipbookTesting
import Testing

@MainActor
@Test func bottomSheetSlidesUpByAnimatingItsBottomConstraint() throws {
    let recorder = corpusRecorder(width: 160, height: 200)
    let controller = BottomSheetViewController()
    recorder.rootViewController = controller
    recorder.at(0.2) { controller.showSheet() }

    let hidden = try recorder.presentation(of: controller.sheet, at: 0.1).position.y
    let halfway = try recorder.presentation(of: controller.sheet, at: 0.4).position.y
    assertAnimationSnapshots(of: recorder, at: [0.4, 0.5])
    let shown = try recorder.presentation(of: controller.sheet, at: 0.7).position.y

    // The sheet's centre goes from 200 + 60 to 200 − 60; half the time into the ease-out
    // it has gone 0.684643 of the way (docs/facts.md, §1).
    #expect(close(Double(hidden), 260))
    #expect(close(Double(halfway), 260 - 120 * 0.684643, tolerance: 1e-3), "\(halfway)")
    #expect(close(Double(shown), 140))
    #expect(controller.titleBar.frame == CGRect(x: 16, y: 28, width: 128, height: 24), "margins of 8, plus 8")
    let label = controller.titleLabel
    #expect(label.frame.size == label.intrinsicContentSize, "the label takes its text's size")
    #expect(label.center == CGPoint(x: 64, y: 12), "centred in the bar")
}
