import Foundation

/// Why UIKit rejects an animation call.
public struct UIViewAnimationError: Error, Equatable, CustomStringConvertible {
    public let message: String
    /// The message around the words that name the object it is about ("it", "the animator").
    private let around: (before: String, after: String)?

    public init(_ message: String) {
        self.message = message
        around = nil
    }

    /// An error about one object, which the message calls `subject`; `message(naming:)`
    /// can call it by a name instead.
    public init(_ before: String, subject: String, _ after: String) {
        message = before + subject + after
        around = (before, after)
    }

    /// The message with its object called `name` (a scene's `'a1'`): "finishAnimation(at:)
    /// needs a stopped animator; 'a1' is active". The message itself when it names none.
    public func message(naming name: String) -> String {
        around.map { $0.before + name + $0.after } ?? message
    }

    public var description: String { message }

    public static func == (a: Self, b: Self) -> Bool { a.message == b.message }
}
