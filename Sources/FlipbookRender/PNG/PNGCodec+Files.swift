import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension PNGCodec {
    /// Encodes `bitmap` and writes it to `path` atomically.
    ///
    /// The bytes go to a hidden temporary file in the same directory, which is then
    /// renamed over `path`: readers see the old file or the new one, never half of one.
    /// The directory must exist.
    /// - Throws: `PNGError` naming `path` when encoding, writing or renaming fails.
    public static func write(_ bitmap: Bitmap, to path: String, compressionLevel: Int = 1) throws {
        try write(to: path) { try encode(bitmap, compressionLevel: compressionLevel) }
    }

    /// As `write(_:to:compressionLevel:)`, the image deflated in bands on `jobs` threads
    /// (`encode(_:compressionLevel:jobs:)`): the same bytes for any number of them.
    public static func write(_ bitmap: Bitmap, to path: String, compressionLevel: Int, jobs: Int) throws {
        try write(to: path) { try encode(bitmap, compressionLevel: compressionLevel, jobs: jobs) }
    }

    private static func write(to path: String, _ encode: () throws -> [UInt8]) throws {
        let bytes: [UInt8]
        do {
            bytes = try encode()
        } catch let error as PNGError {
            throw error.at(path)
        }
        try writeAtomically(bytes, to: path)
    }

    /// Reads and decodes the PNG file at `path`.
    /// - Throws: `PNGError` naming `path` when the file cannot be read or is not a PNG.
    public static func read(path: String) throws -> Bitmap {
        let bytes = try readBytes(path: path)
        do {
            return try decode(bytes)
        } catch let error as PNGError {
            throw error.at(path)
        }
    }

    /// The bytes of the file at `path`, undecoded: for a caller that also keeps them.
    /// - Throws: `PNGError` (`.read`) naming `path` when the file cannot be read.
    public static func readBytes(path: String) throws -> [UInt8] {
        do {
            return try FileBytes.readFile(path)
        } catch {
            throw PNGError(operation: .read, message: error.description, path: path)
        }
    }

    /// Writes `bytes` to a temporary file beside `path`, then renames it to `path`.
    static func writeAtomically(_ bytes: [UInt8], to path: String) throws {
        let temporary = temporaryPrefix(of: path, writer: getpid()) + UUID().uuidString + ".tmp"
        do {
            try FileBytes.writeFile(bytes, to: temporary)
            try FileBytes.moveFile(temporary, to: path)
        } catch {
            unlink(temporary)
            throw PNGError(operation: .write, message: error.description, path: path)
        }
    }
}

extension PNGCodec {
    /// Removes the temporary files that process `writer`, killed part-way through writing
    /// `path`, left beside it (`.NAME.PID.UUID.tmp`, see `writeAtomically`): for a caller
    /// whose child process was killed. Another process's writes of `path` are left alone.
    public static func removeTemporaries(of path: String, writtenBy writer: Int32) {
        let prefix = temporaryPrefix(of: path, writer: writer)
        let folder = URL(fileURLWithPath: prefix).deletingLastPathComponent().path
        let start = URL(fileURLWithPath: prefix).lastPathComponent
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        for name in names where name.hasPrefix(start) && name.hasSuffix(".tmp") {
            unlink(folder + "/" + name)
        }
    }

    /// `FOLDER/.NAME.PID.`: what the temporary files process `writer` writes on the way to
    /// `path` begin with.
    private static func temporaryPrefix(of path: String, writer: Int32) -> String {
        let destination = URL(fileURLWithPath: path)
        return destination.deletingLastPathComponent().appendingPathComponent(".\(destination.lastPathComponent).\(writer).").path
    }
}

/// Whole-file reads and writes through POSIX, whose `errno` says exactly what went
/// wrong ("No such file or directory", "Permission denied").
private enum FileBytes {
    struct Failure: Error, CustomStringConvertible {
        var description: String

        /// `what: strerror(errno)`.
        init(_ what: String) {
            description = "\(what): \(String(cString: strerror(errno)))"
        }
    }

    static func readFile(_ path: String) throws(Failure) -> [UInt8] {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { throw Failure("cannot open") }
        defer { close(fd) }
        do {
            return try FileReading.readAll(from: fd)
        } catch {
            throw Failure("cannot read")
        }
    }

    static func writeFile(_ bytes: [UInt8], to path: String) throws(Failure) {
        let fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o666)
        guard fd >= 0 else { throw Failure("cannot create temporary file \(path)") }
        var written = 0
        while written < bytes.count {
            let count = bytes.withUnsafeBytes { write(fd, $0.baseAddress! + written, $0.count - written) }
            if count < 0 {
                if errno == EINTR { continue }
                let failure = Failure("cannot write temporary file \(path)")
                close(fd)
                throw failure
            }
            written += count
        }
        guard close(fd) == 0 else { throw Failure("cannot finish temporary file \(path)") }
    }

    static func moveFile(_ source: String, to destination: String) throws(Failure) {
        guard rename(source, destination) == 0 else {
            throw Failure("cannot rename temporary file \(source) into place")
        }
    }
}
