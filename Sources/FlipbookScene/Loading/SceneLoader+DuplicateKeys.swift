import Yams

extension SceneLoader {
    /// The error for a map that has the key `name` twice, at the second one.
    ///
    /// Yams reports only where the key first appears (`first`). To find the second, the
    /// first is renamed in place — to as many characters that no scene uses, so every
    /// other location stays the same — and the text composed again; the map holding the
    /// renamed key holds the duplicate. When that fails (another duplicate, a key that is
    /// not plain), the error stays at the first.
    static func duplicateKeyError(_ name: String, first: Mark, yaml: String, file: String) -> SceneError {
        let message = "the key '\(name)' appears twice in this map; remove one"
        let at = { (mark: Mark) in SceneError(file: file, line: mark.line, column: mark.column, message: message) }
        let placeholder = String(repeating: "\u{E000}", count: name.unicodeScalars.count)
        guard let renamed = replacing(name, at: first, in: yaml, with: placeholder),
              let second = try? withTree(of: renamed, { root in
                  root.flatMap { secondKey(named: name, besides: placeholder, at: first, in: $0) }
              }) else {
            return at(first)
        }
        return at(second)
    }

    /// `yaml` with the text at `mark` (line and column counted in Unicode scalars from 1,
    /// as libyaml counts them) replaced by `replacement`, if `original` is what is there.
    private static func replacing(_ original: String, at mark: Mark, in yaml: String,
                                  with replacement: String) -> String? {
        var scalars = Array(yaml.unicodeScalars)
        var line = 1, start = 0
        while line < mark.line, let newline = scalars[start...].firstIndex(of: "\n") {
            start = newline + 1
            line += 1
        }
        let from = start + mark.column - 1
        let target = Array(original.unicodeScalars)
        guard line == mark.line, from + target.count <= scalars.count,
              Array(scalars[from..<from + target.count]) == target else { return nil }
        scalars.replaceSubrange(from..<from + target.count, with: replacement.unicodeScalars)
        var text = String.UnicodeScalarView()
        text.append(contentsOf: scalars)
        return String(text)
    }

    /// Where the key `name` is in the map whose key `placeholder` is at `mark`. Visits
    /// each node of the file once: nodes reached through aliases are not entered.
    private static func secondKey(named name: String, besides placeholder: String, at mark: Mark, in root: Node) -> Mark? {
        var anchorsSeen: Set<ObjectIdentifier> = []
        func search(_ node: Node) -> Mark? {
            if let anchor = node.anchor, !anchorsSeen.insert(ObjectIdentifier(anchor)).inserted { return nil }
            switch node {
            case .mapping(let mapping):
                let holdsPlaceholder = mapping.contains { key, _ in
                    key.string == placeholder && key.mark?.line == mark.line && key.mark?.column == mark.column
                }
                if holdsPlaceholder { return mapping.first { key, _ in key.string == name }?.key.mark }
                for (key, value) in mapping {
                    if let found = search(key) ?? search(value) { return found }
                }
                return nil
            case .sequence(let sequence):
                for item in sequence { if let found = search(item) { return found } }
                return nil
            case .scalar, .alias:
                return nil
            }
        }
        return search(root)
    }
}
