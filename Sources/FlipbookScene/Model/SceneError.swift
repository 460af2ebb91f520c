import Foundation

/// A problem in a scene, located in its file: prints as `FILE:LINE:COL: error: message`.
public struct SceneError: Error, CustomStringConvertible, Equatable {
    public let file: String
    public let line: Int
    public let column: Int
    public let message: String

    public init(file: String, line: Int, column: Int, message: String) {
        self.file = file
        self.line = line
        self.column = column
        self.message = message
    }

    public var description: String { "\(file):\(line):\(column): error: \(message)" }

    /// A place in a scene file.
    public struct Location: Sendable, Equatable {
        public let file: String
        public let line: Int
        public let column: Int
    }

    public init(at location: Location, _ message: String) {
        self.init(file: location.file, line: location.line, column: location.column, message: message)
    }
}
