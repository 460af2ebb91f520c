import FlipbookUIKit
import Testing

/// What real iOS code calls around views and view controllers (UIKit's documented order):
/// the move callbacks and `window`, the view controller's appearance and layout
/// methods, tags, and the small members code sets without effect here.
@MainActor
@Suite struct UIViewHierarchyTests {
    /// Logs the move callbacks as "name: callback".
    final class LoggingView: UIView {
        let name: String
        let log: CompletionLog
        init(_ name: String, _ log: CompletionLog) {
            (self.name, self.log) = (name, log)
            super.init(frame: .zero)
        }
        override func willMove(toSuperview newSuperview: UIView?) {
            log.entries.append("\(name) willMoveToSuperview \(newSuperview == nil ? "nil" : "view")")
        }
        override func didMoveToSuperview() { log.entries.append("\(name) didMoveToSuperview") }
        override func willMove(toWindow newWindow: UIWindow?) {
            log.entries.append("\(name) willMoveToWindow \(newWindow == nil ? "nil" : "window")")
        }
        override func didMoveToWindow() { log.entries.append("\(name) didMoveToWindow \(window == nil ? "nil" : "window")") }
    }

    @Test func movingIntoAWindowTellsTheViewAndItsSubviewsInUIKitsOrder() {
        let stage = ViewStage(), log = CompletionLog()
        let parent = LoggingView("parent", log), child = LoggingView("child", log)
        parent.addSubview(child)
        log.entries.removeAll()

        stage.window.addSubview(parent)
        let added = log.entries
        log.entries.removeAll()
        let other = stage.view()
        other.addSubview(parent)
        let moved = log.entries
        log.entries.removeAll()
        parent.removeFromSuperview()

        #expect(added == ["parent willMoveToSuperview view", "parent willMoveToWindow window", "child willMoveToWindow window",
                          "parent didMoveToWindow window", "child didMoveToWindow window", "parent didMoveToSuperview"])
        #expect(moved == ["parent willMoveToSuperview view", "parent didMoveToSuperview"], "same window: no window calls")
        #expect(log.entries == ["parent willMoveToSuperview nil", "parent willMoveToWindow nil", "child willMoveToWindow nil",
                                "parent didMoveToWindow nil", "child didMoveToWindow nil", "parent didMoveToSuperview"])
        #expect(child.window == nil && other.window === stage.window && stage.window.window === stage.window)
    }

    @Test func viewWithTagSearchesTheViewThenItsSubviewsDepthFirst() {
        let root = UIView(), a = UIView(), b = UIView(), deep = UIView()
        root.addSubview(a)
        root.addSubview(b)
        a.addSubview(deep)
        (deep.tag, b.tag, root.tag) = (7, 7, 1)

        #expect(root.viewWithTag(7) === deep)
        #expect(root.viewWithTag(1) === root)
        #expect(root.viewWithTag(9) == nil)
        #expect(UIView().isUserInteractionEnabled && !UILabel().isUserInteractionEnabled
                && !UIImageView().isUserInteractionEnabled)
        #expect(root.endEditing(true))
    }

    @Test func hugeIsFloatInfinityAsRepeatCountsUseIt() {
        let spin = CABasicAnimation(keyPath: "transform.rotation.z")
        spin.repeatCount = HUGE

        #expect(spin.repeatCount == .infinity)
    }

    /// Logs the life-cycle calls.
    final class LoggingController: UIViewController {
        let log: CompletionLog
        init(_ log: CompletionLog) {
            self.log = log
            super.init(nibName: nil, bundle: nil)
        }
        required init?(coder: NSCoder) { fatalError("init(coder:) has not been implemented") }
        override func loadView() {
            log.entries.append("loadView")
            super.loadView()
        }
        override func viewDidLoad() { log.entries.append("viewDidLoad") }
        override func viewWillAppear(_ animated: Bool) { log.entries.append("viewWillAppear \(animated)") }
        override func viewDidAppear(_ animated: Bool) { log.entries.append("viewDidAppear \(animated)@\(CACurrentMediaTime())") }
        override func viewWillDisappear(_ animated: Bool) { log.entries.append("viewWillDisappear \(animated)") }
        override func viewDidDisappear(_ animated: Bool) { log.entries.append("viewDidDisappear \(animated)@\(CACurrentMediaTime())") }
        override func viewWillLayoutSubviews() { log.entries.append("viewWillLayoutSubviews") }
        override func viewDidLayoutSubviews() { log.entries.append("viewDidLayoutSubviews") }
    }

    @Test func aWindowsRootViewControllerLoadsAppearsAndLaysOutInOrder() {
        let stage = ViewStage(), log = CompletionLog()
        let controller = LoggingController(log)

        stage.turn { stage.window.rootViewController = controller }

        #expect(log.entries == ["loadView", "viewDidLoad", "viewWillAppear false", "viewWillLayoutSubviews",
                                "viewDidLayoutSubviews", "viewDidAppear false@0.0"])
        #expect(controller.view.frame == stage.window.bounds && controller.view.window === stage.window)
    }

    @Test func presentingAndDismissingCallTheAppearanceMethodsOfBothControllers() {
        let stage = ViewStage(), log = CompletionLog(), shownLog = CompletionLog()
        let home = LoggingController(log), shown = LoggingController(shownLog)
        stage.turn { stage.window.rootViewController = home }
        log.entries.removeAll()

        stage.turn { home.present(shown, animated: true) }
        let whilePresenting = (log.entries, shownLog.entries.filter { $0.hasPrefix("view") && $0.contains("ppear") })
        stage.advance(to: 1)
        let presented = (log.entries, shownLog.entries.filter { $0.contains("ppear") })
        log.entries.removeAll()
        shownLog.entries.removeAll()
        stage.turn { shown.dismiss(animated: true) }
        stage.advance(to: 2)

        #expect(whilePresenting.0 == ["viewWillDisappear true"])
        #expect(whilePresenting.1 == ["viewWillAppear true"])
        #expect(presented.0 == ["viewWillDisappear true", "viewDidDisappear true@0.5"])
        #expect(presented.1 == ["viewWillAppear true", "viewDidAppear true@0.5"])
        #expect(shownLog.entries.filter { $0.contains("ppear") } == ["viewWillDisappear true", "viewDidDisappear true@1.5"])
        #expect(log.entries.filter { $0.contains("ppear") } == ["viewWillAppear true", "viewDidAppear true@1.5"])
    }
}
