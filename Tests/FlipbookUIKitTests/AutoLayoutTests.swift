import FlipbookUIKit
import Foundation
import Testing

/// Auto Layout: constraints solved into frames in the layout pass (G10), animated by
/// `layoutIfNeeded()` inside a block (V18), conflicts broken with UIKit's message (G11).
@MainActor
@Suite struct AutoLayoutTests {
    /// A view with a natural size, as a label or image view has.
    final class SizedView: UIView {
        var size: CGSize
        init(_ size: CGSize) {
            self.size = size
            super.init(frame: .zero)
            translatesAutoresizingMaskIntoConstraints = false
        }
        override var intrinsicContentSize: CGSize { size }
    }

    /// A view placed by constraints, added to the stage's 400 × 300 window.
    private func constrainedView(on stage: ViewStage) -> UIView {
        let view = UIView()
        view.translatesAutoresizingMaskIntoConstraints = false
        stage.window.addSubview(view)
        return view
    }

    // MARK: Solving

    @Test func pinnedEdgesGiveTheFrame_G10() {
        let stage = ViewStage()
        let bar = constrainedView(on: stage)

        stage.turn {
            NSLayoutConstraint.activate([
                bar.leadingAnchor.constraint(equalTo: stage.window.leadingAnchor, constant: 20),
                bar.trailingAnchor.constraint(equalTo: stage.window.trailingAnchor, constant: -20),
                bar.topAnchor.constraint(equalTo: stage.window.topAnchor, constant: 30),
                bar.heightAnchor.constraint(equalToConstant: 50),
            ])
        }

        #expect(bar.frame == CGRect(x: 20, y: 30, width: 360, height: 50))
        #expect(bar.constraints.count == 1 && stage.window.constraints.count == 3, "held by the common ancestor, or the view itself")
    }

    @Test func centredWithAMultiplierOfTheSuperviewsWidth_G10() {
        let stage = ViewStage()
        let card = constrainedView(on: stage)

        stage.turn {
            NSLayoutConstraint.activate([
                card.widthAnchor.constraint(equalTo: stage.window.widthAnchor, multiplier: 0.5),
                card.heightAnchor.constraint(equalTo: card.widthAnchor, multiplier: 0.25, constant: -10),
                card.centerXAnchor.constraint(equalTo: stage.window.centerXAnchor),
                card.centerYAnchor.constraint(equalTo: stage.window.centerYAnchor),
            ])
        }

        #expect(card.frame == CGRect(x: 100, y: 130, width: 200, height: 40))
        #expect(card.center == CGPoint(x: 200, y: 150))
    }

    @Test func aMultiplierOnAPositionScalesWithinTheCommonAncestor_G10() {
        let stage = ViewStage()
        let container = UIView(frame: CGRect(x: 100, y: 50, width: 200, height: 100))
        stage.window.addSubview(container)
        let dot = UIView()
        dot.translatesAutoresizingMaskIntoConstraints = false
        container.addSubview(dot)

        stage.turn {
            NSLayoutConstraint(item: dot, attribute: .centerX, relatedBy: .equal, toItem: container,
                               attribute: .centerX, multiplier: 0.5, constant: 0).isActive = true
            NSLayoutConstraint(item: dot, attribute: .top, relatedBy: .equal, toItem: container,
                               attribute: .top, multiplier: 1, constant: 10).isActive = true
            NSLayoutConstraint(item: dot, attribute: .width, relatedBy: .equal, toItem: nil,
                               attribute: .notAnAttribute, multiplier: 1, constant: 20).isActive = true
            NSLayoutConstraint(item: dot, attribute: .height, relatedBy: .equal, toItem: dot,
                               attribute: .width, multiplier: 1, constant: 0).isActive = true
        }

        #expect(dot.frame == CGRect(x: 40, y: 10, width: 20, height: 20), "a quarter of the container's width, in its coordinates")
    }

