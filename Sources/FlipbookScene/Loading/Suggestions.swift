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
