import Foundation

/// Model values that are not finite numbers (G12).
///
/// iOS raises `CALayerInvalidGeometry` when a layer's position or bounds is set to a
/// value containing NaN ("CALayer position contains NaN: [nan inf]"), and cannot draw
/// one that is infinite. No renderer can place a layer by an anchor point, transform,
/// sublayer transform or z position that is not finite, nor time its animations by such a
/// beginTime or timeOffset; iOS is not known to raise for those (`raisesOnIOS: false`).
/// Flipbook must not trap, and a NaN that reached the screen would hide where it came
/// from: a model layer keeps its value, and the first refusal of each property in a
/// process writes one line to standard error naming the layer and the value, as the
/// first `UIFont(name:size:)` of a missing family does.
extension CALayer {
    /// Whether `value`, given to `property`, is refused: when it is not finite, on a model
    /// layer, with the warning the first time in the process; on a presentation copy, whose
    /// values come from animations (checked when added), never.
    /// - Parameters:
    ///   - kept: the value the layer keeps.
    ///   - raisesOnIOS: whether iOS raises `CALayerInvalidGeometry` for it.
    func refusesNonFinite<Value: FiniteCheckedValue>(_ property: String, _ value: Value,
                                                     keeping kept: @autoclosure () -> Value,
                                                     raisesOnIOS: Bool = true) -> Bool {
        guard !isPresentationCopy, !value.isFinite else { return false }
        let iOS = raisesOnIOS ? " (iOS raises CALayerInvalidGeometry)" : ""
        OnceWarnings.write(about: property, "flipbook: warning: \(property) \(value.warningText) of \(warningName) is not finite\(iOS); "
            + "the layer keeps \(kept().warningText), and later non-finite \(property) values are ignored without a warning")
        return true
    }

    /// Forgets which properties have been warned about, so the next refusal of each warns
    /// again: for a test that checks the warnings, whatever ran before it in the process.
    package static func forgetNonFiniteWarnings() {
        OnceWarnings.forget()
    }

    /// The layer as a warning names it: by its name, else by its view's class, else by its own.
    private var warningName: String {
        if let name { return "layer '\(name)'" }
        if let delegate { return "the layer of a \(type(of: delegate))" }
        return "a \(type(of: self))"
    }
}

/// What the warnings of non-finite values write numbers with.
package enum NonFiniteValues {
    /// `[x y]`, as Core Animation prints a point: `[nan inf]`.
    static func describe(_ point: CGPoint) -> String {
        "[\(number(point.x)) \(number(point.y))]"
    }

    /// `[x y; width height]`, as Core Animation prints a rectangle.
    static func describe(_ rect: CGRect) -> String {
        "[\(number(rect.origin.x)) \(number(rect.origin.y)); \(number(rect.width)) \(number(rect.height))]"
    }

    /// `[m11 m12 m13 m14; m21 …; m41 m42 m43 m44]`, row by row, as a rectangle is written.
    static func describe(_ transform: CATransform3D) -> String {
        let rows = stride(from: 0, to: 16, by: 4).map { start in
            transform.rowMajor[start..<start + 4].map(number).joined(separator: " ")
        }
        return "[\(rows.joined(separator: "; "))]"
    }

    /// `%g`, but NaN as `nan` whatever its sign bit (`printf` writes `-nan` for some).
    package static func number<Number: BinaryFloatingPoint>(_ value: Number) -> String {
        value.isNaN ? "nan" : String(format: "%g", Double(value))
    }
}

/// A value a layer refuses when it is not finite (G12), and how the warning writes it.
protocol FiniteCheckedValue {
    var isFinite: Bool { get }
    var warningText: String { get }
}

extension CGPoint: FiniteCheckedValue {
    var warningText: String { NonFiniteValues.describe(self) }
}

extension CGRect: FiniteCheckedValue {
    var warningText: String { NonFiniteValues.describe(self) }
}

extension CATransform3D: FiniteCheckedValue {
    var warningText: String { NonFiniteValues.describe(self) }
}

extension FiniteCheckedValue where Self: BinaryFloatingPoint {
    var warningText: String { NonFiniteValues.number(self) }
}

extension CGFloat: FiniteCheckedValue {}
extension Double: FiniteCheckedValue {}
extension Float: FiniteCheckedValue {}
