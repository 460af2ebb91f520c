import Foundation
import FlipbookRender
import FlipbookUIKit

extension SceneNode {
    /// A colour: "#RGB", "#RRGGBB", "#RRGGBBAA", [r, g, b] / [r, g, b, a] in 0…1, a CSS or
    /// UIKit name (a dynamic one, `label`, resolved for `canvas.appearance`); `null` is no colour.
    func color() throws -> CGColor? {
        if isNull { return nil }
        let expected = "a colour (\"#RRGGBB\", [r, g, b(, a)] in 0…1, or a name like systemBlue)"
        if case .sequence(let items) = node {
            let values = try numbers(items.count, expected: expected)
            guard values.count == 3 || values.count == 4 else { throw typeError(expected) }
            if let outside = values.first(where: { !(0...1).contains($0) }) {
                let isBytes = values.allSatisfy { (0...255).contains($0) && $0 == $0.rounded() }
                let hint = isBytes ? " (for 0…255 values, divide by 255)" : ""
                throw error("\(name): a colour's [r, g, b(, a)] are each 0…1, got \(outside)\(hint)")
            }
            return CGColor(red: values[0], green: values[1], blue: values[2], alpha: values.count == 4 ? values[3] : 1)
        }
        guard let text = node.string else { throw typeError(expected) }
        if text.hasPrefix("#") {
            guard let color = CGColor(hexString: text) else {
                throw error("\(name): '\(text)' is not a hex colour (use #RGB, #RRGGBB or #RRGGBBAA)")
            }
            return color
        }
        guard let color = UIColor.named(text) else {
            throw error("\(name): unknown colour '\(text)'\(didYouMean(text, in: UIColor.allNames))")
        }
        return color.resolvedColor(with: UITraitCollection(userInterfaceStyle: reads.appearance)).cgColor
    }

    /// A transform: `identity`, an affine matrix of 6 numbers, a 4×4 matrix of 16 numbers
    /// (row-major m11…m44), or a list of operations applied like a chain of calls.
    @MainActor
    func transform() throws -> CATransform3D {
        let expected = "a transform (identity, [a, b, c, d, tx, ty], 16 numbers, or a list of operations)"
        if let text = node.string, node.number == nil {
            guard text == "identity" else { throw typeError(expected) }
            return .identity
        }
        guard case .sequence(let items) = node else { throw typeError(expected) }
        if items.allSatisfy({ $0.number != nil }) {
            switch items.count {
            case 0: return .identity
            case 6:
                let v = try numbers(6, expected: expected)
                return CATransform3D(CGAffineTransform(a: v[0], b: v[1], c: v[2], d: v[3], tx: v[4], ty: v[5]))
            case 16:
                return CATransform3D(rowMajor: try numbers(16, expected: expected).map { CGFloat($0) })
            default:
                throw error("\(name): a matrix has 6 numbers (affine) or 16 (4×4), got \(items.count)")
            }
        }
        let chained = try list().reduce(CATransform3D.identity) { transform, operation in
            try operation.applyTransformOperation(to: transform)
        }
        // Each number is finite, but a product of them, `perspective` of a tiny distance or an
        // angle of 1e308 turns may not be; a layer would refuse the matrix at run time (G12).
        guard chained.isFinite else {
            throw error("\(name) overflows: its operations give a matrix with entries that are not finite; use smaller numbers")
        }
        return chained
    }

    /// An affine transform, for views: the same forms as `transform()`, but it must be affine.
    @MainActor
    func affineTransform() throws -> CGAffineTransform {
        let transform = try transform()
        guard transform.isAffine else {
            throw error("\(name): a view's transform is affine (2D); set a 3D transform on its layer")
        }
        return transform.affineTransform
    }

    /// Applies one `{operation: argument}` the way the matching CATransform3D call would.
    @MainActor
    private func applyTransformOperation(to t: CATransform3D) throws -> CATransform3D {
        let fields = try fields(.transformOperation)
        guard fields.entries.count == 1, let (operation, _, argument) = fields.entries.first else {
            throw error("\(name) must have exactly one operation (\(MapShape.transformOperation.keyNames.joined(separator: ", ")))")
        }
        switch operation {
        case "translate":
            let v = try argument.vector(expected: "[x, y] or [x, y, z]")
            return CATransform3DTranslate(t, v[0], v[1], v.count > 2 ? v[2] : 0)
        case "scale":
            if argument.node.number != nil {
                let uniform = try argument.number()
                return CATransform3DScale(t, uniform, uniform, 1)
            }
            let v = try argument.vector(expected: "a number, [sx, sy] or [sx, sy, sz]")
            return CATransform3DScale(t, v[0], v[1], v.count > 2 ? v[2] : 1)
        case "rotate", "rotateZ": return CATransform3DRotate(t, try argument.angle(), 0, 0, 1)
        case "rotateX": return CATransform3DRotate(t, try argument.angle(), 1, 0, 0)
        case "rotateY": return CATransform3DRotate(t, try argument.angle(), 0, 1, 0)
        case "concat": return CATransform3DConcat(t, try argument.transform())
        case "invert", "affine":
            guard try argument.bool() else { throw argument.error("'\(operation)' takes true; leave it out for no change") }
            return operation == "invert" ? CATransform3DInvert(t)
                : CATransform3DMakeAffineTransform(CATransform3DGetAffineTransform(t))
        default:
            var result = t
            result.m34 = -1 / (try argument.positiveNumber())
            return result
        }
    }