    @Test func inequalitiesAndPrioritiesChooseTheWidth_G10() {
        let stage = ViewStage()
        let view = constrainedView(on: stage)
        let wish = view.widthAnchor.constraint(equalToConstant: 300)
        wish.priority = .defaultHigh
        let lowWish = view.widthAnchor.constraint(equalToConstant: 20)
        lowWish.priority = .defaultLow

        stage.turn {
            NSLayoutConstraint.activate([
                view.leftAnchor.constraint(equalTo: stage.window.leftAnchor),
                view.topAnchor.constraint(equalTo: stage.window.topAnchor),
                view.heightAnchor.constraint(equalToConstant: 10),
                view.widthAnchor.constraint(lessThanOrEqualToConstant: 150),
                view.widthAnchor.constraint(greaterThanOrEqualToConstant: 40),
                wish, lowWish,
            ])
        }
        let capped = view.frame.width
        stage.turn { wish.priority = UILayoutPriority(200) }
        let lowered = view.frame.width
        stage.turn { lowWish.priority = .defaultLow - 100 }

        #expect(capped == 150, "the required maximum wins; the 750 wish comes as close as it may")
        #expect(lowered == 40, "now the 250 wish for 20 leads, held at the required minimum")
        #expect(view.frame.width == 150, "and back to the 200 wish for 300, capped")
    }

    @Test func intrinsicSizesWithHuggingShareARow_G10() {
        let stage = ViewStage()
        let icon = SizedView(CGSize(width: 40, height: 40)), title = SizedView(CGSize(width: 80, height: 20))
        [icon, title].forEach(stage.window.addSubview)
        icon.setContentHuggingPriority(.defaultLow + 1, for: .horizontal)

        stage.turn {
            NSLayoutConstraint.activate([
                icon.leadingAnchor.constraint(equalTo: stage.window.leadingAnchor, constant: 10),
                icon.topAnchor.constraint(equalTo: stage.window.topAnchor, constant: 10),
                title.leadingAnchor.constraint(equalTo: icon.trailingAnchor, constant: 8),
                title.trailingAnchor.constraint(equalTo: stage.window.trailingAnchor, constant: -10),
                title.centerYAnchor.constraint(equalTo: icon.centerYAnchor),
            ])
        }

        #expect(icon.frame == CGRect(x: 10, y: 10, width: 40, height: 40), "hugs harder: keeps its natural size")
        #expect(title.frame == CGRect(x: 58, y: 20, width: 332, height: 20), "stretches; its height is its natural one")
        #expect(icon.contentHuggingPriority(for: .vertical) == .defaultLow)
        #expect(icon.contentCompressionResistancePriority(for: .horizontal) == .defaultHigh)
    }

    @Test func theLowerCompressionResistanceGivesWay_G10() {
        let stage = ViewStage()
        let a = SizedView(CGSize(width: 300, height: 20)), b = SizedView(CGSize(width: 300, height: 20))
        [a, b].forEach(stage.window.addSubview)
        b.setContentCompressionResistancePriority(.defaultHigh - 1, for: .horizontal)

        stage.turn {
            NSLayoutConstraint.activate([
                a.leadingAnchor.constraint(equalTo: stage.window.leadingAnchor),
                b.leadingAnchor.constraint(equalTo: a.trailingAnchor),
                b.trailingAnchor.constraint(equalTo: stage.window.trailingAnchor),
                a.topAnchor.constraint(equalTo: stage.window.topAnchor),
                b.topAnchor.constraint(equalTo: stage.window.topAnchor),
            ])
        }

        #expect(a.frame.width == 300)
        #expect(b.frame == CGRect(x: 300, y: 0, width: 100, height: 20))
    }

