import Foundation
import FlipbookRender

/// The library versions goldens were recorded with, kept in
/// `<goldenDirectory>/ENVIRONMENT.json` so that a failure caused by a different cairo,
/// pixman, pango, FreeType or libpng can say so.
public enum GoldenEnvironment {
    public static let fileName = "ENVIRONMENT.json"

    /// Where the versions of the goldens in `goldenDirectory` are kept.
    public static func fileURL(in goldenDirectory: URL) -> URL {
        goldenDirectory.appendingPathComponent(fileName)
    }

    /// The versions recorded in `goldenDirectory`, or `nil` when none were recorded.
    /// - Throws: `GoldenError` naming the file when it exists but cannot be read as a
    ///   JSON object of strings.
    public static func read(from goldenDirectory: URL) throws -> [String: String]? {
        let url = fileURL(in: goldenDirectory)
        guard FileManager.default.fileExists(atPath: url.path) else { return nil }
        do {
            return try JSONDecoder().decode([String: String].self, from: Data(contentsOf: url))
        } catch {
            throw GoldenError("cannot read the recorded library versions (\(error)); "
                              + "fix the file or delete it and record again", path: url.path)
        }
    }

    /// Writes `versions` to `goldenDirectory` as pretty-printed JSON with sorted keys,
    /// creating the directory if needed.
    /// - Throws: `GoldenError` naming the file when it cannot be written.
    public static func write(_ versions: [String: String], to goldenDirectory: URL) throws {
        let url = fileURL(in: goldenDirectory)
        do {
            try FileManager.default.createDirectory(at: goldenDirectory, withIntermediateDirectories: true)
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
            try (encoder.encode(versions) + Data("\n".utf8)).write(to: url, options: .atomic)
        } catch {
            throw GoldenError("cannot write the library versions: \(error.localizedDescription)", path: url.path)
        }
    }

    /// A sentence naming each library whose version differs, or `nil` when none does:
    /// "goldens were recorded with cairo 1.16.0, this machine has 1.18.0 — pixel
    /// differences may come from that". Several libraries are each named on both sides.
    public static func mismatchDescription(recorded: [String: String], current: [String: String]) -> String? {
        let libraries = Set(recorded.keys).union(current.keys).sorted()
            .filter { recorded[$0] != current[$0] }
        guard !libraries.isEmpty else { return nil }

        func versions(_ table: [String: String], naming: Bool) -> String {
            let phrases = libraries.map { library in
                let version = table[library] ?? "(none)"
                return naming ? "\(library) \(version)" : version
            }
            return listed(phrases)
        }
        return "goldens were recorded with \(versions(recorded, naming: true)), "
            + "this machine has \(versions(current, naming: libraries.count > 1))"
            + " — pixel differences may come from that"
    }

    /// `a`, `a and b`, `a, b and c`.
    private static func listed(_ items: [String]) -> String {
        guard let last = items.last, items.count > 1 else { return items.first ?? "" }
        return items.dropLast().joined(separator: ", ") + " and " + last
    }
}
