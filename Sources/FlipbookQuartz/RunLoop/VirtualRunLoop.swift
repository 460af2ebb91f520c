import Foundation

/// A run loop on virtual time: the turns in which animations, and the code that starts
/// them, run (T5).
///
/// Time moves only when `advance(to:)` is called. Work happens in turns at exact times:
/// scheduled blocks (timeline entries, completions) and the starts and ends of
/// animations. Each turn has an implicit transaction, committed when it ends. At one
/// time, animation events come first (in the order the animations were added), then
/// scheduled blocks in the order they were scheduled; work they schedule for the same
/// time runs after them, still at that time.
///
/// The run loop keeps the time, the scheduled blocks and the shown trees; its
/// `transactions`, `layoutPass` and `animations` do the rest of a turn's work. Creating
/// one makes it `current`, the run loop of `CATransaction` and `CACurrentMediaTime()`.
public final class VirtualRunLoop {
    /// The current virtual time in seconds.
    public private(set) var now: Double = 0
    /// The roots of the trees that count as shown: their layers are committed at the end
    /// of each transaction, and from then on animate implicitly (TX6).
    public var rootLayers: [CALayer] = []
    /// The canvas of the stage running this loop, in points and pixels per point: what
    /// `UIScreen.main` reports while it is current.
    package var screen: (size: CGSize, scale: CGFloat)?
    /// Told of every animation start and stop, right after the animation's delegate, in
    /// the same order (for event logs of code-built animations).
    public var animationEventObserver: ((AnimationEvent) -> Void)?

    /// The transactions open in the turn running.
    private(set) lazy var transactions = TransactionStack(runLoop: self)
    /// The layout and display of the shown trees before each outermost commit.
    let layoutPass = LayoutPass()
    /// The animations whose starts and stops are still to be delivered.
    let animations = AnimationEventQueue()

    private struct Scheduled {
        let time: Double
        let sequence: Int
        /// Work that schedules itself again (a repeating timer's next firing): it never
        /// runs out, so it does not count as work to come when asking whether play ends.
        let recurring: Bool
        let work: () -> Void
    }

    private var scheduled: [Scheduled] = []
    /// The display links added to this run loop, called once per frame (`displayFrame`).
    var displayLinks: [CADisplayLink] = []
    private var sequence = 0
    private var attachments: [ObjectIdentifier: AnyObject] = [:]
    /// Which run loop this is, never given to another in the process (an object's address
    /// is, once it is freed): what an animation keeps of the run loop it was added on.
    let serial: Int

    nonisolated(unsafe) private static var madeCount = 0
    private static let madeCountLock = NSLock()

    /// A run loop at `time` seconds, made current.
    public init(startingAt time: Double = 0) {
        now = time
        serial = Self.madeCountLock.withLock {
            Self.madeCount += 1
            return Self.madeCount
        }
        makeCurrent()
    }

    /// The run loop's instance of `State`, made by `make` on first use: how frameworks
    /// above Core Animation (UIKit's animation blocks) keep state per run loop, so that a
    /// fresh run loop starts clean.
    public func attachment<State: AnyObject>(_ make: () -> State) -> State {
        if let state = attachments[ObjectIdentifier(State.self)] as? State { return state }
        let state = make()
        attachments[ObjectIdentifier(State.self)] = state
        return state
    }

    /// The next number in the order of scheduling blocks and adding animations.
    func nextSequence() -> Int {
        sequence += 1
        return sequence
    }

    // MARK: Turns

    /// Runs `work` in a turn at virtual time `time` (not earlier than now).
    /// Returns a number that `cancelScheduled(_:)` takes.
    /// `recurring` marks the next firing of work that repeats (a repeating `Timer`): the
    /// play then never ends by itself (`hasRecurringWork`).
    @discardableResult
    public func schedule(at time: Double, recurring: Bool = false, _ work: @escaping () -> Void) -> Int {
        makeCurrent()
        let sequence = nextSequence()
        scheduled.append(Scheduled(time: max(time, now), sequence: sequence, recurring: recurring, work: work))
        return sequence
    }

    /// Drops a block scheduled and not run yet, so it no longer counts as work to come.
    public func cancelScheduled(_ id: Int) {
        scheduled.removeAll { $0.sequence == id }
    }

