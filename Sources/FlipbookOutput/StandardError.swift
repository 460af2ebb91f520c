import Foundation

/// Messages for people on standard error, written so that a standard error that cannot
/// take them (closed, a full disk, `/dev/full`) loses the message instead of stopping
/// the program: `FileHandle.write(_:)` traps on a failed write.
public enum StandardError {
    /// Writes `text` as it is (add the newline); a failed write is dropped.
    public static func write(_ text: String) {
        try? FileHandle.standardError.write(contentsOf: Data(text.utf8))
    }
}
