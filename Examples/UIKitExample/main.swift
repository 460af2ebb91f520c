// An animation written the way an iOS app writes it, rendered to a video.
//
//     swift run UIKitExample [OUTPUT]
//
// OUTPUT is an .mp4 or .gif file, or a folder for PNG frames; default out/example.mp4.
// Porting from an app: `import UIKit` becomes `import FlipbookUIKit`, and a `Recorder`
// stands in for the window.
import FlipbookRecorder
import FlipbookUIKit

let output = URL(fileURLWithPath: CommandLine.arguments.dropFirst().first ?? "out/example.mp4")
let recorder = Recorder(size: CGSize(width: 640, height: 360), fps: 60, backgroundColor: .systemBackground)

// MARK: The card, as viewDidLoad would build it

let card = UIView(frame: CGRect(x: 40, y: 110, width: 240, height: 140))
card.backgroundColor = .systemBlue
card.layer.cornerRadius = 20
card.layer.shadowOpacity = 0.25
card.layer.shadowRadius = 12
card.layer.shadowOffset = CGSize(width: 0, height: 6)
recorder.rootView.addSubview(card)

let badge = CALayer()
badge.frame = CGRect(x: 20, y: 20, width: 32, height: 32)
badge.cornerRadius = 16
badge.backgroundColor = UIColor.white.cgColor
card.layer.addSublayer(badge)

// MARK: The animation

// The card slides right and tilts, easing in and out; when it has arrived, it fades to
// half and the badge (a standalone layer, so it animates implicitly) grows into a bar.
UIView.animate(withDuration: 1, delay: 0.25, options: [.curveEaseInOut]) {
    card.center.x = 460
    card.transform = CGAffineTransform(rotationAngle: .pi / 36)
} completion: { _ in
    UIView.animate(withDuration: 0.5) {
        card.alpha = 0.5
    }
    CATransaction.begin()
    CATransaction.setAnimationDuration(0.5)
    CATransaction.setAnimationTimingFunction(CAMediaTimingFunction(name: .easeOut))
    badge.frame = CGRect(x: 20, y: 20, width: 200, height: 32)
    badge.backgroundColor = UIColor.systemYellow.cgColor
    CATransaction.commit()
}

// MARK: Recording

do {
    try recorder.render(to: output)  // until nothing animates; or render(duration: 3, to: output)
    print(output.path)
} catch {
    FileHandle.standardError.write(Data("UIKitExample: error: \(error)\n".utf8))
    exit(1)
}