    /// Runs `body` now as one turn and commits its transaction.
    public func performTurn(_ body: () throws -> Void) rethrows {
        makeCurrent()
        defer { transactions.flush() }
        try body()
    }

    /// Runs every turn due up to `time`, in order, and moves the run loop there.
    public func advance(to time: Double) {
        makeCurrent()
        transactions.flush()
        while let next = nextEventTime, next <= time {
            now = max(now, next)
            performTurn { animations.deliverEvents(at: now, on: self) }
            while let index = nextScheduledIndex(dueBy: now) {
                let turn = scheduled.remove(at: index)
                performTurn { turn.work() }
            }
        }
        now = max(now, time)
    }

    /// The time of the next turn: a scheduled block, or an animation starting or ending;
    /// nil when nothing is pending (animations that never end do not count).
    ///
    /// Asked before every frame, so it takes the minimum in place rather than listing the events.
    public var nextEventTime: Double? {
        guard !animations.hasRemovedAnimations else { return now }
        var next: Double?
        for turn in scheduled { next = min(next ?? turn.time, turn.time) }
        guard let animationEvent = animations.nextEventTime(now: now) else { return next }
        return min(next ?? animationEvent, animationEvent)
    }

    /// Whether anything is still to happen apart from work that repeats forever: a block
    /// scheduled once, or an animation starting or ending.
    public var hasWorkToCome: Bool {
        animations.hasRemovedAnimations || scheduled.contains { !$0.recurring } || animations.nextEventTime(now: now) != nil
    }

    /// Whether work repeats forever: a repeating timer, or a display link not invalidated
    /// nor paused. Like an animation repeating forever, the play never ends by itself.
    public var hasRecurringWork: Bool {
        scheduled.contains { $0.recurring } || displayLinks.contains { !$0.isPaused }
    }

    /// Whether an animation on a shown layer repeats forever (it has no end to wait for).
    /// A paused one (speed 0) does not count: it shows one still value.
    public var isAnimatingForever: Bool { animations.isAnimatingForever(under: rootLayers) }

    private func nextScheduledIndex(dueBy time: Double) -> Int? {
        scheduled.indices.filter { scheduled[$0].time <= time }
            .min { (scheduled[$0].time, scheduled[$0].sequence) < (scheduled[$1].time, scheduled[$1].sequence) }
    }

    // MARK: Coordinating the parts

    /// Notes `attached`, just added to `layer`, for the completions of the open
    /// transactions (TX3) and for the delivery of its start and stop.
    func animationAdded(_ attached: AttachedAnimation, to layer: CALayer) {
        transactions.addToCompletions(attached)
        animations.track(layer)
    }

    /// Runs the layout pass over the shown trees: the start of the outermost commit.
    func layOutShownTrees() { layoutPass.run(on: self) }

    /// Marks every layer in a shown tree as committed: the end of the outermost commit (TX6).
    /// Only subtrees holding a layer not marked yet are visited (a layer stays committed).
    func markShownTreesCommitted() {
        for root in rootLayers { markCommitted(root) }
    }

    /// The first animation under `root` (its sublayers and masks too, depth first) that was
    /// added while another run loop was current: its starts, stops and completions belong
    /// to that one, and its begin time to that one's clock, so this one would not play it
    /// as it should. nil when every animation there is this run loop's.
    package func firstAnimationAddedElsewhere(under root: CALayer) -> (layer: CALayer, key: String?)? {
        if let foreign = root.attachedAnimations.first(where: { $0.runLoopSerial != serial }) {
            return (root, foreign.isAnonymous ? nil : foreign.key)
        }
        for layer in (root.mask.map { [$0] } ?? []) + (root.sublayers ?? []) {
            if let found = firstAnimationAddedElsewhere(under: layer) { return found }
        }
        return nil
    }

    private func markCommitted(_ layer: CALayer) {
        guard layer.subtreeNeedsCommit else { return }
        layer.hasBeenCommitted = true
        layer.mask.map(markCommitted)
        for sublayer in layer.sublayers ?? [] { markCommitted(sublayer) }
        layer.subtreeNeedsCommit = false
    }
}