    @Test func guidesFollowTheSafeAreaMarginsAndTheirConstraints_G10() {
        let stage = ViewStage()
        let inset = constrainedView(on: stage), left = constrainedView(on: stage), right = constrainedView(on: stage)
        let gap = UILayoutGuide()
        stage.window.addLayoutGuide(gap)
        let margins = stage.window.layoutMarginsGuide, safe = stage.window.safeAreaLayoutGuide

        stage.turn {
            NSLayoutConstraint.activate([
                inset.leadingAnchor.constraint(equalTo: margins.leadingAnchor),
                inset.trailingAnchor.constraint(equalTo: margins.trailingAnchor),
                inset.topAnchor.constraint(equalTo: safe.topAnchor),
                inset.heightAnchor.constraint(equalToConstant: 10),
                left.leadingAnchor.constraint(equalTo: safe.leadingAnchor),
                left.widthAnchor.constraint(equalToConstant: 100),
                gap.leadingAnchor.constraint(equalTo: left.trailingAnchor),
                gap.trailingAnchor.constraint(equalTo: right.leadingAnchor),
                gap.widthAnchor.constraint(equalTo: right.widthAnchor),
                right.trailingAnchor.constraint(equalTo: safe.trailingAnchor),
                gap.topAnchor.constraint(equalTo: inset.bottomAnchor),
                gap.heightAnchor.constraint(equalToConstant: 5),
                left.topAnchor.constraint(equalTo: gap.bottomAnchor),
                right.topAnchor.constraint(equalTo: gap.bottomAnchor),
                left.heightAnchor.constraint(equalToConstant: 10),
                right.heightAnchor.constraint(equalToConstant: 10),
            ])
        }

        #expect(stage.window.layoutMargins == UIEdgeInsets(top: 8, left: 8, bottom: 8, right: 8))
        #expect(inset.frame == CGRect(x: 8, y: 0, width: 384, height: 10), "margins of 8; a safe area of zero insets")
        #expect(gap.layoutFrame == CGRect(x: 100, y: 10, width: 150, height: 5))
        #expect(right.frame == CGRect(x: 250, y: 15, width: 150, height: 10))
        #expect(margins.layoutFrame == CGRect(x: 8, y: 8, width: 384, height: 284))
    }

    @Test func aStackPinnedByItsTopTakesItsArrangedViewsHeight_G10() {
        let stage = ViewStage()
        let rows = [SizedView(CGSize(width: 50, height: 30)), SizedView(CGSize(width: 80, height: 20))]
        let stack = UIStackView(arrangedSubviews: rows)
        stack.axis = .vertical
        stack.spacing = 10
        stack.translatesAutoresizingMaskIntoConstraints = false
        stage.window.addSubview(stack)
        let below = constrainedView(on: stage)

        stage.turn {
            NSLayoutConstraint.activate([
                stack.topAnchor.constraint(equalTo: stage.window.topAnchor, constant: 20),
                stack.leadingAnchor.constraint(equalTo: stage.window.leadingAnchor, constant: 20),
                below.topAnchor.constraint(equalTo: stack.bottomAnchor),
                below.leadingAnchor.constraint(equalTo: stack.leadingAnchor),
                below.widthAnchor.constraint(equalToConstant: 10),
                below.heightAnchor.constraint(equalToConstant: 10),
            ])
        }
        let shown = (stack.frame, below.frame.minY)
        stage.turn { rows[1].isHidden = true }

        #expect(shown.0 == CGRect(x: 20, y: 20, width: 80, height: 60))
        #expect(shown.1 == 80)
        #expect(stack.frame.size == CGSize(width: 50, height: 30), "a hidden row takes no room")
        #expect(below.frame.minY == 50)
    }

    @Test func updateConstraintsRunsBeforeLayoutSubviewsFirst_G10() {
        final class Badge: UIView {
            var calls: [String] = []
            let dot = UIView()
            override class var requiresConstraintBasedLayout: Bool { true }
            override func updateConstraints() {
                calls.append("update")
                if dot.superview == nil {
                    dot.translatesAutoresizingMaskIntoConstraints = false
                    addSubview(dot)
                    NSLayoutConstraint.activate([
                        dot.widthAnchor.constraint(equalToConstant: 6), dot.heightAnchor.constraint(equalToConstant: 6),
                        dot.topAnchor.constraint(equalTo: topAnchor), dot.trailingAnchor.constraint(equalTo: trailingAnchor),
                    ])
                }
                super.updateConstraints()
            }
            override func layoutSubviews() {
                super.layoutSubviews()
                calls.append("layout \(dot.frame.minX)")
            }
        }
        let stage = ViewStage()
        let badge = Badge(frame: CGRect(x: 0, y: 0, width: 30, height: 30))

        stage.turn { stage.window.addSubview(badge) }
        stage.turn { badge.setNeedsUpdateConstraints() }

        #expect(badge.calls.prefix(2) == ["update", "layout 24.0"], "the dot is placed before layoutSubviews reads it")
        #expect(badge.calls.filter { $0 == "update" }.count == 2)
        #expect(!badge.needsUpdateConstraints())
    }

