#if canImport(Glibc)
import Glibc
#else
import Darwin
#endif

/// Reading a whole file through an open descriptor, the one loop both PNG files and the
/// files scenes name go through.
public enum FileReading {
    public enum Failure: Error, Equatable {
        /// A read failed; `errno` says why.
        case system(errno: Int32)
        /// The file holds more than the limit.
        case tooLarge
    }

    /// Every byte the open `descriptor` gives, retrying interrupted reads.
    /// - Throws: `.tooLarge` as soon as more than `limit` bytes have come, `.system` when a read fails.
    public static func readAll(from descriptor: Int32, limit: Int = .max) throws(Failure) -> [UInt8] {
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                throw .system(errno: errno)
            }
            if count == 0 { return bytes }
            bytes += chunk[0..<count]
            guard bytes.count <= limit else { throw .tooLarge }
        }
    }
}
