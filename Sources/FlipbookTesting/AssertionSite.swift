import Foundation
import Testing
import XCTest

/// Where an assertion was written: what a failure names, and where a test's snapshots live.
public struct AssertionSite: Sendable {
    public let fileID: String
    public let filePath: String
    /// The test function, as `#function` spells it (`cardSlides()`, `testCardSlides()`).
    public let function: String
    public let line: Int
    public let column: Int
    /// `filePath` as XCTest takes it.
    private let staticFilePath: StaticString

    public init(fileID: StaticString = #fileID, filePath: StaticString = #filePath, function: StaticString = #function,
                line: UInt = #line, column: UInt = #column) {
        self.fileID = "\(fileID)"
        self.filePath = "\(filePath)"
        staticFilePath = filePath
        self.function = "\(function)"
        self.line = Int(line)
        self.column = Int(column)
    }

    /// A site named by strings: a test file's path and a test's name, for checks made
    /// outside a test function (reports, tests of the checks).
    public init(filePath: String, function: String) {
        fileID = URL(fileURLWithPath: filePath).lastPathComponent
        self.filePath = filePath
        self.function = function
        line = 1
        column = 1
        staticFilePath = #filePath
    }

    /// The test's name without its argument list: `cardSlides`.
    public var testName: String {
        String(function.prefix { $0 != "(" })
    }

    /// The test file's name without its extension: `CardTests`.
    public var testFileName: String {
        URL(fileURLWithPath: filePath).deletingPathExtension().lastPathComponent
    }

    /// Attaches a failed check's expected, actual and diff images (only the actual one when
    /// the golden cannot be read) to the running Swift Testing test (`swift test
    /// --attachments-path DIR` keeps them); XCTest on Linux has no attachments, and the
    /// message names the files.
    func attachImages(of check: SnapshotCheck) {
        let images = switch check.outcome {
        case .failed(_, let expected, let actual, let diff): [expected, actual, diff]
        case .unreadable(_, let actual): [actual]
        case .passed, .recorded, .missing: [URL]()
        }
        guard Test.current != nil else { return }
        for url in images {
            guard let bytes = FileManager.default.contents(atPath: url.path) else { continue }
            Attachment.record([UInt8](bytes), named: url.lastPathComponent,
                              sourceLocation: SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column))
        }
    }

    /// Records `message` as a failure of the running test at this site: a Swift Testing
    /// issue inside a Swift Testing test, else an XCTest failure. Public for assertions
    /// built on FlipbookTesting (FlipbookSnapshotTesting's strategies).
    public func recordFailure(_ message: String) {
        if Test.current != nil {
            Issue.record(Comment(rawValue: message),
                         sourceLocation: SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column))
        } else {
            XCTFail(message, file: staticFilePath, line: UInt(line))
        }
    }
}