    @Test func aFrameFollowingItsSuperviewByTheMaskTakesPart_G10() {
        let stage = ViewStage()
        let panel = UIView(frame: CGRect(x: 0, y: 0, width: 100, height: 20))
        panel.translatesAutoresizingMaskIntoConstraints = false
        stage.window.addSubview(panel)
        let strip = UIView(frame: CGRect(x: 10, y: 0, width: 80, height: 4))
        strip.autoresizingMask = [.flexibleWidth]
        panel.addSubview(strip)
        let tag = constrainedView(on: stage)

        stage.turn {
            NSLayoutConstraint.activate([
                panel.leadingAnchor.constraint(equalTo: stage.window.leadingAnchor),
                panel.topAnchor.constraint(equalTo: stage.window.topAnchor),
                panel.widthAnchor.constraint(equalToConstant: 200),
                panel.heightAnchor.constraint(equalToConstant: 20),
                tag.leadingAnchor.constraint(equalTo: strip.trailingAnchor),
                tag.topAnchor.constraint(equalTo: panel.bottomAnchor),
                tag.widthAnchor.constraint(equalToConstant: 5),
                tag.heightAnchor.constraint(equalToConstant: 5),
            ])
        }

        #expect(strip.frame == CGRect(x: 10, y: 0, width: 180, height: 4), "panel grew from 100 (its width when the strip was set) to 200")
        #expect(tag.frame.minX == 190)
    }

    // MARK: Animating

    /// A sheet below the 300-point-high window whose top sits `constant` above the
    /// window's bottom.
    private func sheet(on stage: ViewStage) -> (UIView, NSLayoutConstraint) {
        let sheet = constrainedView(on: stage)
        let top = sheet.topAnchor.constraint(equalTo: stage.window.bottomAnchor, constant: 0)
        stage.turn {
            NSLayoutConstraint.activate([
                top,
                sheet.leadingAnchor.constraint(equalTo: stage.window.leadingAnchor),
                sheet.trailingAnchor.constraint(equalTo: stage.window.trailingAnchor),
                sheet.heightAnchor.constraint(equalToConstant: 200),
            ])
        }
        return (sheet, top)
    }

    @Test func layoutIfNeededInABlockAnimatesTheNewConstant_V18() {
        let stage = ViewStage()
        let (sheet, top) = sheet(on: stage)

        stage.turn {
            top.constant = -200
            UIView.animate(withDuration: 1) { stage.window.layoutIfNeeded() }
        }
        stage.advance(to: 0.25)
        let quarter = stage.position(sheet).y
        stage.advance(to: 0.75)
        let threeQuarters = stage.position(sheet).y

        // The centre moves from 400 to 200 on easeInEaseOut: 0.129162 and 0.870838 of the way (facts §1).
        #expect(close(Double(quarter), 400 - 200 * 0.129162, 1e-3))
        #expect(close(Double(threeQuarters), 400 - 200 * 0.870838, 1e-3))
        #expect(sheet.frame == CGRect(x: 0, y: 100, width: 400, height: 200), "the model is at the end at once")
    }

    @Test func aConstantChangedOutsideABlockSnapsAtTheEndOfTheTurn_V18() {
        let stage = ViewStage()
        let (sheet, top) = sheet(on: stage)
        var inTurn = CGRect.null

        stage.turn {
            top.constant = -120
            inTurn = sheet.frame
        }
        stage.advance(to: 0.1)

        #expect(inTurn.minY == 300, "not laid out until the pass at the end of the turn")
        #expect(sheet.frame.minY == 180)
        #expect(stage.position(sheet).y == 280, "no animation: the presentation is the model")
        #expect(sheet.layer.animationKeys() == nil)
    }

