import FlipbookOutput
import Foundation

/// What a golden run leaves in its report directory as `report.json`, beside the page: the
/// report itself and what is needed to merge the reports of a sharded run
/// (`flipbook check --shard K/N`, then `flipbook report merge`) into the one an unsharded
/// run would have written.
///
/// Files inside the report directory (failure images, thumbnails) are stored relative
/// to it, so the directory can be moved or copied whole; other paths (goldens, scene
/// files) as the run saw them.
public struct GoldenRunRecord: Codable, Sendable {
    /// Which part of the scene files the run checked: `--shard K/N`, or nil for all of them.
    public struct Shard: Codable, Sendable, Equatable {
        public var index: Int
        public var count: Int
    }

    /// The record's file name in the report directory.
    public static let fileName = "report.json"

    public var shard: Shard?
    /// Whether the run was given every scene there is (no files named), so that golden
    /// folders no scene names count as unused.
    public var allScenes: Bool
    public var recording: Bool
    public var allowsEmpty: Bool
    /// The folder a run over every scene found its files under.
    public var sceneDirectory: String
    /// How many scene files the whole run had, before sharding.
    public var sceneFileCount: Int
    /// The golden frame indices of each scene checked, by scene name.
    public var goldenFrames: [String: [Int]]
    public var report: GoldenReport

    /// Writes `report.json` into `directory`, replacing an earlier one.
    /// - Throws: `GoldenError` naming the file when it cannot be written.
    func write(to directory: URL) throws {
        let url = directory.appendingPathComponent(Self.fileName)
        var stored = self
        stored.report = report.mappingURLs { url in
            // `./fade/frame_00030.diff.png`: a URL without a scheme, whatever the name holds.
            relativePath(of: url, inside: directory)
                .flatMap { URL(string: "./" + ($0.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed) ?? $0)) } ?? url
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        do {
            try (encoder.encode(stored) + Data("\n".utf8)).write(to: url, options: .atomic)
        } catch {
            throw GoldenError("cannot write the golden run's record: \(error.localizedDescription)", path: url.path)
        }
    }

    /// Reads the `report.json` a run wrote into `directory`, with the files stored
    /// relative to it made paths inside it again.
    /// - Throws: `GoldenError` naming the directory when it has no readable record.
    public static func read(from directory: URL) throws -> GoldenRunRecord {
        let url = directory.appendingPathComponent(fileName)
        guard let data = FileManager.default.contents(atPath: url.path) else {
            throw GoldenError("not a golden report directory: it has no \(fileName) (write one with "
                              + "'flipbook check --report-directory \(directory.relativePath)')", path: directory.relativePath)
        }
        do {
            var record = try JSONDecoder().decode(GoldenRunRecord.self, from: data)
            record.report = record.report.mappingURLs { url in
                url.scheme == nil ? directory.appendingPathComponent(url.path).standardizedFileURL : url
            }
            return record
        } catch {
            throw GoldenError("cannot read the golden run's record: \(error)", path: url.relativePath)
        }
    }
}
