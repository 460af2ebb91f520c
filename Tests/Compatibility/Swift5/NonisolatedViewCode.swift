import FlipbookTesting
import FlipbookUIKit
import Testing

// Swift 5 only: a nonisolated synchronous function that touches views. Against the iOS SDK
// it compiles in the Swift 5 language mode (UIKit's @MainActor is imported as
// @preconcurrency); Swift 6 rejects it there. FlipbookUIKit's @preconcurrency @MainActor
// gives the same here in Swift 5 (the Swift 6 target leaves it out: see the README).

func fadeOut(_ view: UIView) {
    UIView.animate(withDuration: 1, delay: 0, options: .curveLinear) { view.alpha = 0 }
}

@MainActor
@Test func nonisolatedCodeTouchingViewsCompilesInSwift5() throws {
    let recorder = corpusRecorder()
    let view = UIView(frame: CGRect(x: 10, y: 10, width: 40, height: 40))
    view.backgroundColor = .systemPink
    recorder.rootView.addSubview(view)
    fadeOut(view)

    let halfway = try recorder.presentation(of: view, at: 0.5)

    #expect(close(Double(halfway.opacity), 0.5))
}
