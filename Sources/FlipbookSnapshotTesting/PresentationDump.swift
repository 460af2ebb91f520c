import FlipbookUIKit
import Foundation

/// A layer tree's presentation values as text, a line per layer, for text snapshots:
/// stable (numbers rounded to `decimals` places, so float noise does not churn them),
/// readable, and diffed line by line.
///
/// A line is the layer's path from the dumped root, then its values:
///
///     UIWindow/card/dot (UIView): position (5, 5), bounds (0, 0, 10, 10), opacity 1, backgroundColor #FF9500FF
///
/// A path segment is the layer's `name`, else its view's class for a view's layer, else
/// its own class, with `[i]` (its index among its siblings) when a sibling has the same
/// segment; a named layer's class follows in parentheses. Always listed: `position`,
/// `bounds`, `opacity`; the rest only when not their default: `anchorPoint`,
/// `zPosition`, `transform`, `sublayerTransform`, `hidden`, `backgroundColor`,
/// `cornerRadius`, `border`, `masksToBounds`, `shadow`, `mask`, and a shape layer's
/// `fillColor`, `strokeColor`, `lineWidth`, `strokeStart`, `strokeEnd`. Colours are
/// `#RRGGBBAA`; a transform is `(a, b, c, d, tx, ty)` when affine, else its 16 entries
/// row by row.
@MainActor
enum PresentationDump {
    /// Decimal places numbers are rounded to.
    static let decimals = 3

    /// The lines of `root` and every layer under it, depth first in drawing order, each
    /// as shown now (its presentation, or the model where nothing animates).
    static func lines(of root: CALayer) -> [String] {
        var lines: [String] = []
        func visit(_ layer: CALayer, path: String) {
            lines.append(line(for: layer, path: path))
            let sublayers = layer.sublayers ?? []
            let segments = sublayers.map(segment(for:))
            for (index, sublayer) in sublayers.enumerated() {
                let repeated = segments.filter { $0 == segments[index] }.count > 1
                visit(sublayer, path: path + "/" + segments[index] + (repeated ? "[\(index)]" : ""))
            }
        }
        visit(root, path: segment(for: root))
        return lines
    }

    /// The layer's name, else its view's class, else its own class.
    private static func segment(for layer: CALayer) -> String {
        layer.name ?? className(of: layer)
    }

    private static func className(of layer: CALayer) -> String {
        if let view = layer.delegate as? UIView, view.layer === layer { return String(describing: type(of: view)) }
        return String(describing: type(of: layer))
    }

    private static func line(for layer: CALayer, path: String) -> String {
        let shown = layer.presentation() ?? layer
        var values = [
            "position \(point(shown.position))",
            "bounds \(rect(shown.bounds))",
            "opacity \(number(Double(shown.opacity)))",
        ]
        if shown.anchorPoint != CGPoint(x: 0.5, y: 0.5) { values.append("anchorPoint \(point(shown.anchorPoint))") }
        if shown.zPosition != 0 { values.append("zPosition \(number(shown.zPosition))") }
        if !shown.transform.isIdentity { values.append("transform \(transform(shown.transform))") }
        if !shown.sublayerTransform.isIdentity { values.append("sublayerTransform \(transform(shown.sublayerTransform))") }
        if shown.isHidden { values.append("hidden") }
        if let color = shown.backgroundColor { values.append("backgroundColor \(hex(color))") }
        if shown.cornerRadius != 0 { values.append("cornerRadius \(number(shown.cornerRadius))") }
        if shown.borderWidth != 0 {
            values.append("border \(number(shown.borderWidth)) \(shown.borderColor.map(hex) ?? "none")")
        }
        if shown.masksToBounds { values.append("masksToBounds") }
        if shown.shadowOpacity != 0 {
            values.append("shadow \(shown.shadowColor.map(hex) ?? "none") opacity \(number(Double(shown.shadowOpacity))) "
                + "offset \(size(shown.shadowOffset)) radius \(number(shown.shadowRadius))")
        }
        if shown.mask != nil { values.append("mask") }
        if let shape = shown as? CAShapeLayer {
            values.append("fillColor \(shape.fillColor.map(hex) ?? "none")")
            values.append("strokeColor \(shape.strokeColor.map(hex) ?? "none")")
            values.append("lineWidth \(number(shape.lineWidth))")
            if shape.strokeStart != 0 { values.append("strokeStart \(number(shape.strokeStart))") }
            if shape.strokeEnd != 1 { values.append("strokeEnd \(number(shape.strokeEnd))") }
        }
        let named = layer.name == nil ? "" : " (\(className(of: layer)))"
        return "\(path)\(named): " + values.joined(separator: ", ")
    }

    // MARK: Numbers

    /// `value` rounded to `decimals` places, without trailing zeros, and never `-0`.
    static func number(_ value: Double) -> String {
        guard value.isFinite else { return "\(value)" }
        let scale = pow(10, Double(decimals))
        let rounded = (value * scale).rounded() / scale
        var text = String(format: "%.\(decimals)f", rounded == 0 ? 0 : rounded)
        while text.hasSuffix("0") { text.removeLast() }
        if text.hasSuffix(".") { text.removeLast() }
        return text
    }

    static func number(_ value: CGFloat) -> String { number(Double(value)) }

    private static func point(_ p: CGPoint) -> String { "(\(number(p.x)), \(number(p.y)))" }

    private static func size(_ s: CGSize) -> String { "(\(number(s.width)), \(number(s.height)))" }

    private static func rect(_ r: CGRect) -> String {
        "(\(number(r.minX)), \(number(r.minY)), \(number(r.width)), \(number(r.height)))"
    }

    private static func transform(_ t: CATransform3D) -> String {
        if t.isAffine {
            let a = t.affineTransform
            return "(" + [a.a, a.b, a.c, a.d, a.tx, a.ty].map(number).joined(separator: ", ") + ")"
        }
        return "[" + t.rowMajor.map(number).joined(separator: " ") + "]"
    }

    /// `#RRGGBBAA`, each component rounded to 8 bits.
    static func hex(_ color: CGColor) -> String {
        "#" + [color.red, color.green, color.blue, color.alpha]
            .map { String(format: "%02X", Int((min(max($0, 0), 1) * 255).rounded())) }
            .joined()
    }
}
