import FlipbookUIKit

// A skeleton placeholder: gray bars with a lighter band sweeping across them, a
// CAGradientLayer whose locations animate from off the left edge to off the right.

final class SkeletonView: UIView {
    let gradient = CAGradientLayer()

    override init(frame: CGRect) {
        super.init(frame: frame)
        backgroundColor = .white
        let bars = [CGRect(x: 0, y: 0, width: 40, height: 40),
                    CGRect(x: 50, y: 4, width: 110, height: 12),
                    CGRect(x: 50, y: 24, width: 80, height: 12)]
        let mask = CALayer()
        for bar in bars {
            let piece = CALayer()
            piece.frame = bar
            piece.cornerRadius = bar.height == 40 ? 20 : 6
            piece.backgroundColor = UIColor.black.cgColor
            mask.addSublayer(piece)
        }

        let base = UIColor(white: 0.85, alpha: 1).cgColor
        let shine = UIColor(white: 0.97, alpha: 1).cgColor
        gradient.frame = bounds
        gradient.colors = [base, shine, base]
        gradient.locations = [0, 0.5, 1]
        gradient.startPoint = CGPoint(x: 0, y: 0.5)
        gradient.endPoint = CGPoint(x: 1, y: 0.5)
        gradient.mask = mask
        layer.addSublayer(gradient)
    }

    required init?(coder: NSCoder) {
        fatalError("init(coder:) has not been implemented")
    }

    func startShimmering() {
        let animation = CABasicAnimation(keyPath: "locations")
        animation.fromValue = [-1.0, -0.5, 0.0]
        animation.toValue = [1.0, 1.5, 2.0]
        animation.duration = 1.2
        animation.repeatCount = .infinity
        gradient.add(animation, forKey: "shimmer")
    }
}

// MARK: - Check

import FlipbookTesting
import Testing

@MainActor
@Test func skeletonShimmerSweepsTheLocations() throws {
    let recorder = corpusRecorder(width: 180, height: 60)
    let skeleton = SkeletonView(frame: CGRect(x: 10, y: 10, width: 160, height: 40))
    recorder.rootView.addSubview(skeleton)
    skeleton.startShimmering()

    let halfway = try #require(try recorder.presentation(of: skeleton.gradient, at: 0.6) as? CAGradientLayer)
    let locations = (halfway.locations ?? []).map(\.doubleValue)

    #expect(locations.count == 3 && zip(locations, [0, 0.5, 1]).allSatisfy { close($0, $1, tolerance: 1e-3) },
            "\(locations)")
    assertAnimationSnapshots(of: recorder, at: [0.6, 0.9])
}
