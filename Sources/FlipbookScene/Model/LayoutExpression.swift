import Foundation

/// An arithmetic expression in a view's bounds width `w` and height `h`, as a scene's
/// `layout` rules write a child's frame: `"w*0.5-7.5"`, `"(h - 10) / 2"`, `-4`.
///
/// Numbers, `w`, `h`, `+ - * /` with the usual precedence (left to right within one),
/// parentheses and unary minus; spaces anywhere between. Parsed by hand: Foundation on
/// Linux has no expression evaluator (`NSExpression` is missing from
/// swift-corelibs-foundation), and the grammar is a dozen lines.
struct LayoutExpression: Equatable, Sendable {
    indirect enum Term: Equatable, Sendable {
        case number(Double)
        case width
        case height
        case negated(Term)
        case binary(Character, Term, Term)
    }

    let term: Term

    init(_ term: Term) { self.term = term }

    /// Parses `text`.
    /// - Throws: `SyntaxError` at the character (an offset into `text`) where the problem is.
    init(parsing text: String) throws(SyntaxError) {
        var parser = Parser(text)
        term = try parser.wholeExpression()
    }

    /// The value for a view whose bounds are `width` × `height` points; may be infinite
    /// or NaN after a division by zero.
    func value(width: Double, height: Double) -> Double {
        func evaluate(_ term: Term) -> Double {
            switch term {
            case .number(let value): return value
            case .width: return width
            case .height: return height
            case .negated(let inner): return -evaluate(inner)
            case .binary(let op, let left, let right):
                let (a, b) = (evaluate(left), evaluate(right))
                switch op {
                case "+": return a + b
                case "-": return a - b
                case "*": return a * b
                default: return a / b
                }
            }
        }
        return evaluate(term)
    }

    /// A problem in an expression: `offset` counts characters from its start.
    struct SyntaxError: Error, Equatable {
        let offset: Int
        let message: String
    }
}

/// expression := term (('+' | '-') term)*
/// term       := factor (('*' | '/') factor)*
/// factor     := '-' factor | number | 'w' | 'h' | '(' expression ')'
private struct Parser {
    private let characters: [Character]
    private var index = 0

    init(_ text: String) { characters = Array(text) }

    private static let expected = "a number, w, h, '(' or '-'"

    mutating func wholeExpression() throws(LayoutExpression.SyntaxError) -> LayoutExpression.Term {
        skipSpaces()
        guard index < characters.count else {
            throw fail("empty expression: write a number or an expression in w and h, e.g. \"w*0.5-7.5\"")
        }
        let term = try expression()
        guard index == characters.count else {
            if characters[index] == ")" { throw fail("')' without a matching '('") }
            throw fail("expected an operator (+ - * /), found '\(characters[index])'")
        }
        return term
    }

    private mutating func expression() throws(LayoutExpression.SyntaxError) -> LayoutExpression.Term {
        var result = try term()
        while let op = take(oneOf: "+-") { result = .binary(op, result, try term()) }
        return result
    }

    private mutating func term() throws(LayoutExpression.SyntaxError) -> LayoutExpression.Term {
        var result = try factor()
        while let op = take(oneOf: "*/") { result = .binary(op, result, try factor()) }
        return result
    }

    private mutating func factor() throws(LayoutExpression.SyntaxError) -> LayoutExpression.Term {
        guard index < characters.count else { throw fail("the expression ends early: expected \(Self.expected)") }
        let start = index
        let character = characters[index]
        if character == "-" {
            index += 1
            skipSpaces()
            return .negated(try factor())
        }
        if character == "(" {
            index += 1
            skipSpaces()
            let inner = try expression()
            guard take(oneOf: ")") != nil else {
                if index < characters.count {
                    throw fail("expected ')' or an operator, found '\(characters[index])'")
                }
                throw LayoutExpression.SyntaxError(offset: start, message: "this '(' is not closed")
            }
            return inner
        }
        if character.isASCII && character.isNumber || character == "." { return .number(try number()) }
        if character.isLetter || character == "_" {
            let name = word()
            skipSpaces()
            switch name {
            case "w": return .width
            case "h": return .height
            default:
                let hint = ["width": "w", "height": "h", "W": "w", "H": "h"][name].map { " (did you mean '\($0)'?)" } ?? ""
                throw LayoutExpression.SyntaxError(
                    offset: start,
                    message: "unknown variable '\(name)'\(hint); the variables are w and h, this view's bounds width and height")
            }
        }
        throw fail("expected \(Self.expected), found '\(character)'")
    }

    /// Digits with at most one decimal point; followed by spaces.
    private mutating func number() throws(LayoutExpression.SyntaxError) -> Double {
        let start = index
        while index < characters.count, characters[index].isASCII,
              characters[index].isNumber || characters[index] == "." {
            index += 1
        }
        let text = String(characters[start..<index])
        guard let value = Double(text), value.isFinite else {
            throw LayoutExpression.SyntaxError(offset: start, message: "'\(text)' is not a number")
        }
        skipSpaces()
        return value
    }

    private mutating func word() -> String {
        let start = index
        while index < characters.count, characters[index].isLetter || characters[index].isNumber || characters[index] == "_" {
            index += 1
        }
        return String(characters[start..<index])
    }

    /// The next character, when it is one of `options`, consumed with the spaces after it.
    private mutating func take(oneOf options: String) -> Character? {
        guard index < characters.count, options.contains(characters[index]) else { return nil }
        let character = characters[index]
        index += 1
        skipSpaces()
        return character
    }

    private mutating func skipSpaces() {
        while index < characters.count, characters[index].isWhitespace { index += 1 }
    }

    private func fail(_ message: String) -> LayoutExpression.SyntaxError {
        LayoutExpression.SyntaxError(offset: index, message: message)
    }
}
