import FlipbookUIKit
import Testing

/// `animate(withDuration:…usingSpringWithDamping:initialSpringVelocity:…)` (FACTS §2, T4).
@MainActor
@Suite struct UIViewSpringAnimationTests {
    @Test func aSpringBlockFollowsUIKitsSpringForItsDuration_T4() {
        let stage = ViewStage()
        let view = stage.view(frame: CGRect(x: -50, y: 0, width: 100, height: 100))
        stage.turn {
            UIView.animate(withDuration: 1, delay: 0, usingSpringWithDamping: 0.5, initialSpringVelocity: 0,
                           options: [], animations: { view.center = CGPoint(x: 100, y: 50) },
                           completion: stage.completion("spring"))
        }

        var xs: [Double] = []
        for t in [0.1, 0.25, 0.5] {
            stage.advance(to: t)
            xs.append(stage.position(view).x)
        }
        stage.advance(to: 2)

        // FACTS §2: (d=1, ζ=0.5) → x(0.1)=0.48782, x(0.25)=1.14422, x(0.5)=0.98715, over 100 points.
        #expect(zip(xs, [48.782, 114.422, 98.715]).allSatisfy { close($0, $1, 0.01) }, "\(xs)")
        #expect(stage.log.entries == ["spring:true@1.0"])
    }
}
