import FlipbookUIKit

// The loading overlay most apps have: a dimming view with a large white activity
// indicator, faded in over whatever is on screen, faded out and removed when done.

extension UIView {
    func showLoadingOverlay() -> UIView {
        let overlay = UIView(frame: bounds)
        overlay.backgroundColor = UIColor.black.withAlphaComponent(0.5)
        overlay.alpha = 0
        let spinner = UIActivityIndicatorView(style: .large)
        spinner.color = .white
        spinner.center = CGPoint(x: bounds.midX, y: bounds.midY)
        spinner.startAnimating()
        overlay.addSubview(spinner)
        addSubview(overlay)
        UIView.animate(withDuration: 0.25) {
            overlay.alpha = 1
        }
        return overlay
    }

    func hideLoadingOverlay(_ overlay: UIView) {
        UIView.animate(withDuration: 0.25, animations: {
            overlay.alpha = 0
        }, completion: { _ in
            overlay.removeFromSuperview()
        })
    }
}

// MARK: - Check

import FlipbookTesting
import Testing

@MainActor
@Test func loadingOverlayFadesInSpinsAndLeaves() throws {
    let recorder = corpusRecorder(width: 120, height: 120)
    let content = UIView(frame: CGRect(x: 10, y: 10, width: 100, height: 100))
    content.backgroundColor = .systemGreen
    recorder.rootView.addSubview(content)
    let overlay = recorder.rootView.showLoadingOverlay()
    recorder.at(1.0) { recorder.rootView.hideLoadingOverlay(overlay) }

    let fading = try recorder.presentation(of: overlay, at: 0.125).opacity
    assertAnimationSnapshots(of: recorder, at: [0.5, 0.6])
    try recorder.run(until: 1.3)

    #expect(close(Double(fading), 0.5, tolerance: 1e-3), "ease-in-out, halfway at half time")
    #expect(overlay.superview == nil)
}
