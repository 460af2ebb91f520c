import Foundation

/// A mistake in SVG path data: where it is and what was expected there.
public struct SVGPathDataError: Error, Equatable, CustomStringConvertible {
    /// The index, counted in characters from the start of the path data, of the first
    /// character that breaks the grammar; the data's length when it ends too soon.
    public let offset: Int
    /// What was expected at `offset`, e.g. "expected a number after 'L'".
    public let message: String

    public init(offset: Int, message: String) {
        self.offset = offset
        self.message = message
    }

    public var description: String { "path data, character \(offset): error: \(message)" }
}

extension CGPath {
    /// Creates a path from SVG path data, the `d` attribute of `<path>`, e.g. `"M0 0 L10 10 Z"`.
    ///
    /// Reads every SVG 1.1 command, absolute (upper case) and relative (lower case):
    /// M L H V C S Q T A Z. A command's letter may be left out when it repeats; numbers
    /// after a move are lines. Numbers may be written as `1e-3`, `-.5` or `.5.5` (two
    /// numbers) and be separated by white space or a comma. H and V become lines, S and
    /// T curves with the reflected control point, and arcs cubic Béziers of at most 90°
    /// each. Empty or all-white-space data gives an empty path.
    ///
    /// - Throws: `SVGPathDataError` at the first character that breaks the grammar.
    public convenience init(svgPathData: String) throws {
        var parser = SVGPathDataParser(characters: Array(svgPathData))
        self.init(elements: try parser.parse().elements)
    }
}

/// Reads SVG path data from left to right, building the path as it goes.
private struct SVGPathDataParser {
    let characters: [Character]
    var index = 0
    let path = CGMutablePath()
    var current = CGPoint.zero
    var subpathStart = CGPoint.zero
    /// The second control point of the previous command when it was C, c, S or s.
    var previousCubicControl: CGPoint?
    /// The control point of the previous command when it was Q, q, T or t.
    var previousQuadControl: CGPoint?

    /// The names of each command's arguments, in order, for error messages.
    static let argumentNames: [Character: [String]] = [
        "M": ["x", "y"], "L": ["x", "y"], "T": ["x", "y"], "H": ["x"], "V": ["y"],
        "C": ["x1", "y1", "x2", "y2", "x", "y"], "S": ["x2", "y2", "x", "y"], "Q": ["x1", "y1", "x", "y"],
        "A": ["rx", "ry", "x-axis-rotation", "large-arc-flag", "sweep-flag", "x", "y"], "Z": [],
    ]

    mutating func parse() throws -> CGPath {
        skipWhitespace()
        guard index < characters.count else { return path }
        guard characters[index] == "M" || characters[index] == "m" else {
            throw error("path data must start with a move (M or m)")
        }
        while index < characters.count {
            let letter = characters[index]
            guard letter.isASCII, letter.isLetter else {
                throw error("expected a command letter, found '\(letter)'")
            }
            guard Self.argumentNames[Character(letter.uppercased())] != nil else {
                throw error("unknown command '\(letter)'")
            }
            index += 1
            try readArguments(of: letter)
            skipWhitespace()
        }
        return path
    }

    /// Reads one or more argument groups for `command` (none for Z), drawing each.
    mutating func readArguments(of command: Character) throws {
        var command = command
        while true {
            let upper = Character(command.uppercased())
            let names = Self.argumentNames[upper]!
            var values: [CGFloat] = []
            for (position, name) in names.enumerated() {
                if position == 0 { skipWhitespace() } else { _ = skipCommaAndWhitespace() }
                if name.hasSuffix("flag") {
                    guard index < characters.count, characters[index] == "0" || characters[index] == "1" else {
                        throw error("expected \(name), 0 or 1, for '\(command)' (\(names.joined(separator: " ")))")
                    }
                    values.append(characters[index] == "1" ? 1 : 0)
                    index += 1
                } else if let number = try readNumber() {
                    values.append(number)
                } else if position == 0 {
                    throw error("expected a number after '\(command)'")
                } else {
                    throw error("expected \(name), a number, for '\(command)' (\(names.joined(separator: " ")))")
                }
            }
            draw(upper, relative: command.isLowercase, values)
            guard !names.isEmpty else { return }
            // Numbers after a move are lines; other commands repeat themselves.
            if upper == "M" { command = command.isLowercase ? "l" : "L" }
            let sawComma = skipCommaAndWhitespace()
            guard startsNumber(at: index) else {
                if sawComma { throw error("expected a number after ','") }
                return
            }
        }
    }

