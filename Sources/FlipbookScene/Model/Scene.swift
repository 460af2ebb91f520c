import Foundation
import FlipbookUIKit

/// A validated scene: the canvas, the tree to build and the timeline, with defaults applied.
///
/// Produced by `SceneLoader`; everything in it has been checked, so building and running
/// it cannot fail on its shape. How long it lasts is a question for a run of it
/// (`duration()`): loading does not simulate.
@MainActor
public struct Scene {
    /// The file's base name without extension: names outputs and golden folders.
    public let name: String

    /// The name a scene loaded from `file` has (its base name without extension), known
    /// without loading it.
    public static func name(forFile file: String) -> String {
        URL(fileURLWithPath: file).deletingPathExtension().lastPathComponent
    }
    public let file: String
    public var canvas: Canvas
    public let golden: GoldenSpec?
    let views: [ViewSpec]
    let layers: [LayerSpec]
    let timeline: [TimelineEntry]

    init(name: String, file: String, canvas: Canvas, golden: GoldenSpec?,
         views: [ViewSpec], layers: [LayerSpec], timeline: [TimelineEntry]) {
        self.name = name
        self.file = file
        self.canvas = canvas
        self.golden = golden
        self.views = views
        self.layers = layers
        self.timeline = timeline
    }

    /// The virtual time of frame `index` (T5: computed from the index, never accumulated).
    public func time(ofFrame index: Int) -> Double { canvas.time(ofFrame: index) }

    /// The number of frames of a render lasting `duration` seconds: round(duration · fps)
    /// + 1, frame i sampled at i / fps, the last at `duration`.
    public func frameCount(duration: Double) -> Int { canvas.frameCount(duration: duration) }

    /// Every layer the scene names, whether or not it exists yet: `viewID.layer` for views
    /// with an id, standalone layers, then the layers the timeline adds.
    var layerNames: [String] {
        func viewNames(_ view: ViewSpec) -> [String] {
            (view.id.map { ["\($0).layer"] } ?? []) + view.subviews.flatMap(viewNames)
        }
        func addedNames(_ action: Action) -> [String] {
            switch action {
            case .located(_, let action): return addedNames(action)
            case .addSublayer(_, let layer): return [layer.id]
            case .addSubview(_, .new(let view)): return viewNames(view)
            case .transaction(let spec): return (spec.actions + (spec.completion ?? [])).flatMap(addedNames)
            case .present(let spec): return (spec.view.map(viewNames) ?? []) + action.viewControllerActions.flatMap(addedNames)
            case .dismiss: return action.viewControllerActions.flatMap(addedNames)
            default: return (action.viewAnimationActions + action.animatorActions).flatMap(addedNames)
            }
        }
        return views.flatMap(viewNames) + layers.map(\.id) + timeline.flatMap(\.actions).flatMap(addedNames)
    }
}
/// A property assignment read from the scene, ready to apply to its target.
struct Assignment<Target> {
    let key: String
    let apply: @MainActor (Target) -> Void
}

struct ViewSpec {
    let id: String?
    /// Makes the view: a `UIView`, or a `UILabel` for `class: UILabel`.
    let make: @MainActor () -> UIView
    let properties: [Assignment<UIView>]
    let layerProperties: [Assignment<CALayer>]
    let subviews: [ViewSpec]
    /// `layout:`: the frames of subviews, set by the view's `layoutSubviews()`.
    let layout: [LayoutRule]
}

/// One entry of a view's `layout`: a direct subview's frame from the view's bounds size.
struct LayoutRule {
    let childID: String
    /// x, y, width, height.
    let frame: [LayoutExpression]
    /// Where the rule is written, named when it gives no usable frame at run time.
    let location: SceneError.Location

    /// The child's frame for bounds of `size`; nil when a value is infinite or NaN.
    func frame(in size: CGSize) -> CGRect? {
        let values = frame.map { $0.value(width: size.width, height: size.height) }
        guard values.count == 4, values.allSatisfy(\.isFinite) else { return nil }
        return CGRect(x: values[0], y: values[1], width: values[2], height: values[3])
    }
}

struct LayerSpec {
    let id: String
    /// Makes the layer: a `CALayer`, or the subclass its `class:` names.
    let make: @MainActor () -> CALayer
    let superlayer: LayerReference?
    let properties: [Assignment<CALayer>]
}

/// A layer named in a scene: a standalone layer's id, or `viewID.layer`.
enum LayerReference: Hashable {
    case layer(String)
    case viewLayer(String)
}

struct TimelineEntry {
    let time: Double
    let actions: [Action]
}

/// One call of the timeline, ready to perform.
indirect enum Action {
    /// The action written at `location`, named in errors found when it runs.
    case located(SceneError.Location, Action)
    case setView(String, [Assignment<UIView>])
    case setLayer(LayerReference, [Assignment<CALayer>])
    case addAnimation(layer: LayerReference, key: String?, animation: AnimationSpec)
    case removeAnimation(layer: LayerReference, key: String)
    case removeAllAnimations(layer: LayerReference)
    case transaction(TransactionSpec)
    case addSublayer(parent: LayerReference, layer: LayerSpec)
    case removeFromSuperlayer(LayerReference)
    /// `addSubview`; a nil parent is the canvas (the root view).
    case addSubview(parent: String?, view: SubviewSource)
    case removeFromSuperview(String)
    case bringSubviewToFront(String)
    case setNeedsLayout(ViewOrLayer)
    case layoutIfNeeded(ViewOrLayer)
    case setNeedsDisplay(ViewOrLayer)
    case log(String)
    case animate(ViewAnimationSpec)
    case animateKeyframes(KeyframeAnimationSpec)
    case performWithoutAnimation([Action])
    case setAnimationsEnabled(Bool)
    case performSystemAnimation(SystemAnimationSpec)
    case beginAnimations(LegacyAnimationSpec)
    case transition(ViewTransitionSpec)
    case animator(AnimatorSpec)
    case animatorCall(AnimatorCallSpec)
    case present(PresentSpec)
    case dismiss(DismissSpec)
}

/// The view an `addSubview` adds: a new one, or one the scene has already (moved).
enum SubviewSource {
    case new(ViewSpec)
    case existing(String)
}

/// A view's id, or a layer (for verbs both UIView and CALayer have).
enum ViewOrLayer {
    case view(String)
    case layer(LayerReference)
}

/// A validated animation: `make` gives a fresh `CAAnimation` each time it is added.
///
/// The animation is built and checked once, when the scene is read; each `make` copies
/// it and then takes the steps that depend on when it is added. Copying is what
/// `CALayer.add` does anyway, and setting each property again took ten times as long.
struct AnimationSpec {
    /// A change made to an animation: setting one of its properties.
    typealias Step = @MainActor (CAAnimation) -> Void

    let prototype: CAAnimation
    /// Steps taken on each copy (a beginTime relative to the time of adding).
    let startSteps: [Step]

    @MainActor func make() -> CAAnimation {
        let animation = prototype.copy()
        for step in startSteps { step(animation) }
        return animation
    }
}

/// `transaction:`: CATransaction.begin(), settings, the actions, commit().
struct TransactionSpec {
    let name: String?
    let duration: Double?
    let timingFunction: TimingFunction?
    let disableActions: Bool?
    let actions: [Action]
    let completion: [Action]?
}
