import FlipbookUIKit

// A container view controller that embeds a banner child, sized by autoresizing, and
// flies a badge to a point of the banner found with convert(_:to:).

final class BannerViewController: UIViewController {
    private(set) var moves: [String] = []

    override func viewDidLoad() {
        super.viewDidLoad()
        view.backgroundColor = .systemIndigo
    }

    override func willMove(toParent parent: UIViewController?) {
        super.willMove(toParent: parent)
        moves.append(parent == nil ? "willMove(nil)" : "willMove(parent)")
    }

    override func didMove(toParent parent: UIViewController?) {
        super.didMove(toParent: parent)
        moves.append(parent == nil ? "didMove(nil)" : "didMove(parent)")
    }
}

final class BannerContainerViewController: UIViewController {
    let banner = BannerViewController()
    let badge = UIView(frame: CGRect(x: 0, y: 0, width: 8, height: 8))
    let heading: String

    init(heading: String) {
        self.heading = heading
        super.init(nibName: nil, bundle: nil)
    }

    required init?(coder: NSCoder) {
        fatalError("init(coder:) has not been implemented")
    }

    override func loadView() {
        view = UIView(frame: CGRect(x: 0, y: 0, width: 60, height: 60))
    }

    override func viewDidLoad() {
        super.viewDidLoad()
        addChild(banner)
        let insets = view.safeAreaInsets
        banner.view.frame = CGRect(x: 5 + insets.left, y: 5 + insets.top, width: view.bounds.width - 10, height: 20)
        banner.view.autoresizingMask = [.flexibleWidth, .flexibleBottomMargin]
        view.addSubview(banner.view)
        banner.didMove(toParent: self)

        badge.backgroundColor = .systemRed
        badge.isOpaque = false
        view.addSubview(badge)
    }

    func widen(to width: CGFloat) {
        UIView.animate(withDuration: 1, delay: 0, options: [.curveLinear]) {
            self.view.bounds.size.width = width
        }
    }

    func flyBadgeToBannerEnd() {
        let target = banner.view.convert(CGPoint(x: banner.view.bounds.maxX, y: banner.view.bounds.midY), to: view)
        UIView.animate(withDuration: 0.5) {
            self.badge.center = target
        }
    }

    func removeBanner() {
        banner.willMove(toParent: nil)
        banner.view.removeFromSuperview()
        banner.removeFromParent()
    }
}

// MARK: - Check

import FlipbookTesting
import Testing

@MainActor
@Test func embeddedBannerStretchesWithItsContainerAndLeavesIt() throws {
    let recorder = corpusRecorder(width: 100, height: 60)
    let container = BannerContainerViewController(heading: "Inbox")
    recorder.rootView.addSubview(container.view)
    container.widen(to: 100)

    let halfway = try recorder.presentation(of: container.banner.view, at: 0.5)
    let children = container.children.count
    container.removeBanner()

    #expect(container.banner.view.frame == CGRect(x: 5, y: 5, width: 90, height: 20), "flexible width takes the 40 points")
    #expect(close(Double(halfway.bounds.width), 70), "the banner's resize animates with the container's")
    #expect(children == 1 && container.children.isEmpty && container.banner.parent == nil)
    #expect(container.banner.moves == ["willMove(parent)", "didMove(parent)", "willMove(nil)", "didMove(nil)"])
}

@MainActor
@Test func badgeFliesToAPointConvertedFromTheBanner() throws {
    let recorder = corpusRecorder(width: 100, height: 60)
    let container = BannerContainerViewController(heading: "Inbox")
    container.view.frame = CGRect(x: 0, y: 0, width: 100, height: 60)
    recorder.rootView.addSubview(container.view)
    container.banner.view.transform = CGAffineTransform(scaleX: 0.5, y: 1)
    container.flyBadgeToBannerEnd()
    assertAnimationSnapshots(of: recorder, at: [0.2, 0.6])

    let landed = try recorder.presentation(of: container.badge, at: 0.6).position

    // The banner (x 5…95) is scaled by half about its centre (50): its right end is at 72.5.
    #expect(landed == CGPoint(x: 72.5, y: 15))
    #expect(container.view.convert(CGPoint(x: 72.5, y: 15), to: container.banner.view) == CGPoint(x: 90, y: 10))
    #expect(container.view.convert(CGRect(x: 0, y: 0, width: 10, height: 10), to: nil)
                == CGRect(x: 0, y: 0, width: 10, height: 10))
    #expect(container.banner.view.convert(container.banner.view.bounds, to: container.view)
                == CGRect(x: 27.5, y: 5, width: 45, height: 20))
}
