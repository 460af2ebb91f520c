import Foundation

extension GoldenRun {
    /// Merges the report directories of a sharded run (`flipbook check --shard K/N`, one
    /// directory per shard) into `reportDirectory`: the report, `report.json` and JUnit
    /// file (when `junitFile` is set) that one unsharded run over the same scenes would
    /// have written, with the same counts, the scenes in the same order and the unused
    /// goldens looked for over all of them. The shards' failure images and thumbnails are
    /// copied in.
    ///
    /// `reportDirectory` may be missing, empty, or an earlier report (it has `report.json`),
    /// which is replaced; anything else there is refused.
    /// - Throws: `GoldenError` when a directory is not a shard's report, when the shards are
    ///   not every shard of one run exactly once (naming the ones to rerun), or when a file
    ///   cannot be read, copied or written; and, after writing, when the merged run
    ///   checked nothing and may not.
    public static func merge(shardDirectories: [URL], into reportDirectory: URL, junitFile: URL?,
                             log: (String) -> Void) throws -> Outcome {
        let shards = try shardDirectories.map { directory in (directory, try GoldenRunRecord.read(from: directory)) }
            .sorted { ($0.1.shard?.index ?? -1) < ($1.1.shard?.index ?? -1) }
        let records = try checkComplete(shards)
        let first = records[0]
        for (directory, _) in shards
        where directory.standardizedFileURL == reportDirectory.standardizedFileURL
            || relativePath(of: directory, inside: reportDirectory) != nil {
            throw GoldenError("is where the merged report would go; merge into another folder",
                              path: directory.relativePath)
        }
        try clear(reportDirectory)

        var merged = GoldenRunRecord(
            shard: nil, allScenes: first.allScenes, recording: first.recording, allowsEmpty: first.allowsEmpty,
            sceneDirectory: first.sceneDirectory, sceneFileCount: first.sceneFileCount, goldenFrames: [:],
            report: GoldenReport(scenes: [], goldenDirectory: first.report.goldenDirectory))
        merged.report.subject = first.report.subject
        for (directory, record) in shards {
            let report = try record.report.mappingURLs { url in
                guard let path = relativePath(of: url, inside: directory) else { return url }
                return try copy(url, to: reportDirectory.appendingPathComponent(path))
            }
            merged.report.scenes += report.scenes
            merged.report.errors += report.errors
            merged.goldenFrames.merge(record.goldenFrames) { $0 + $1 }
        }
        return try conclude(merged, reportDirectory: reportDirectory, junitFile: junitFile, log: log)
    }

    /// The shards' records, once they are shown to be all N shards of one run, each once.
    private static func checkComplete(_ shards: [(URL, GoldenRunRecord)]) throws -> [GoldenRunRecord] {
        guard let (firstDirectory, first) = shards.first else {
            throw GoldenError("no report directories to merge: name the shards' report directories")
        }
        for (directory, record) in shards where record.shard == nil {
            throw GoldenError("not a shard's report: it was written by an unsharded run, so there is nothing to "
                              + "merge it with", path: directory.relativePath)
        }
        let count = first.shard!.count
        for (directory, record) in shards {
            let settings = { (r: GoldenRunRecord) in
                [r.shard!.count, r.allScenes ? 1 : 0, r.recording ? 1 : 0, r.allowsEmpty ? 1 : 0, r.sceneFileCount] }
            guard settings(record) == settings(first), record.report.goldenDirectory == first.report.goldenDirectory,
                  record.sceneDirectory == first.sceneDirectory, record.report.subject == first.report.subject,
                  (0..<count).contains(record.shard!.index) else {
                throw GoldenError("comes from another run than \(firstDirectory.relativePath) (shard \(record.shard!.index)/"
                                  + "\(record.shard!.count) of \(record.sceneFileCount) scene files against "
                                  + "\(first.shard!.count) shards of \(first.sceneFileCount)): merge the shards of one "
                                  + "run, with the same scenes and options", path: directory.relativePath)
            }
        }
        let indices = shards.map { $0.1.shard!.index }
        let repeated = Dictionary(grouping: shards) { $0.1.shard!.index }.filter { $0.value.count > 1 }
        if let (index, copies) = repeated.min(by: { $0.key < $1.key }) {
            throw GoldenError("shard \(index)/\(count) is given \(copies.count) times ("
                              + copies.map { $0.0.relativePath }.joined(separator: ", ") + "): give each shard once")
        }
        let missing = (0..<count).filter { !indices.contains($0) }
        guard missing.isEmpty else {
            throw GoldenError("\(missing.count) of \(count) shards missing: rerun "
                              + missing.map { "flipbook check --shard \($0)/\(count)" }.joined(separator: ", ")
                              + ", then merge all \(count)")
        }
        return shards.map(\.1)
    }

    /// Makes `directory` ready for the merged report: refuses a folder that holds anything
    /// but an earlier report, and removes what that report wrote (its page, its record and
    /// its scenes' image folders), nothing else.
    private static func clear(_ directory: URL) throws {
        let manager = FileManager.default
        let names = (try? manager.contentsOfDirectory(atPath: directory.path)) ?? []
        guard !names.isEmpty else { return }
        guard let earlier = try? GoldenRunRecord.read(from: directory) else {
            throw GoldenError("holds files that are not a golden report (no readable \(GoldenRunRecord.fileName)); "
                              + "merge into an empty or new folder", path: directory.relativePath)
        }
        let written = Set([GoldenReport.indexName, GoldenRunRecord.fileName] + earlier.report.scenes.map(\.scene))
        for name in names where written.contains(name) {
            let url = directory.appendingPathComponent(name)
            do {
                try manager.removeItem(at: url)
            } catch {
                throw GoldenError("cannot remove the earlier report's \(name): \(error.localizedDescription)",
                                  path: url.relativePath)
            }
        }
    }

    /// Copies a shard's image to `destination`, making its folder; returns `destination`.
    private static func copy(_ file: URL, to destination: URL) throws -> URL {
        let manager = FileManager.default
        do {
            try manager.createDirectory(at: destination.deletingLastPathComponent(), withIntermediateDirectories: true)
            if manager.fileExists(atPath: destination.path) { try manager.removeItem(at: destination) }
            try manager.copyItem(at: file, to: destination)
        } catch {
            throw GoldenError("cannot copy a shard's image into the merged report: \(error.localizedDescription)",
                              path: file.relativePath)
        }
        return destination
    }
}
