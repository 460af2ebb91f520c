import Foundation

/// A command-line tool found on PATH (ffmpeg, ffprobe), run to completion.
struct ExternalTool {
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    struct Output {
        let status: Int32
        let standardOutput: Data
        /// The last lines of its standard error, for an error message.
        let errorText: String
    }

    let path: String

    /// - Throws: `Failure` when `name` is not on PATH, with how to install it.
    init(_ name: String) throws {
        guard let path = Self.find(name) else {
            throw Failure(description: "\(name) not found on PATH; install ffmpeg (Debian: apt-get install ffmpeg)")
        }
        self.path = path
    }

    /// Runs the tool with `arguments` and waits for it to exit.
    /// - Throws: `Failure` when it cannot be started.
    func run(_ arguments: [String]) throws -> Output {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = arguments
        let output = Pipe(), errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        process.standardInput = FileHandle.nullDevice
        do {
            try process.run()
        } catch {
            throw Failure(description: "cannot start \(path): \(error.localizedDescription)")
        }
        // Both are read to the end before waiting, so neither pipe can fill and block the tool.
        let errorData = ReadToEnd(errors.fileHandleForReading)
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Output(status: process.terminationStatus, standardOutput: data, errorText: Self.lastLines(of: errorData.wait()))
    }

    /// The first executable named `name` on PATH.
    static func find(_ name: String) -> String? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        return path.split(separator: ":").map { "\($0)/\(name)" }
            .first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    /// The last five lines of a tool's standard error, for an error message.
    static func lastLines(of errors: Data) -> String {
        String(decoding: errors, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
            .split(separator: "\n").suffix(5).joined(separator: "\n")
    }
}

/// Reads a file handle to its end on another thread.
private final class ReadToEnd: @unchecked Sendable {
    private let done = DispatchSemaphore(value: 0)
    private var data = Data()

    init(_ handle: FileHandle) {
        Thread.detachNewThread { [self] in
            data = handle.readDataToEndOfFile()
            done.signal()
        }
    }

    func wait() -> Data {
        done.wait()
        return data
    }
}