    @Test func deactivatingOneConstraintAndActivatingAnotherAnimates_V18() {
        let stage = ViewStage()
        let box = constrainedView(on: stage)
        let atLeft = box.leftAnchor.constraint(equalTo: stage.window.leftAnchor)
        let atRight = box.rightAnchor.constraint(equalTo: stage.window.rightAnchor)
        stage.turn {
            NSLayoutConstraint.activate([atLeft, box.topAnchor.constraint(equalTo: stage.window.topAnchor),
                                         box.widthAnchor.constraint(equalToConstant: 100),
                                         box.heightAnchor.constraint(equalToConstant: 100)])
        }

        stage.turn {
            atLeft.isActive = false
            atRight.isActive = true
            UIView.animate(withDuration: 1, delay: 0, options: .curveLinear) { stage.window.layoutIfNeeded() }
        }
        stage.advance(to: 0.5)

        #expect(stage.position(box) == CGPoint(x: 200, y: 50), "half-way from x 50 to 350")
        #expect(!atLeft.isActive && atRight.isActive)
    }

    @Test func aPropertyAnimatorAnimatesLayoutIfNeededToo_V18() {
        let stage = ViewStage()
        let (sheet, top) = sheet(on: stage)
        let animator = UIViewPropertyAnimator(duration: 1, curve: .linear) { stage.window.layoutIfNeeded() }

        stage.turn {
            top.constant = -100
            animator.startAnimation()
        }
        stage.advance(to: 0.5)

        #expect(stage.position(sheet).y == 350, "half-way from 400 to 300")
        #expect(sheet.frame.minY == 200)
    }

    // MARK: Errors

    @Test func unsatisfiableConstraintsAreReportedAndOneIsBroken_G11() throws {
        let stage = ViewStage()
        let view = constrainedView(on: stage)
        view.tag = 7
        let first = view.widthAnchor.constraint(equalToConstant: 100)
        let second = view.widthAnchor.constraint(equalToConstant: 200)
        second.identifier = "too-wide"

        let message = try capturingStandardError {
            stage.turn {
                NSLayoutConstraint.activate([first, second, view.heightAnchor.constraint(equalToConstant: 10),
                                             view.topAnchor.constraint(equalTo: stage.window.topAnchor),
                                             view.leftAnchor.constraint(equalTo: stage.window.leftAnchor)])
            }
        }

        #expect(message.contains("Unable to simultaneously satisfy constraints."))
        #expect(message.contains("\"<NSLayoutConstraint UIView#7.width == 100   (active)>\""))
        #expect(message.contains("Will attempt to recover by breaking constraint\n<NSLayoutConstraint 'too-wide' UIView#7.width == 200   (active)>"))
        #expect(view.frame.width == 100)
    }

    @Test func conflictingInequalitiesKeepTheFirstAndTheRestStillHold_G11() throws {
        let stage = ViewStage()
        let view = constrainedView(on: stage)
        let other = constrainedView(on: stage)

        let message = try capturingStandardError {
            stage.turn {
                NSLayoutConstraint.activate([
                    view.leftAnchor.constraint(equalTo: stage.window.leftAnchor, constant: 10),
                    view.topAnchor.constraint(equalTo: stage.window.topAnchor),
                    view.heightAnchor.constraint(equalToConstant: 10),
                    view.widthAnchor.constraint(greaterThanOrEqualToConstant: 300),
                    view.widthAnchor.constraint(lessThanOrEqualToConstant: 100),
                    other.leftAnchor.constraint(equalTo: view.rightAnchor),
                    other.topAnchor.constraint(equalTo: view.bottomAnchor),
                    other.widthAnchor.constraint(equalTo: view.widthAnchor, multiplier: 0.1),
                    other.heightAnchor.constraint(equalToConstant: 10),
                ])
            }
        }

        #expect(message.contains("breaking constraint\n<NSLayoutConstraint UIView.width <= 100   (active)>"))
        #expect(view.frame == CGRect(x: 10, y: 0, width: 300, height: 10))
        #expect(other.frame == CGRect(x: 310, y: 10, width: 30, height: 10), "constraints after the broken one still hold")
    }

