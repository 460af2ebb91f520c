import Foundation

/// Golden PNGs that no scene compares against: left behind when a scene drops a frame
/// from `golden: frames`, or is renamed or deleted.
public struct UnusedGoldens: Sendable, Equatable, Codable {
    /// PNGs in (or below) a checked scene's folder that are not among its golden
    /// frames, sorted.
    public var files: [URL]
    /// Folders holding PNGs that no scene lists golden frames for, sorted.
    public var folders: [URL]
    /// Whether `folders` was looked for: only a run over every scene can tell that a
    /// folder belongs to none.
    public var foldersLookedFor: Bool
    /// Whether unused goldens were looked for at all: not when no scene with golden frames
    /// was found, for then every golden would look unused.
    public var lookedFor: Bool

    public init(files: [URL] = [], folders: [URL] = [], foldersLookedFor: Bool = false, lookedFor: Bool = true) {
        self.files = files
        self.folders = folders
        self.foldersLookedFor = foldersLookedFor
        self.lookedFor = lookedFor
    }

    /// Nothing found because nothing was looked for: the run found no scene with golden frames.
    public static let notLookedFor = UnusedGoldens(lookedFor: false)

    public var isEmpty: Bool { files.isEmpty && folders.isEmpty }

    /// One line per folder, then per file, for printing: `golden/old/: unused, no scene
    /// lists golden frames for it`, `golden/fade/frame_00090.png: unused`; or, when they
    /// were not looked for, a line saying so.
    public var summaryLines: [String] {
        guard lookedFor else {
            return ["golden: unused goldens not looked for: no scene with golden frames was found, "
                + "so every golden would look unused"]
        }
        return folders.map { displayPath($0) + "/: unused, no scene lists golden frames for it" }
            + files.map { displayPath($0) + ": unused" }
    }

    /// The PNGs under `goldenDirectory` that are not `<scene>/frame_NNNNN.png` for one
    /// of `goldenFrames[scene]`.
    ///
    /// - Parameters:
    ///   - goldenFrames: the golden frame indices of each scene checked.
    ///   - unchecked: scenes that could not be checked; their folders are left alone.
    ///   - allScenes: whether `goldenFrames` and `unchecked` name every scene, so that a
    ///     folder of PNGs named after none of them is unused. When false, only the
    ///     checked scenes' folders are looked at.
    /// A missing `goldenDirectory` has no unused goldens.
    public static func find(in goldenDirectory: URL, goldenFrames: [String: [Int]],
                            unchecked: Set<String> = [], allScenes: Bool) -> UnusedGoldens {
        let expected = goldenFrames.mapValues { Set($0.map { GoldenChecker.fileName(frame: $0) + ".png" }) }
        var files: [String] = [], folders = Set<String>()
        // The enumerator, which passes over a folder it cannot read where
        // `subpathsOfDirectory` gives up on the whole tree; string slicing, not `NSString`'s
        // path methods, which took a third of this search's time.
        let paths = FileManager.default.enumerator(atPath: goldenDirectory.path)?.allObjects as? [String] ?? []
        for path in paths where path.hasSuffix(".png") {
            let (folder, name) = folderAndName(of: path)
            if let names = expected[folder] {
                if !names.contains(name) { files.append(path) }
            } else if expected.keys.contains(where: { folder.hasPrefix($0 + "/") }) {
                files.append(path)
            } else if allScenes, !unchecked.contains(where: { folder == $0 || folder.hasPrefix($0 + "/") }) {
                folders.insert(folder)
            }
        }
        return UnusedGoldens(files: files.sorted().map { goldenDirectory.appendingPathComponent($0) },
                             folders: folders.sorted().map { goldenDirectory.appendingPathComponent($0) },
                             foldersLookedFor: allScenes)
    }

    /// `a/b/c.png` as `a/b` and `c.png`; the folder of a name without one is "".
    private static func folderAndName(of path: String) -> (folder: String, name: String) {
        guard let slash = path.lastIndex(of: "/") else { return ("", path) }
        return (String(path[..<slash]), String(path[path.index(after: slash)...]))
    }
}
