import Foundation
import FlipbookUIKit

/// A validated scene: the canvas, the tree to build and the timeline, with defaults applied.
///
/// Produced by `SceneLoader`; everything in it has been checked, so building and running
/// it cannot fail on its shape. It is plain data — a description of the tree and of the
/// timeline's calls — that prints, compares and crosses tasks; `SceneRun` turns it into
/// views, layers and calls on a stage. How long it lasts is a question for a run of it
/// (`duration()`): loading does not simulate.
public struct Scene: Sendable, Equatable {
    /// The file's base name without extension: names outputs and golden folders.
    public let name: String

    /// The name a scene loaded from `file` has (its base name without extension), known
    /// without loading it.
    public static func name(forFile file: String) -> String {
        URL(fileURLWithPath: file).deletingPathExtension().lastPathComponent
    }
    public let file: String
    /// A hash (FNV-1a, 64 bits, hex) of everything the load read: the scene's text, then
    /// the bytes of each file it names (images), in the order read. Two loads with the same
    /// hash describe the same frames (for the same build and settings: see `PNGRenderFolder`).
    public internal(set) var inputHash = ""
    /// The files the load read besides the scene's text (images), resolved absolute paths in
    /// the order read: what a change of the scene's output can come from, with `file`.
    public internal(set) var inputFiles: [String] = []
    /// The limits it was loaded with; a run checks those the timeline can break (the depth
    /// of views `addSubview` adds or moves).
    public internal(set) var limits = SceneLimits()
    /// What the load found questionable but drawable, located ("FILE:LINE:COL: warning: …"),
    /// for the user: a font family that is not installed, say.
    public internal(set) var warnings: [String] = []
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
/// A view to build: its class, its properties and its layer's, and its subviews.
struct ViewSpec: Sendable, Equatable {
    /// What to make.
    enum Kind: Sendable, Equatable {
        case view, label, imageView, activityIndicator
        /// A view whose `draw(_:)` draws the scene's `draw` list (`SceneDrawingView`).
        case drawing
        /// A view whose `layoutSubviews()` applies the scene's `layout` rules (`LayoutRulesView`).
        case layoutRules
    }

    let id: String?
    let kind: Kind
    let properties: [PropertyAssignment]
    let layerProperties: [PropertyAssignment]
    let subviews: [ViewSpec]
    /// `layout:`: the frames of subviews, set by the view's `layoutSubviews()`.
    let layout: [LayoutRule]
    /// `layerClass:`: the class of the view's layer (a `LayerClass` name).
    var layerClassName = "CALayer"
}

/// One entry of a view's `layout`: a direct subview's frame from the view's bounds size.
struct LayoutRule: Sendable, Equatable {
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

struct LayerSpec: Sendable, Equatable {
    let id: String
    /// `class:`: `CALayer` or one of `LayerClass.all`.
    let className: String
    let superlayer: LayerReference?
    let properties: [PropertyAssignment]
}

/// A layer named in a scene: a standalone layer's id, or `viewID.layer`.
enum LayerReference: Sendable, Hashable {
    case layer(String)
    case viewLayer(String)
}

struct TimelineEntry: Sendable, Equatable {
    let time: Double
    let actions: [Action]
}

/// One call of the timeline, ready to perform.
indirect enum Action: Sendable, Equatable {
    /// The action written at `location`, named in errors found when it runs.
    case located(SceneError.Location, Action)
    case setView(String, [PropertyAssignment])
    case setLayer(LayerReference, [PropertyAssignment])
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
    /// `setNeedsLayout`, `layoutIfNeeded` or `setNeedsDisplay` on a view or a layer.
    case layoutCall(LayoutCall, ViewOrLayer)
    case log(String)
    /// `CATransaction.flush()`, `lock()`, `unlock()` or an unmatched `commit()`.
    case transactionCall(TransactionCall)
    /// Logs `CATransaction.value(forKey:)` for the key.
    case logTransactionValue(String)
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
enum SubviewSource: Sendable, Equatable {
    case new(ViewSpec)
    case existing(String)
}

/// The layout and display calls UIView and CALayer both have, by their names.
enum LayoutCall: String, Sendable, Equatable, CaseIterable {
    case setNeedsLayout, layoutIfNeeded, setNeedsDisplay
}

/// A view's id, or a layer (for verbs both UIView and CALayer have).
enum ViewOrLayer: Sendable, Equatable {
    case view(String)
    case layer(LayerReference)
}

/// `transaction:`: CATransaction.begin(), settings, the actions, commit().
struct TransactionSpec: Sendable, Equatable {
    let name: String?
    let duration: Double?
    let timingFunction: TimingFunction?
    let disableActions: Bool?
    /// `values:`: `setValue(_:forKey:)` calls, in the order written, before `do`.
    var values: [TransactionValue] = []
    let actions: [Action]
    let completion: [Action]?
}

/// A value a scene gives a transaction by key (`CATransaction.setValue(_:forKey:)`).
struct TransactionValue: Sendable, Hashable {
    enum Value: Sendable, Hashable {
        case number(Double), bool(Bool), string(String), timingFunction(TimingFunction)
    }

    let key: String
    let value: Value
}

/// A `CATransaction` class method without arguments that a scene calls (`transactionCall`).
enum TransactionCall: String, Sendable, Equatable, CaseIterable {
    /// `flush()`, `lock()`, `unlock()`, and `commit()` outside a `transaction` block: the
    /// unmatched commit, which commits the turn's implicit transaction and does not raise.
    case flush, lock, unlock, commit
}

@MainActor
extension TransactionValue.Value {
    /// The value as `setValue(_:forKey:)` takes it.
    var object: Any {
        switch self {
        case .number(let n): n
        case .bool(let b): b
        case .string(let s): s
        case .timingFunction(let f): CAMediaTimingFunction(function: f)
        }
    }
}

@MainActor
extension TransactionValue {
    /// A value `CATransaction.value(forKey:)` gives, as a log line shows it: a number, a
    /// boolean, a string, a timing function's control points, or nil.
    static func describe(_ value: Any?) -> String {
        switch value {
        case nil: "nil"
        case let function as CAMediaTimingFunction:
            "[\([function.function.c1.x, function.function.c1.y, function.function.c2.x, function.function.c2.y].map { "\(Float($0))" }.joined(separator: ", "))]"
        case let number as Double: "\(number)"
        case let flag as Bool: "\(flag)"
        case let some?: "\(some)"
        }
    }
}
