import Foundation

/// Why UIKit rejects an animation call.
public struct UIViewAnimationError: Error, Equatable, CustomStringConvertible {
    public let message: String
    public init(_ message: String) { self.message = message }
    public var description: String { message }
}
