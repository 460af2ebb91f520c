import Foundation
import Synchronization

/// Warnings about values Flipbook refuses (G12, T2), each written to standard error the
/// first time in a process only, as the first `UIFont(name:size:)` of a missing family
/// warns: a loop setting the same bad value must not flood the output.
package enum OnceWarnings {
    /// The subjects warned about so far in this process.
    private static let given = Mutex<Set<String>>([])

    /// Writes `line` and a newline to standard error, unless a warning about `subject`
    /// was written before in this process.
    package static func write(about subject: String, _ line: @autoclosure () -> String) {
        guard given.withLock({ $0.insert(subject).inserted }) else { return }
        FileHandle.standardError.write(Data((line() + "\n").utf8))
    }

    /// Forgets the warnings written, so the next refusal of each subject warns again: for
    /// a test that checks a warning, whatever ran before it in the process.
    package static func forget() {
        given.withLock { $0.removeAll() }
    }
}