    /// Two or three numbers.
    private func vector(expected: String) throws -> [CGFloat] {
        guard case .sequence(let items) = node, items.count == 2 || items.count == 3 else { throw typeError(expected) }
        return try numbers(items.count, expected: expected).map { CGFloat($0) }
    }
}

extension MapShape {
    /// One operation of a transform's list.
    static let transformOperation: MapShape = MapShape("transformOperation", [
        "translate": .list(.number), "scale": .anyOf([.number, .list(.number)]), "rotate": .angle,
        "rotateX": .angle, "rotateY": .angle, "rotateZ": .angle, "perspective": .positive,
        "concat": .transform, "invert": .bool, "affine": .bool,
    ]).holdingOneKey()

    /// A path given as a map: `{rect}`, `{ellipse}`, `{roundedRect, radius}` or `{points, closed}`.
    static let path: MapShape = MapShape("pathShape", [
        "points": .list(.point), "closed": .bool, "radius": .number, "rect": .rect, "ellipse": .rect, "roundedRect": .rect,
    ])
}

extension SceneNode {
    /// A timing function: a name (`linear`, `easeIn`, `easeOut`, `easeInEaseOut`,
    /// `default`) or control points `[x1, y1, x2, y2]` with x in 0…1.
    func timingFunction() throws -> TimingFunction {
        let names = Self.timingFunctions
        if case .scalar = node, let name = node.string {
            guard let function = names.first(where: { $0.name == name })?.function else {
                throw error("unknown timing function '\(name)'\(didYouMean(name, in: names.map(\.name)))")
            }
            return function
        }
        let points = try numbers(4, expected: "a timing function name or control points [x1, y1, x2, y2]")
        guard (0...1).contains(points[0]), (0...1).contains(points[2]) else {
            throw error("the x values of timing-function control points must be between 0 and 1")
        }
        return TimingFunction(points[0], points[1], points[2], points[3])
    }

    /// The timing functions by their `CAMediaTimingFunctionName`.
    static let timingFunctions: [(name: String, function: TimingFunction)] = [
        ("linear", .linear), ("easeIn", .easeIn), ("easeOut", .easeOut), ("easeInEaseOut", .easeInEaseOut),
        ("default", .default),
    ]

    /// One of `choices`, with the nearest named when it is not.
    func choice(_ choices: [String]) throws -> String {
        let text = try string()
        guard choices.contains(text) else {
            throw error("\(name) must be one of \(choices.joined(separator: ", ")), got '\(text)'\(didYouMean(text, in: choices))")
        }
        return text
    }

    /// `CACornerMask`'s members by their Swift names, as `maskedCorners` lists them.
    static let cornerNames: [(String, CACornerMask)] = [
        ("layerMinXMinYCorner", .layerMinXMinYCorner), ("layerMaxXMinYCorner", .layerMaxXMinYCorner),
        ("layerMinXMaxYCorner", .layerMinXMaxYCorner), ("layerMaxXMaxYCorner", .layerMaxXMaxYCorner),
    ]

    /// A `CACornerMask`: a list of its member names (`[layerMinXMinYCorner,
    /// layerMaxXMaxYCorner]`), `[]` for none.
    func cornerMask() throws -> CACornerMask {
        try list().reduce(into: CACornerMask()) { mask, item in
            let name = try item.choice(Self.cornerNames.map(\.0))
            mask.formUnion(Self.cornerNames.first { $0.0 == name }!.1)
        }
    }

