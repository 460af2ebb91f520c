import FlipbookUIKit

// A square tours the corners of its area with animateKeyframes(withDuration:): four
// addKeyframe blocks at relative start times, one rotating it as it goes, and a
// completion that resets it.

final class KeyframeTourView: UIView {
    let square = UIView(frame: CGRect(x: 10, y: 10, width: 30, height: 30))
    private(set) var finished: Bool?

    override init(frame: CGRect) {
        super.init(frame: frame)
        square.backgroundColor = .systemTeal
        addSubview(square)
    }

    required init?(coder: NSCoder) {
        fatalError("init(coder:) has not been implemented")
    }

    func tour() {
        let far = bounds.width - 25
        UIView.animateKeyframes(withDuration: 2, delay: 0, options: [.calculationModeLinear], animations: {
            UIView.addKeyframe(withRelativeStartTime: 0, relativeDuration: 0.25) {
                self.square.center = CGPoint(x: far, y: 25)
            }
            UIView.addKeyframe(withRelativeStartTime: 0.25, relativeDuration: 0.25) {
                self.square.center = CGPoint(x: far, y: far)
                self.square.backgroundColor = .systemIndigo
            }
            UIView.addKeyframe(withRelativeStartTime: 0.5, relativeDuration: 0.25) {
                self.square.center = CGPoint(x: 25, y: far)
            }
            UIView.addKeyframe(withRelativeStartTime: 0.75, relativeDuration: 0.25) {
                self.square.center = CGPoint(x: 25, y: 25)
            }
            UIView.addKeyframe(withRelativeStartTime: 0, relativeDuration: 1) {
                self.square.transform = CGAffineTransform(rotationAngle: .pi)
            }
        }, completion: { finished in
            self.finished = finished
            self.square.transform = .identity
        })
    }
}

// MARK: - Check

import FlipbookTesting
import Testing

@MainActor
@Test func keyframeBlocksTourTheFourCorners() throws {
    let recorder = corpusRecorder(width: 120, height: 120)
    let area = KeyframeTourView(frame: CGRect(x: 0, y: 0, width: 120, height: 120))
    recorder.rootView.addSubview(area)
    area.tour()

    let firstCorner = try recorder.presentation(of: area.square, at: 0.5).position
    let thirdLeg = try recorder.presentation(of: area.square, at: 1.25)

    #expect(firstCorner == CGPoint(x: 95, y: 25))
    #expect(close(Double(thirdLeg.position.x), 60) && close(Double(thirdLeg.position.y), 95), "halfway along the bottom")
    assertAnimationSnapshots(of: recorder, at: [1.25, 1.75])
    try recorder.run(until: 2.1)
    #expect(area.finished == true)
}