    /// Draws one command whose arguments have been read.
    mutating func draw(_ command: Character, relative: Bool, _ v: [CGFloat]) {
        let current = self.current
        let origin = relative ? current : .zero
        func point(_ i: Int) -> CGPoint { CGPoint(x: origin.x + v[i], y: origin.y + v[i + 1]) }
        func reflected(_ control: CGPoint?) -> CGPoint {
            control.map { CGPoint(x: 2 * current.x - $0.x, y: 2 * current.y - $0.y) } ?? current
        }
        var (cubicControl, quadControl): (CGPoint?, CGPoint?) = (nil, nil)
        var end = current
        switch command {
        case "M":
            end = point(0)
            path.move(to: end)
            subpathStart = end
        case "L", "H", "V":
            end = switch command {
            case "H": CGPoint(x: origin.x + v[0], y: current.y)
            case "V": CGPoint(x: current.x, y: origin.y + v[0])
            default: point(0)
            }
            path.addLine(to: end)
        case "C", "S":
            let control1 = command == "C" ? point(0) : reflected(previousCubicControl)
            let rest = command == "C" ? 2 : 0
            (cubicControl, end) = (point(rest), point(rest + 2))
            path.addCurve(to: end, control1: control1, control2: point(rest))
        case "Q", "T":
            quadControl = command == "Q" ? point(0) : reflected(previousQuadControl)
            end = command == "Q" ? point(2) : point(0)
            path.addQuadCurve(to: end, control: quadControl!)
        case "A":
            end = point(5)
            path.addSVGArc(from: current, to: end, radiusX: v[0], radiusY: v[1], rotationDegrees: v[2],
                           largeArc: v[3] != 0, sweep: v[4] != 0)
        default: // "Z"
            path.closeSubpath()
            end = subpathStart
        }
        self.current = end
        (previousCubicControl, previousQuadControl) = (cubicControl, quadControl)
    }

    /// Reads a number at `index`, or returns nil (moving nothing) when none starts there.
    mutating func readNumber() throws -> CGFloat? {
        guard startsNumber(at: index) else { return nil }
        let start = index
        if characters[index] == "+" || characters[index] == "-" { index += 1 }
        skipDigits()
        if index < characters.count, characters[index] == "." {
            index += 1
            skipDigits()
        }
        if index < characters.count, characters[index] == "e" || characters[index] == "E" {
            index += 1
            if index < characters.count, characters[index] == "+" || characters[index] == "-" { index += 1 }
            guard index < characters.count, isDigit(characters[index]) else {
                throw error("expected digits in the exponent of a number")
            }
            skipDigits()
        }
        guard let value = Double(String(characters[start..<index])), value.isFinite else {
            index = start
            throw error("number is out of range")
        }
        return CGFloat(value)
    }

    /// Whether a number starts at `position`: a digit, or a point or sign before one.
    func startsNumber(at position: Int) -> Bool {
        var position = position
        if position < characters.count, characters[position] == "+" || characters[position] == "-" { position += 1 }
        if position < characters.count, characters[position] == "." { position += 1 }
        return position < characters.count && isDigit(characters[position])
    }

    func isDigit(_ c: Character) -> Bool {
        c.asciiValue.map { (0x30...0x39).contains($0) } ?? false
    }

    mutating func skipDigits() {
        while index < characters.count, isDigit(characters[index]) { index += 1 }
    }

    /// Skips SVG white space: space, tab, line feed, form feed and carriage return.
    mutating func skipWhitespace() {
        while index < characters.count, let ascii = characters[index].asciiValue,
              [0x20, 0x09, 0x0A, 0x0C, 0x0D].contains(ascii) {
            index += 1
        }
    }

