/// A PNG could not be encoded, decoded, read or written.
///
/// `message` is libpng's own message when libpng reported the problem; `path` is the
/// file involved, when there is one.
public struct PNGError: Error, CustomStringConvertible, Sendable, Equatable {
    /// What was being attempted when the error happened.
    public enum Operation: String, Sendable {
        case encode, decode, read, write
    }

    public var operation: Operation
    public var message: String
    public var path: String?

    public init(operation: Operation, message: String, path: String? = nil) {
        self.operation = operation
        self.message = message
        self.path = path
    }

    /// `cannot decode PNG: message`: what failed and why, without the path.
    public var reason: String {
        let what = switch operation {
        case .encode: "cannot encode PNG"
        case .decode: "cannot decode PNG"
        case .read: "cannot read PNG file"
        case .write: "cannot write PNG file"
        }
        return "\(what): \(message)"
    }

    /// `path: error: cannot decode PNG: message`, or without the path when there is none.
    public var description: String {
        (path.map { "\($0): " } ?? "") + "error: " + reason
    }

    /// The same error, now naming `path`.
    func at(_ path: String) -> PNGError {
        var copy = self
        copy.path = path
        return copy
    }
}
