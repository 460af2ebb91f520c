import Foundation
import FlipbookUIKit

extension MapShape {
    /// `font: {size, weight, family}` of a label or a text layer.
    static let font: MapShape = MapShape("font", [
        "size": .number, "weight": .anyOf([.number, .choice(UIFont.Weight.named.map(\.name))]), "family": .string,
    ])
}

extension ValueKind {
    static var font: ValueKind { .map { .font } }
}

/// Values of text properties: fonts, alignments, line breaking.
extension SceneNode {
    /// `{size, weight, family}`, each optional: size in points (default `defaultSize`),
    /// weight a name (`ultraLight` … `regular` … `black`) or Apple's raw value −1…1
    /// (default regular), family a fontconfig family (default DejaVu Sans).
    /// `allowsSize: false` rejects `size` (a CATextLayer's size is its `fontSize`).
    @MainActor
    func font(defaultSize: CGFloat, allowsSize: Bool = true) throws -> UIFont {
        let fields = try self.fields(.font)
        if !allowsSize, let size = fields["size"] {
            throw size.error("a CATextLayer's font has no 'size'; set the layer's 'fontSize'")
        }
        let size = try fields["size"]?.fontSize() ?? defaultSize
        let family = try fields["family"]?.string() ?? UIFont.systemFamilyName
        guard !family.isEmpty else { throw fields["family"]!.error("'family' must name a font family") }
        return UIFont(familyName: family, pointSize: size, weight: try fields["weight"]?.fontWeight() ?? .regular)
    }

    /// A font size in points: more than 0, at most the `font-size` limit.
    func fontSize() throws -> CGFloat {
        let size = try positiveNumber()
        try check("the font size", size, against: \.fontSize)
        return CGFloat(size)
    }

    /// A weight name or a raw value between −1 and 1.
    func fontWeight() throws -> UIFont.Weight {
        if let value = node.number {
            guard (-1...1).contains(value) else { throw error("\(name) must be between -1 and 1, got \(value)") }
            return UIFont.Weight(CGFloat(value))
        }
        let names = UIFont.Weight.named.map(\.name)
        return UIFont.Weight(named: try choice(names))!
    }

    /// Each `NSTextAlignment` by its name.
    static let textAlignments: [(name: String, value: NSTextAlignment)] = [
        ("left", .left), ("center", .center), ("right", .right), ("justified", .justified), ("natural", .natural),
    ]

    /// `left`, `center`, `right`, `justified` or `natural`.
    func textAlignment() throws -> NSTextAlignment {
        let name = try choice(Self.textAlignments.map(\.name))
        return Self.textAlignments.first { $0.name == name }!.value
    }

    /// Each `NSLineBreakMode` by its name.
    static let lineBreakModes: [(name: String, value: NSLineBreakMode)] = [
        ("byWordWrapping", .byWordWrapping), ("byCharWrapping", .byCharWrapping), ("byClipping", .byClipping),
        ("byTruncatingHead", .byTruncatingHead), ("byTruncatingTail", .byTruncatingTail),
        ("byTruncatingMiddle", .byTruncatingMiddle),
    ]

    /// `byWordWrapping`, `byCharWrapping`, `byClipping`, `byTruncatingHead`,
    /// `byTruncatingTail` or `byTruncatingMiddle`.
    func lineBreakMode() throws -> NSLineBreakMode {
        let name = try choice(Self.lineBreakModes.map(\.name))
        return Self.lineBreakModes.first { $0.name == name }!.value
    }
}
