/// The candidate closest to `word` by edit distance, if it is close enough to be a likely typo.
func nearest(to word: String, in candidates: some Sequence<String>) -> String? {
    let limit = max(2, word.count / 3)
    var best: (candidate: String, distance: Int)?
    for candidate in candidates {
        let distance = editDistance(word.lowercased(), candidate.lowercased())
        guard distance <= limit else { continue }
        if let current = best, (current.distance, current.candidate) <= (distance, candidate) { continue }
        best = (candidate, distance)
    }
    return best?.candidate
}

/// " (did you mean 'x'?)" when a near candidate exists, else "".
public func didYouMean(_ word: String, in candidates: some Sequence<String>) -> String {
    nearest(to: word, in: candidates).map { " (did you mean '\($0)'?)" } ?? ""
}

/// Why `key` is not a key of this map when it is one of the other kind of object: a
/// layer's property written on a view, or a view's on a layer. `allowed` (the map's keys)
/// tells which kind the map is; nil when `key` is no such mix-up.
func mixUpHint(for key: String, allowed: [String]) -> String? {
    let isView = allowed.contains("alpha") && !allowed.contains("opacity")
    let isLayer = allowed.contains("opacity") && !allowed.contains("alpha")
    if isView {
        let whereToWrite = allowed.contains("layer") ? "write layer: {\(key): …}" : "set it with target: <view id>.layer"
        if key == "opacity" { return "a view's is 'alpha' ('opacity' is its layer's: \(whereToWrite))" }
        if layerOnlyKeys.contains(key) { return "'\(key)' is a property of the view's layer: \(whereToWrite)" }
    }
    if isLayer, let name = ["alpha": "opacity", "clipsToBounds": "masksToBounds", "center": "position"][key] {
        return "a layer's is '\(name)' ('\(key)' is a UIView property)"
    }
    return nil
}

/// CALayer properties a view has only through its layer.
private let layerOnlyKeys: Set = [
    "cornerRadius", "maskedCorners", "cornerCurve", "borderWidth", "borderColor", "shadowColor", "shadowOpacity",
    "shadowRadius", "shadowOffset", "shadowPath", "masksToBounds", "zPosition", "anchorPoint", "sublayerTransform",
    "isDoubleSided", "shouldRasterize", "rasterizationScale", "contents", "contentsGravity",
]

/// Levenshtein distance between two strings, by characters.
func editDistance(_ a: String, _ b: String) -> Int {
    let a = Array(a), b = Array(b)
    var previous = Array(0...b.count)
    for i in 1...max(a.count, 1) where !a.isEmpty {
        var current = [i] + Array(repeating: 0, count: b.count)
        for j in 1...max(b.count, 1) where !b.isEmpty {
            current[j] = min(previous[j] + 1, current[j - 1] + 1,
                             previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
        }
        previous = current
    }
    return a.isEmpty ? b.count : previous[b.count]
}
