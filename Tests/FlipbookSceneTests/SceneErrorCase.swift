import FlipbookScene
import Testing

/// A scene that must fail to load (or to run), and the error it must give: one argument
/// of a parameterised error test, shown in the test report by what it checks and the
/// behaviour ids it cites.
struct SceneErrorCase: Sendable, CustomTestStringConvertible {
    enum Message: Sendable {
        case exactly(String)
        case startingWith(String)
    }

    /// What the case checks, as a test name says it.
    let name: String
    /// The catalogue ids it checks (BEHAVIORS.md), if any.
    let behaviours: [String]
    /// The scene, read as `test.yaml`.
    let yaml: String
    /// Where the error must be; nil leaves the line or column unchecked.
    let line: Int?
    let column: Int?
    let message: Message

    init(_ name: String, behaviours: [String], yaml: String, line: Int? = nil, column: Int? = nil,
         message: Message) {
        self.name = name
        self.behaviours = behaviours
        self.yaml = yaml
        self.line = line
        self.column = column
        self.message = message
    }

    init(_ name: String, _ behaviours: String..., yaml: String, line: Int? = nil, column: Int? = nil,
         message: Message) {
        self.init(name, behaviours: behaviours, yaml: yaml, line: line, column: column, message: message)
    }

    var testDescription: String { ([name] + behaviours).joined(separator: "_") }

    /// The column of `token`'s first occurrence in `line` of a scene, 1-based.
    static func column(of token: String, in line: String) -> Int {
        line.distance(from: line.startIndex, to: line.range(of: token)!.lowerBound) + 1
    }
}

extension SceneTesting {
    /// Expects `found` to be the error `expected` describes, in `test.yaml`.
    func expect(_ found: SceneError?, toBe expected: SceneErrorCase,
                sourceLocation: SourceLocation = #_sourceLocation) {
        guard let found else {
            Issue.record("\(expected.name): the scene gives no error", sourceLocation: sourceLocation)
            return
        }
        #expect(found.file == "test.yaml", sourceLocation: sourceLocation)
        if let line = expected.line {
            #expect(found.line == line, "\(found)", sourceLocation: sourceLocation)
        }
        if let column = expected.column {
            #expect(found.column == column, "\(found)", sourceLocation: sourceLocation)
        }
        switch expected.message {
        case .exactly(let message):
            #expect(found.message == message, sourceLocation: sourceLocation)
        case .startingWith(let prefix):
            #expect(found.message.hasPrefix(prefix), "\(found)", sourceLocation: sourceLocation)
        }
    }
}