    @Test func constraintsOfAViewThatLeftAreDeactivated_G10() {
        let stage = ViewStage()
        let (sheet, top) = sheet(on: stage)

        stage.turn { sheet.removeFromSuperview() }
        stage.turn { stage.window.setNeedsLayout() }

        #expect(!top.isActive)
        #expect(stage.window.constraints.isEmpty)
        #expect(sheet.constraints.count == 1, "its own height stays: both items are still inside it")
    }

    @Test func aConstantThatIsNotFiniteIsReportedAndTheLastFiniteOneKept_G11() throws {
        let stage = ViewStage()
        let (sheet, top) = sheet(on: stage)

        let message = try capturingStandardError {
            stage.turn { top.constant = .infinity }
        }

        #expect(message.contains("has a constant that is not a number of points; layout keeps 0"))
        #expect(sheet.frame.minY == 300, "the sheet keeps its frame")
        #expect(top.isActive)
    }

    @Test func aConstraintBetweenTreesStaysInactiveWithAMessage_G11() throws {
        let stage = ViewStage()
        let inside = constrainedView(on: stage)
        let outside = UILabel()
        let constraint = inside.topAnchor.constraint(equalTo: outside.bottomAnchor)

        let message = try capturingStandardError { constraint.isActive = true }

        #expect(!constraint.isActive)
        #expect(message.contains("Unable to activate constraint <NSLayoutConstraint UIView.top == UILabel.bottom   (inactive)> because UIView and UILabel have no common ancestor"))
    }

    @Test func aConstraintRelatingASizeToAPositionIsIgnoredWithAMessage_G11() throws {
        let view = UIView()
        var constraint: NSLayoutConstraint?

        let message = try capturingStandardError {
            constraint = NSLayoutConstraint(item: view, attribute: .width, relatedBy: .equal, toItem: view,
                                            attribute: .left, multiplier: 1, constant: 0)
            constraint?.isActive = true
        }

        #expect(message.contains("a size cannot be related to a location"))
        #expect(constraint?.isActive == false)
    }

    // MARK: Scale and determinism

    @Test func aChainOfAHundredViewsSolvesTheSameEachTime_G10() {
        func layOutChain() -> [CGRect] {
            let stage = ViewStage()
            var views: [UIView] = []
            stage.turn {
                for index in 0..<100 {
                    let view = constrainedView(on: stage)
                    let previous = views.last.map(\.trailingAnchor) ?? stage.window.leadingAnchor
                    let fill = view.widthAnchor.constraint(equalToConstant: 50)
                    fill.priority = .defaultLow
                    NSLayoutConstraint.activate([
                        view.leadingAnchor.constraint(equalTo: previous),
                        view.widthAnchor.constraint(greaterThanOrEqualToConstant: 1),
                        fill,
                        view.topAnchor.constraint(equalTo: stage.window.topAnchor, constant: CGFloat(index % 3)),
                        view.heightAnchor.constraint(equalTo: stage.window.heightAnchor, multiplier: 0.1),
                    ])
                    views.append(view)
                }
                views.last!.trailingAnchor.constraint(equalTo: stage.window.trailingAnchor).isActive = true
            }
            return views.map(\.frame)
        }

        let frames = layOutChain()

        #expect(frames == layOutChain())
        #expect(frames.last!.maxX == 400 && frames.allSatisfy { $0.width >= 1 && $0.height == 30 })
        #expect(frames.reduce(0) { $0 + $1.width } == 400)
    }
}

/// What `body` writes to standard error (file descriptor 2).
@MainActor
func capturingStandardError(_ body: () -> Void) throws -> String {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("stderr-\(UUID().uuidString).txt")
    FileManager.default.createFile(atPath: url.path, contents: nil)
    defer { try? FileManager.default.removeItem(at: url) }
    let file = try FileHandle(forWritingTo: url)
    let saved = dup(2)
    dup2(file.fileDescriptor, 2)
    body()
    dup2(saved, 2)
    try FileHandle(fileDescriptor: saved).close()
    try file.close()
    return try String(contentsOf: url, encoding: .utf8)
}
