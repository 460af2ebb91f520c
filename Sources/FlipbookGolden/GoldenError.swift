/// A golden check could not run: bad configuration, an unreadable golden, a file that
/// cannot be written.
public struct GoldenError: Error, CustomStringConvertible, Sendable, Equatable {
    public var message: String
    /// The file or directory involved, when there is one.
    public var path: String?

    public init(_ message: String, path: String? = nil) {
        self.message = message
        self.path = path
    }

    /// `path: error: message`, or `error: message` without a path.
    public var description: String {
        (path.map { "\($0): " } ?? "") + "error: " + message
    }
}