    /// Skips white space with at most one comma in it; returns whether there was a comma.
    mutating func skipCommaAndWhitespace() -> Bool {
        skipWhitespace()
        guard index < characters.count, characters[index] == "," else { return false }
        index += 1
        skipWhitespace()
        return true
    }

    func error(_ message: String) -> SVGPathDataError {
        SVGPathDataError(offset: index, message: message)
    }
}

extension CGMutablePath {
    /// Adds an SVG elliptical arc from `start` (the current point) to `end` as cubic
    /// Béziers of at most 90° each, following SVG 1.1 appendix F.6: radii too small to
    /// reach `end` are scaled up, a zero radius draws a line, and `start == end` draws nothing.
    fileprivate func addSVGArc(
        from start: CGPoint, to end: CGPoint, radiusX: CGFloat, radiusY: CGFloat, rotationDegrees: CGFloat,
        largeArc: Bool, sweep: Bool
    ) {
        guard start != end else { return }
        var (rx, ry) = (abs(radiusX), abs(radiusY))
        guard rx > 0, ry > 0 else { return addLine(to: end) }
        let phi = rotationDegrees * .pi / 180
        let (cosPhi, sinPhi) = (cos(phi), sin(phi))
        // The start point in the ellipse's own axes, relative to the chord's middle.
        let (hx, hy) = ((start.x - end.x) / 2, (start.y - end.y) / 2)
        let (x1, y1) = (cosPhi * hx + sinPhi * hy, -sinPhi * hx + cosPhi * hy)
        let lambda = (x1 * x1) / (rx * rx) + (y1 * y1) / (ry * ry)
        if lambda > 1 { (rx, ry) = (rx * lambda.squareRoot(), ry * lambda.squareRoot()) }
        let numerator = rx * rx * ry * ry - rx * rx * y1 * y1 - ry * ry * x1 * x1
        let denominator = rx * rx * y1 * y1 + ry * ry * x1 * x1
        let coefficient = (max(0, numerator / denominator)).squareRoot() * (largeArc == sweep ? -1 : 1)
        let (cx1, cy1) = (coefficient * rx * y1 / ry, -coefficient * ry * x1 / rx)
        let center = CGPoint(x: cosPhi * cx1 - sinPhi * cy1 + (start.x + end.x) / 2,
                             y: sinPhi * cx1 + cosPhi * cy1 + (start.y + end.y) / 2)
        let startAngle = atan2((y1 - cy1) / ry, (x1 - cx1) / rx)
        var sweepAngle = atan2((-y1 - cy1) / ry, (-x1 - cx1) / rx) - startAngle
        if sweep, sweepAngle < 0 { sweepAngle += 2 * .pi }
        if !sweep, sweepAngle > 0 { sweepAngle -= 2 * .pi }
        // Radii so small or large that their squares leave Double's range have no centre:
        // draw the line SVG draws for a zero radius.
        guard sweepAngle.isFinite, startAngle.isFinite, center.x.isFinite, center.y.isFinite else {
            return addLine(to: end)
        }
        // A point of the unit circle at `angle`, pushed `along` its tangent, on the ellipse.
        func map(_ angle: CGFloat, along: CGFloat = 0) -> CGPoint {
            let (ux, uy) = (cos(angle) - along * sin(angle), sin(angle) + along * cos(angle))
            return CGPoint(x: center.x + rx * cosPhi * ux - ry * sinPhi * uy,
                           y: center.y + rx * sinPhi * ux + ry * cosPhi * uy)
        }
        let count = max(1, Int((abs(sweepAngle) / (.pi / 2) - 1e-9).rounded(.up)))
        let step = sweepAngle / CGFloat(count)
        let handle = 4 / 3 * tan(step / 4)
        for i in 0..<count {
            let (from, to) = (startAngle + step * CGFloat(i), startAngle + step * CGFloat(i + 1))
            addCurve(to: i == count - 1 ? end : map(to), control1: map(from, along: handle),
                     control2: map(to, along: -handle))
        }
    }
}
