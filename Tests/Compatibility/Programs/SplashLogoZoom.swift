import FlipbookUIKit

// The launch-screen logo animation made famous by Twitter: the logo (an asset loaded with
// UIImage(named:)) shrinks a little, then zooms past the screen while fading, revealing
// the app; each step starts from the previous one's completion.

final class SplashViewController: UIViewController {
    let logo = UIImageView(image: UIImage(named: "logo"))
    private(set) var isFinished = false

    override func viewDidLoad() {
        super.viewDidLoad()
        view.backgroundColor = .white
        logo.frame = CGRect(x: 0, y: 0, width: 40, height: 40)
        logo.contentMode = .scaleAspectFit
        view.addSubview(logo)
    }

    override func viewDidLayoutSubviews() {
        super.viewDidLayoutSubviews()
        logo.center = CGPoint(x: view.bounds.midX, y: view.bounds.midY)
    }

    override func viewDidAppear(_ animated: Bool) {
        super.viewDidAppear(animated)
        UIView.animate(withDuration: 0.3, delay: 0.2, options: .curveEaseInOut, animations: {
            self.logo.transform = CGAffineTransform(scaleX: 0.8, y: 0.8)
        }, completion: { _ in
            UIView.animate(withDuration: 0.4, delay: 0, options: .curveEaseIn, animations: {
                self.logo.transform = CGAffineTransform(scaleX: 8, y: 8)
                self.logo.alpha = 0
            }, completion: { _ in
                self.logo.removeFromSuperview()
                self.isFinished = true
            })
        })
    }
}

// MARK: - Check

import FlipbookTesting
import Testing

/// The app's logo asset, a 40 × 40 blue disc, as the app bundle would hold it.
private let splashLogoPNG = Data(base64Encoded: "iVBORw0KGgoAAAANSUhEUgAAACgAAAAoCAYAAACM/rhtAAAACXBIWXMAAAABAAAAAQBPJcTWAAAAnElEQVR4nO3XwRXAIAgDUBfp8F3RBdoBigKKBPo45Er+DWjX3VvkwAEewIcJBMihzLBesGWoN0wNReJESDSORUbATZFRcENkSiAKRyLTAdG4D7KAlkA0ikQWsIAFLKAjMBIy5yZJAYyAzH0PopH/+ElQSNIxA3oihwYO6IGc9kuAJ5FstxRoDRV3aoG7UHXXKlCD3ZpvATwaOIDLC20phNed5TwqAAAAAElFTkSuQmCC")!

@MainActor
@Test func splashLogoFromTheBundleShrinksThenZoomsAway() throws {
    let resources = FileManager.default.temporaryDirectory.appendingPathComponent("corpus-splash-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: resources, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: resources) }
    try splashLogoPNG.write(to: resources.appendingPathComponent("logo.png"))
    let recorder = corpusRecorder(width: 120, height: 120)
    recorder.resourceFolder = resources
    defer { recorder.resourceFolder = nil }

    let splash = SplashViewController()
    recorder.rootViewController = splash
    let shrunk = try recorder.presentation(of: splash.logo, at: 0.5).transform.m11
    assertAnimationSnapshots(of: recorder, at: [0.5, 0.75])
    let zooming = try recorder.presentation(of: splash.logo, at: 0.8)
    try recorder.run(until: 1.0)

    #expect(splash.logo.image?.size == CGSize(width: 40, height: 40), "found by name in the resource folder")
    #expect(close(Double(shrunk), 0.8, tolerance: 1e-3))
    #expect(zooming.transform.m11 > 1 && zooming.opacity < 1, "zooming and fading from the completion")
    #expect(splash.isFinished && splash.logo.superview == nil)
}
