@testable import FlipbookScene
import Testing

/// The expressions of a scene's `layout` rules: numbers, w, h, + - * /, parentheses,
/// unary minus (docs/scene-format.md "Views").
@Suite struct LayoutExpressionTests {
    private func value(_ text: String, w: Double = 200, h: Double = 100) throws -> Double {
        try LayoutExpression(parsing: text).value(width: w, height: h)
    }

    private func error(_ text: String) -> LayoutExpression.SyntaxError? {
        do {
            _ = try LayoutExpression(parsing: text)
            return nil
        } catch {
            return error
        }
    }

    @Test func valuesFollowPrecedenceAndGoLeftToRight() throws {
        #expect(try value("w*0.5-7.5") == 92.5)
        #expect(try value("w*0.5+2.5") == 102.5)
        #expect(try value("h-10") == 90)
        #expect(try value("1 + 2 * 3") == 7)
        #expect(try value("(1 + 2) * 3") == 9)
        #expect(try value("w - h - 50") == 50, "left to right, not w - (h - 50)")
        #expect(try value("w / 4 / 2") == 25)
        #expect(try value("12") == 12)
        #expect(try value(".5 * w") == 100)
    }

    @Test func unaryMinusAndSpacesAnywhere() throws {
        #expect(try value("-w") == -200)
        #expect(try value(" - ( h - 10 ) / 2 ") == -45)
        #expect(try value("w*-0.5") == -100)
        #expect(try value("--h") == 100)
    }

    @Test func divisionByZeroIsNotFiniteRatherThanAnError() throws {
        #expect(try value("w / h", h: 0).isInfinite)
    }

    @Test func unknownVariablesAreNamedAtTheirPlace() {
        let x = error("w*0.5-x")
        let width = error("width - 10")

        #expect(x == .init(offset: 6, message: "unknown variable 'x'; the variables are w and h, this view's bounds width and height"))
        #expect(width?.offset == 0)
        #expect(width?.message.hasPrefix("unknown variable 'width' (did you mean 'w'?)") == true)
    }

    @Test func syntaxErrorsSayWhatWasExpectedWhere() {
        #expect(error("") == .init(offset: 0, message: "empty expression: write a number or an expression in w and h, e.g. \"w*0.5-7.5\""))
        #expect(error("w*") == .init(offset: 2, message: "the expression ends early: expected a number, w, h, '(' or '-'"))
        #expect(error("2w") == .init(offset: 1, message: "expected an operator (+ - * /), found 'w'"))
        #expect(error("w*(h-2") == .init(offset: 2, message: "this '(' is not closed"))
        #expect(error("(w h)") == .init(offset: 3, message: "expected ')' or an operator, found 'h'"))
        #expect(error("w)") == .init(offset: 1, message: "')' without a matching '('"))
        #expect(error("+w") == .init(offset: 0, message: "expected a number, w, h, '(' or '-', found '+'"))
        #expect(error("1.2.3") == .init(offset: 0, message: "'1.2.3' is not a number"))
        #expect(error("w % 2") == .init(offset: 2, message: "expected an operator (+ - * /), found '%'"))
    }
}
