import FlipbookUIKit

// The "like" burst without CAEmitterLayer: a ring of small dots thrown outwards from the
// heart, each a CALayer with a group of position and opacity animations, removed by its
// animationDidStop; the heart itself pops with a spring.

final class LikeBurstView: UIView, @preconcurrency CAAnimationDelegate {
    let heart = UIView()
    private(set) var particles: [CALayer] = []

    override init(frame: CGRect) {
        super.init(frame: frame)
        heart.frame = CGRect(x: bounds.midX - 15, y: bounds.midY - 15, width: 30, height: 30)
        heart.backgroundColor = .systemRed
        heart.layer.cornerRadius = 15
        addSubview(heart)
    }

    required init?(coder: NSCoder) {
        fatalError("init(coder:) has not been implemented")
    }

    func burst(count: Int = 10, distance: CGFloat = 50) {
        let center = CGPoint(x: bounds.midX, y: bounds.midY)
        let colors: [UIColor] = [.systemRed, .systemOrange, .systemYellow, .systemPink]
        for index in 0..<count {
            let angle = 2 * CGFloat.pi * CGFloat(index) / CGFloat(count)
            let particle = CALayer()
            particle.bounds = CGRect(x: 0, y: 0, width: 8, height: 8)
            particle.cornerRadius = 4
            particle.position = center
            particle.backgroundColor = colors[index % colors.count].cgColor
            particle.opacity = 0
            layer.insertSublayer(particle, below: heart.layer)
            particles.append(particle)

            let move = CABasicAnimation(keyPath: "position")
            move.fromValue = center
            move.toValue = CGPoint(x: center.x + cos(angle) * distance, y: center.y + sin(angle) * distance)
            move.timingFunction = CAMediaTimingFunction(name: .easeOut)

            let fade = CABasicAnimation(keyPath: "opacity")
            fade.fromValue = 1
            fade.toValue = 0

            let group = CAAnimationGroup()
            group.animations = [move, fade]
            group.duration = 0.6
            group.delegate = self
            group.setValue(particle, forKey: "particle")
            particle.add(group, forKey: "burst")
        }

        heart.transform = CGAffineTransform(scaleX: 0.6, y: 0.6)
        UIView.animate(withDuration: 0.5, delay: 0, usingSpringWithDamping: 0.3, initialSpringVelocity: 0,
                       options: [], animations: { self.heart.transform = .identity })
    }

    func animationDidStop(_ anim: CAAnimation, finished flag: Bool) {
        guard let particle = anim.value(forKey: "particle") as? CALayer else { return }
        particle.removeFromSuperlayer()
        particles.removeAll { $0 === particle }
    }
}

// MARK: - Check

import FlipbookTesting
import Testing

@MainActor
@Test func likeBurstThrowsParticlesOutAndCleansUp() throws {
    let recorder = corpusRecorder(width: 140, height: 140)
    let like = LikeBurstView(frame: CGRect(x: 0, y: 0, width: 140, height: 140))
    recorder.rootView.addSubview(like)
    recorder.at(0.1) { like.burst() }

    try recorder.run(until: 0.1)
    let first = try #require(like.particles.first)
    let flying = try recorder.presentation(of: first, at: 0.4)

    #expect(flying.position.x > 70 + 25 && close(Double(flying.position.y), 70, tolerance: 1e-3),
            "the first particle flies right: \(flying.position)")
    #expect(flying.opacity > 0 && flying.opacity < 1)
    assertAnimationSnapshots(of: recorder, at: [0.4])
    try recorder.run(until: 0.8)
    #expect(like.particles.isEmpty && like.layer.sublayers?.count == 1, "every particle removed itself")
}
