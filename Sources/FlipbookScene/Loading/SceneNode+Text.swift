import Foundation
import FlipbookRender
import FlipbookUIKit

extension MapShape {
    /// `font: {size, weight, family}` of a label or a text layer.
    static let font: MapShape = MapShape("font", [
        "size": .positive, "weight": .anyOf([.within(-1...1), .choice(UIFont.Weight.named.map(\.name))]), "family": .string,
    ])
}

extension ValueKind {
    static var font: ValueKind { .map { .font } }
}

/// Values of text properties: fonts, alignments, line breaking.
extension SceneNode {
    /// `{size, weight, family}`, each optional: size in points (default `defaultSize`),
    /// weight a name (`ultraLight` … `regular` … `black`) or Apple's raw value −1…1
    /// (default regular), family a fontconfig family (default the system font, Inter). A
    /// family that is not installed draws in fontconfig's substitute, and Apple's names for
    /// San Francisco in Inter: both with a warning that names the family used.
    /// `allowsSize: false` rejects `size` (a CATextLayer's size is its `fontSize`).
    @MainActor
    func font(defaultSize: CGFloat, allowsSize: Bool = true) throws -> UIFont {
        let fields = try self.fields(.font)
        if !allowsSize, let size = fields["size"] {
            throw size.error("a CATextLayer's font has no 'size'; set the layer's 'fontSize'")
        }
        let size = try fields["size"]?.fontSize() ?? defaultSize
        let weight = try fields["weight"]?.fontWeight() ?? .regular
        guard let familyNode = fields["family"] else { return .systemFont(ofSize: size, weight: weight) }
        let family = try familyNode.string()
        guard !family.isEmpty else { throw familyNode.error("'family' must name a font family") }
        familyNode.warnIfNotInstalled(family)
        return UIFont(familyName: UIFont.isSystemFamilyAlias(family) ? UIFont.systemFamilyName : family,
                      pointSize: size, weight: weight)
    }

    /// Warns when text in `family` draws in another family, naming the one it draws in.
    private func warnIfNotInstalled(_ family: String) {
        FontFamilies.substitutionWarning(for: family).map { reads.warn($0, at: self) }
    }

    /// A font size in points: more than 0, at most the `font-size` limit.
    func fontSize() throws -> CGFloat {
        let size = try positiveNumber()
        try check("the font size", size, against: \.fontSize)
        return CGFloat(size)
    }

    /// A weight name or a raw value between −1 and 1.
    func fontWeight() throws -> UIFont.Weight {
        if node.number != nil {
            let value = try number()
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
