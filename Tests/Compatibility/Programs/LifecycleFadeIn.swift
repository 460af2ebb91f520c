import FlipbookUIKit

// A screen that prepares its content hidden in viewWillAppear and animates it in from
// viewDidAppear, noting each life-cycle call as it comes.

final class LifecycleFadeInViewController: UIViewController {
    let content = UIView()
    private(set) var calls: [String] = []

    override func loadView() {
        calls.append("loadView")
        view = UIView()
        view.backgroundColor = .systemYellow
    }

    override func viewDidLoad() {
        super.viewDidLoad()
        calls.append("viewDidLoad")
        content.backgroundColor = .systemBrown
        content.layer.cornerRadius = 10
        view.addSubview(content)
    }

    override func viewWillAppear(_ animated: Bool) {
        super.viewWillAppear(animated)
        calls.append("viewWillAppear")
        content.alpha = 0
    }

    override func viewDidLayoutSubviews() {
        super.viewDidLayoutSubviews()
        calls.append("viewDidLayoutSubviews")
        content.frame = view.bounds.insetBy(dx: 20, dy: 20)
    }

    override func viewDidAppear(_ animated: Bool) {
        super.viewDidAppear(animated)
        calls.append("viewDidAppear")
        UIView.animate(withDuration: 0.8) {
            self.content.alpha = 1
        }
    }
}

// MARK: - Check

import FlipbookTesting
import Testing

@MainActor
@Test func animationStartedInViewDidAppearRunsAfterTheLifeCycle() throws {
    let recorder = corpusRecorder(width: 120, height: 120)
    let controller = LifecycleFadeInViewController()
    recorder.rootViewController = controller

    let fading = try recorder.presentation(of: controller.content, at: 0.4)

    #expect(controller.calls.filter { $0 != "viewDidLayoutSubviews" }
        == ["loadView", "viewDidLoad", "viewWillAppear", "viewDidAppear"], "\(controller.calls)")
    let firstLayout = controller.calls.firstIndex(of: "viewDidLayoutSubviews") ?? .max
    #expect(firstLayout > 2 && firstLayout < controller.calls.firstIndex(of: "viewDidAppear") ?? 0,
            "laid out between viewWillAppear and viewDidAppear: \(controller.calls)")
    #expect(controller.content.frame == CGRect(x: 20, y: 20, width: 80, height: 80), "laid out to the canvas")
    #expect(fading.opacity > 0.1 && fading.opacity < 0.9, "\(fading.opacity)")
    assertAnimationSnapshots(of: recorder, at: [0.4])
}
