import Foundation

/// What a file looks like from outside: its modification time and size, or that it is
/// missing. A preview reloads when the stamp of the scene or of a file it read changes.
struct FileStamp: Equatable {
    let seconds: Int
    let nanoseconds: Int
    let size: Int

    /// The stamp of the file at `path`; nil when there is no file to stat.
    init?(path: String) {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        seconds = Int(info.st_mtim.tv_sec)
        nanoseconds = Int(info.st_mtim.tv_nsec)
        size = Int(info.st_size)
    }
}
