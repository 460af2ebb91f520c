import Foundation

/// Standard output's reader has closed it before the output was whole: `flipbook render
/// … -o - | head -c 1000`. Like any Unix filter, the command then stops without a word;
/// the CLI ends as `cat` does, killed by SIGPIPE (status 141 in a shell).
public struct StandardOutputClosed: Error, CustomStringConvertible {
    public var description: String { "standard output was closed by its reader" }

    public init() {}

    /// Whether standard output is a pipe or socket that no one reads any more. Linux marks
    /// the write end of a pipe without readers, and a socket whose peer has gone, with
    /// POLLERR or POLLHUP, which `poll` reports whatever it is asked; a file, a terminal or
    /// a device (`/dev/full`) has neither.
    public static var readerHasGone: Bool {
        var descriptor = pollfd(fd: STDOUT_FILENO, events: 0, revents: 0)
        return poll(&descriptor, 1, 0) == 1 && descriptor.revents & Int16(POLLERR | POLLHUP) != 0
    }
}
