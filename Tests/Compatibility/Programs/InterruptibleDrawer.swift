import FlipbookUIKit

// A bottom drawer opened by a UIViewPropertyAnimator that the user can interrupt: a tap
// while it moves reverses the running animator instead of starting a new one.

final class DrawerViewController: UIViewController {
    let drawer = UIView()
    private var animator: UIViewPropertyAnimator?
    private(set) var isOpen = false
    private(set) var endings: [UIViewAnimatingPosition] = []

    override func loadView() {
        view = UIView(frame: CGRect(x: 0, y: 0, width: 160, height: 200))
        view.backgroundColor = .systemGray6
        drawer.frame = CGRect(x: 0, y: 180, width: 160, height: 160)
        drawer.backgroundColor = .systemBackground
        drawer.layer.cornerRadius = 16
        drawer.layer.shadowOpacity = 0.2
        drawer.layer.shadowRadius = 6
        view.addSubview(drawer)
    }

    /// The tap on the drawer's handle.
    func handleTapped() {
        if let animator, animator.isRunning {
            animator.isReversed.toggle()
            return
        }
        let target: CGFloat = isOpen ? 180 : 60
        let animator = UIViewPropertyAnimator(duration: 0.6, dampingRatio: 1) {
            self.drawer.frame.origin.y = target
        }
        animator.addCompletion { position in
            self.endings.append(position)
            if position == .end { self.isOpen.toggle() }
        }
        animator.startAnimation()
        self.animator = animator
    }
}

// MARK: - Check

import FlipbookTesting
import Testing

@MainActor
@Test func tappingAMovingDrawerReversesItsAnimator() throws {
    let recorder = corpusRecorder(width: 160, height: 200)
    let controller = DrawerViewController()
    recorder.rootViewController = controller
    recorder.at(0.1) { controller.handleTapped() }
    recorder.at(0.4) { controller.handleTapped() }

    let turning = try recorder.presentation(of: controller.drawer, at: 0.4).position.y
    let back = try recorder.presentation(of: controller.drawer, at: 0.6).position.y
    assertAnimationSnapshots(of: recorder, at: [0.6])
    try recorder.run(until: 1.2)

    #expect(turning < 260 && turning > 140, "part way up: \(turning)")
    #expect(back > turning, "heading back down")
    #expect(controller.endings == [.start] && !controller.isOpen, "reversed, it ends where it started")
    #expect(controller.drawer.frame.origin.y == 180)
}