    /// A path: SVG path data ("M0 0 L10 10 …"), `{points: [[x, y] …], closed: false}`,
    /// `{rect: [x, y, w, h]}`, `{ellipse: [x, y, w, h]}` or `{roundedRect: [x, y, w, h], radius: r}`.
    @MainActor
    func path() throws -> CGPath {
        if case .scalar = node {
            let path: CGPath
            do {
                path = try CGPath(svgPathData: try string())
            } catch let problem as SVGPathDataError {
                throw error("invalid path data at character \(problem.offset + 1): \(problem.message)")
            }
            try check("the path's element count", path.elements.count, against: \.pathElements)
            return path
        }
        let shapes = ["rect", "ellipse", "roundedRect"]
        let fields = try fields(.path)
        if let (shape, _, value) = fields.entries.first(where: { shapes.contains($0.key) }) {
            guard fields.entries.count == (shape == "roundedRect" ? 2 : 1), shape == "roundedRect" || fields["radius"] == nil
            else { throw error("\(name): a path is one of {rect}, {ellipse}, {roundedRect, radius} or {points, closed}") }
            let rect = try value.rect()
            switch shape {
            case "rect": return CGPath(rect: rect)
            case "ellipse": return CGPath(ellipseIn: rect)
            default:
                let radius = CGFloat(try fields.required("radius").number())
                return CGPath(roundedRect: rect, cornerWidth: radius, cornerHeight: radius)
            }
        }
        _ = try fields.required("points")
        if fields["radius"] != nil { throw error("\(name): 'radius' goes with 'roundedRect'") }
        let points = try fields.required("points").list().map { try $0.point() }
        guard points.count >= 2 else { throw error("a path needs at least two points") }
        let closed = try fields["closed"]?.bool() ?? false
        // A move, a line to each further point, and the close.
        try check("the path's element count", points.count + (closed ? 1 : 0), against: \.pathElements)
        let path = CGMutablePath()
        path.addLines(between: points)
        if closed { path.closeSubpath() }
        return path
    }
}

extension SceneNode {
    /// A number, or an expression in `w` and `h` for a `layout` rule (see `LayoutExpression`);
    /// an error in the expression is located at its character.
    func layoutExpression() throws -> LayoutExpression {
        if node.number != nil { return LayoutExpression(.number(try number())) }
        guard case .scalar(let scalar) = node, node.null == nil else {
            throw typeError("a number or an expression in w and h (\"w*0.5-7.5\")")
        }
        do {
            return try LayoutExpression(parsing: scalar.string)
        } catch {
            throw SceneError(at: location(ofCharacter: error.offset), "\(name): \(error.message)")
        }
    }
}

extension SceneNode {
    /// An image: a PNG path relative to the scene file, decoded now, so a missing or
    /// broken file is an error at this value, and so is one outside the folders the load
    /// may read (see `readableFile`).
    @MainActor
    func image() throws -> CGImage {
        let text = try string()
        let limit = options.limits.imageFileBytes
        let path = try readableFile(text, limit: limit, limitName: "image-file-bytes")
        let file = try contents(ofFile: path, named: text, limit: limit, limitName: "image-file-bytes",
                                what: "the image")
        return try DecodedImages.image(of: file) {
            if let (width, height) = Self.pngSize(of: file.bytes) {
                let (pixels, overflow) = width.multipliedReportingOverflow(by: height)
                try check("the pixel count of the image '\(text)' (\(width)×\(height))", overflow ? Int.max : pixels,
                          against: \.imagePixels)
            }
            do {
                return CGImage(try PNGCodec.decode(file.bytes))
            } catch let error as PNGError {
                throw self.error("cannot decode the image '\(text)' (\(path)): \(error.message)")
            }
        }
    }
}

extension SceneNode {
    /// The width and height a PNG file's header gives, read without decoding it; nil when
    /// it is no PNG (decoding it then says what is wrong).
    static func pngSize(of bytes: [UInt8]) -> (width: Int, height: Int)? {
        let header = bytes.prefix(24)
        guard header.count == 24,
              header.prefix(8).elementsEqual([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) else { return nil }
        let bigEndian = { (offset: Int) in header[offset..<offset + 4].reduce(0) { $0 << 8 | Int($1) } }
        return (bigEndian(16), bigEndian(20))
    }
}

/// The images of scenes loaded and still alive, by file: a file read again while its
/// image is in use gives the same `CGImage`, so two loads of one scene are equal scenes
/// (images compare by identity, as Core Graphics images do). A file changed since (its
/// size or modification date) is decoded afresh.
@MainActor
enum DecodedImages {
    private struct Key: Hashable {
        let path: String
        let size: Int
        let modified: Double
    }

    private final class WeakImage {
        weak var image: CGImage?
        init(_ image: CGImage) { self.image = image }
    }

    private static var images: [Key: WeakImage] = [:]

    /// The image of `file`: one still alive of the same file, size and modification time,
    /// else what `decode` gives.
    static func image(of file: FileContents, decode: () throws -> CGImage) throws -> CGImage {
        let key = Key(path: file.path, size: file.bytes.count, modified: file.modified)
        if let image = images[key]?.image { return image }
        let image = try decode()
        images = images.filter { $0.value.image != nil }
        images[key] = WeakImage(image)
        return image
    }
}
