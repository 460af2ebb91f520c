import FlipbookUIKit

// Idioms from several apps in one place: a spinner of keyframed NSValue transforms with
// Bézier timing and `repeatCount = HUGE`, paused and resumed by the layer-time recipe
// (convertTime, speed, timeOffset, beginTime); a card dropped in by a constraint and a
// spring, then flipped, pushed (kCATransition), tilted in a CATransaction and bounced by
// a CASpringAnimation; a shimmer mask animating a gradient's locations.

final class PausableDashedSpinner: UIView {
    private let ring = CAShapeLayer()
    private var heightConstraint: NSLayoutConstraint?

    override init(frame: CGRect) {
        super.init(frame: frame)
        ring.lineWidth = 4
        ring.strokeColor = UIColor(red: 0.2, green: 0.4, blue: 0.9, alpha: 1).cgColor
        ring.fillColor = UIColor.clear.cgColor
        ring.lineCap = .round
        ring.lineDashPattern = [4, 2]
        layer.addSublayer(ring)
    }

    required init?(coder: NSCoder) { fatalError("init(coder:) has not been implemented") }

    override func layoutSubviews() {
        super.layoutSubviews()
        ring.frame = bounds
        ring.path = UIBezierPath(ovalIn: bounds.insetBy(dx: 4, dy: 4)).cgPath
        layer.shadowPath = UIBezierPath(roundedRect: bounds, cornerRadius: 10).cgPath
    }

    func startAnimating() {
        let beginTime = CACurrentMediaTime()
        let scale = CAKeyframeAnimation(keyPath: "transform")
        scale.keyTimes = [0, 0.3, 1]
        let timing = CAMediaTimingFunction(controlPoints: 0.2, 0.68, 0.18, 1.08)
        scale.timingFunctions = [timing, timing]
        scale.values = [
            NSValue(caTransform3D: CATransform3DMakeScale(1, 1, 1)),
            NSValue(caTransform3D: CATransform3DMakeScale(0.3, 0.3, 1)),
            NSValue(caTransform3D: CATransform3DIdentity),
        ]
        scale.duration = 0.75
        scale.repeatCount = HUGE
        scale.isRemovedOnCompletion = false
        scale.beginTime = beginTime + 0.12
        ring.add(scale, forKey: "scale")

        let dash = CABasicAnimation(keyPath: "lineDashPhase")
        dash.byValue = 6
        dash.duration = 0.5
        dash.repeatCount = .infinity
        ring.add(dash, forKey: nil)

        let group = CAAnimationGroup()
        let fade = CABasicAnimation(keyPath: "opacity")
        fade.fromValue = 1
        fade.toValue = 0.4
        group.animations = [fade]
        group.duration = 1
        group.autoreverses = true
        group.repeatCount = Float.greatestFiniteMagnitude
        group.timingFunction = CAMediaTimingFunction(name: .easeInEaseOut)
        group.fillMode = .forwards
        layer.add(group, forKey: "pulse")
    }

    func pause() {
        let pausedTime = layer.convertTime(CACurrentMediaTime(), from: nil)
        layer.speed = 0
        layer.timeOffset = pausedTime
    }

    func resume() {
        let pausedTime = layer.timeOffset
        layer.speed = 1
        layer.timeOffset = 0
        layer.beginTime = 0
        let timeSincePause = layer.convertTime(CACurrentMediaTime(), from: nil) - pausedTime
        layer.beginTime = timeSincePause
    }
}

final class DroppingCardViewController: UIViewController {
    let card = UIView()
    let label = UILabel()
    let back = UIView()
    var cardTop: NSLayoutConstraint!

    override func viewDidLoad() {
        super.viewDidLoad()
        view.backgroundColor = UIColor(white: 0.95, alpha: 1)
        card.backgroundColor = UIColor(hue: 0.6, saturation: 0.5, brightness: 0.9, alpha: 1).withAlphaComponent(0.9)
        card.translatesAutoresizingMaskIntoConstraints = false
        view.addSubview(card)
        cardTop = NSLayoutConstraint(item: card, attribute: .top, relatedBy: .equal, toItem: view,
                                     attribute: .top, multiplier: 1, constant: -200)
        NSLayoutConstraint.activate([
            cardTop,
            card.centerXAnchor.constraint(equalTo: view.centerXAnchor),
            card.widthAnchor.constraint(equalTo: view.widthAnchor, multiplier: 0.8),
            card.heightAnchor.constraint(equalToConstant: 120),
        ])
        label.text = "Hello"
        label.font = UIFont.boldSystemFont(ofSize: 18)
        label.textAlignment = .center
        label.numberOfLines = 0
        label.sizeToFit()
        card.addSubview(label)
        let image = UIImageView(image: UIImage(systemName: "heart.fill"))
        card.addSubview(image)
    }

    override func viewDidAppear(_ animated: Bool) {
        super.viewDidAppear(animated)
        cardTop.constant = 40
        UIView.animate(withDuration: 0.6, delay: 0, usingSpringWithDamping: 0.7, initialSpringVelocity: 0.5,
                       options: [.curveEaseInOut, .allowUserInteraction]) {
            self.view.layoutIfNeeded()
        } completion: { _ in
            DispatchQueue.main.asyncAfter(deadline: .now() + .milliseconds(300)) {
                self.flip()
            }
        }
        UIView.animate(withDuration: 1, delay: 0, options: [.repeat, .autoreverse]) {
            self.label.transform = CGAffineTransform.identity.scaledBy(x: 1.1, y: 1.1).rotated(by: .pi / 16)
        }
    }

