import Foundation

/// One mutated scene: its number, the scene it came from and the changes made to it, all
/// decided by the run's seed and the number alone.
struct FuzzCase: Sendable {
    var index: Int
    /// The scene mutated, relative to the scenes folder (`content/labels.yaml`).
    var source: String
    var changes: [String]
    var bytes: [UInt8]

    /// Case `index` of a run seeded with `seed`, mutating one of `sources` (path → bytes,
    /// in a fixed order) with one to three of `mutations`.
    init(index: Int, seed: UInt64, sources: [(path: String, bytes: [UInt8])], mutations: [Mutation]) {
        var random = SplitMix64(seed: seed, case: index)
        let source = random.pick(sources)
        var scene = SceneText(source.bytes)
        var changes: [String] = []
        for _ in 0...random.below(3) {
            let mutation = random.pick(mutations)
            if let change = mutation.apply(to: &scene, using: &random) {
                changes.append("\(mutation.rawValue): \(change)")
            }
        }
        self.index = index
        self.source = source.path
        self.changes = changes
        self.bytes = scene.bytes
    }

    /// The case's file name: beside its source scene (so the files the scene names are
    /// found), numbered and named after the source.
    var fileName: String {
        let name = (source as NSString).lastPathComponent
        return String(format: "fuzz-%05d-", index) + name
    }

    var folder: String { (source as NSString).deletingLastPathComponent }
}