    func flip() {
        UIView.transition(with: card, duration: 0.5, options: [.transitionFlipFromLeft, .showHideTransitionViews]) {
            self.label.text = "Flipped"
        }
        let transition = CATransition()
        transition.type = .push
        transition.subtype = .fromRight
        transition.duration = 0.3
        transition.timingFunction = CAMediaTimingFunction(name: CAMediaTimingFunctionName.easeOut)
        label.layer.add(transition, forKey: kCATransition)

        CATransaction.begin()
        CATransaction.setAnimationDuration(0.5)
        CATransaction.setAnimationTimingFunction(CAMediaTimingFunction(name: .easeInEaseOut))
        CATransaction.setCompletionBlock { [weak self] in
            self?.card.layer.removeAllAnimations()
        }
        var perspective = CATransform3DIdentity
        perspective.m34 = -1 / 500
        card.layer.transform = CATransform3DRotate(perspective, .pi / 8, 0, 1, 0)
        CATransaction.commit()

        let spring = CASpringAnimation(keyPath: "position.y")
        spring.damping = 10
        spring.fromValue = card.layer.position.y - 10
        spring.toValue = card.layer.position.y
        spring.duration = spring.settlingDuration
        card.layer.add(spring, forKey: "bounce")

        UIViewPropertyAnimator.runningPropertyAnimator(withDuration: 0.4, delay: 0.1, options: [.curveLinear], animations: {
            self.card.alpha = 0.8
        }, completion: { position in
            if position == .end { self.card.alpha = 1 }
        })
        UIView.animateKeyframes(withDuration: 1, delay: 0, options: [.calculationModeCubic]) {
            UIView.addKeyframe(withRelativeStartTime: 0, relativeDuration: 0.5) { self.label.alpha = 0.5 }
            UIView.addKeyframe(withRelativeStartTime: 0.5, relativeDuration: 0.5) { self.label.alpha = 1 }
        }
    }
}

final class LocationsShimmerMask {
    let gradient = CAGradientLayer()
    init(on view: UIView) {
        gradient.frame = view.bounds
        gradient.startPoint = CGPoint(x: 0, y: 0.5)
        gradient.endPoint = CGPoint(x: 1, y: 0.5)
        gradient.colors = [UIColor.lightGray.cgColor, UIColor.white.cgColor, UIColor.lightGray.cgColor]
        gradient.locations = [0, 0.5, 1]
        view.layer.mask = gradient
        view.layer.masksToBounds = true
        let move = CABasicAnimation(keyPath: "locations")
        move.fromValue = [-1.0, -0.5, 0.0]
        move.toValue = [1.0, 1.5, 2.0]
        move.duration = 1.5
        move.repeatCount = .infinity
        gradient.add(move, forKey: "shimmer")
    }
}

// MARK: - Check

import FlipbookTesting
import Testing

@MainActor
@Test func theSpinnerHoldsStillWhilePausedAndTheCardDropsToItsConstraint() throws {
    let recorder = corpusRecorder(width: 300, height: 300)
    let controller = DroppingCardViewController()
    recorder.rootViewController = controller
    let spinner = PausableDashedSpinner(frame: CGRect(x: 20, y: 200, width: 60, height: 60))
    recorder.rootView.addSubview(spinner)
    spinner.startAnimating()
    let shimmer = LocationsShimmerMask(on: spinner)
    recorder.at(0.5) { spinner.pause() }
    recorder.at(1.0) { spinner.resume() }

    let opacity = try [0.3, 0.6, 0.9, 1.2].map { try recorder.presentation(of: spinner, at: $0).opacity }
    let top = try recorder.presentation(of: controller.card, at: 2.0).frame.minY
    let label = controller.label.bounds.size

    #expect(opacity[1] == opacity[2], "paused from 0.5 s to 1 s: \(opacity)")
    #expect(opacity[0] != opacity[1] && opacity[2] != opacity[3], "moving before and after: \(opacity)")
    #expect(abs(top - 40) < 0.5, "the card rests where its constraint puts it: \(top)")
    #expect(label.width > 2 * label.height, "sizeToFit of a label of several lines: one line, \(label)")
    #expect(shimmer.gradient.animation(forKey: "shimmer") != nil)
}

@MainActor
@Test func theDroppingCardAndPausableSpinnerLookAsOnTheDevice() throws {
    let recorder = corpusRecorder(width: 300, height: 300)
    recorder.rootViewController = DroppingCardViewController()
    let spinner = PausableDashedSpinner(frame: CGRect(x: 20, y: 200, width: 60, height: 60))
    recorder.rootView.addSubview(spinner)
    spinner.startAnimating()
    recorder.at(0.5) { spinner.pause() }
    recorder.at(1.0) { spinner.resume() }

    assertAnimationSnapshots(of: recorder, at: [0.4, 1.5, 2.5])
}
