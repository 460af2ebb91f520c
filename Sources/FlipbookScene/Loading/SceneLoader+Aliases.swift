import Yams

extension SceneLoader {
    /// Throws when the scene's aliases stand for more than `limit` nodes in all.
    ///
    /// An alias shares its anchor's node rather than copying it, so a few hundred bytes of
    /// aliases of aliases ("billion laughs") stand for billions of nodes that every reader
    /// of the tree would visit. The walk counts each node reached through an alias and
    /// stops at the limit, so it costs at most the file's nodes and `limit` more. An
    /// anchored node is the same `Anchor` object wherever an alias repeats it; its first
    /// visit is the anchor itself.
    static func checkAliases(in root: Node, file: String, limits: SceneLimits) throws {
        let limit = limits.aliasNodes
        var anchorsSeen: Set<ObjectIdentifier> = []
        var count = 0
        func visit(_ node: Node, throughAlias: Bool) throws {
            var throughAlias = throughAlias
            if !throughAlias, let anchor = node.anchor, !anchorsSeen.insert(ObjectIdentifier(anchor)).inserted {
                throughAlias = true
            }
            if throughAlias {
                count += 1
                if count > limit {
                    let mark = node.mark
                    let anchor = node.anchor.map { " (at the anchor '&\($0.rawValue)')" } ?? ""
                    throw SceneError(file: file, line: mark?.line ?? 1, column: mark?.column ?? 1,
                                     message: "the scene's aliases stand for more than \(limit) nodes\(anchor); "
                                         + "pass --limit \(SceneLimits.name(of: \.aliasNodes))=N to raise it")
                }
            }
            switch node {
            case .mapping(let mapping):
                for (key, value) in mapping {
                    try visit(key, throughAlias: throughAlias)
                    try visit(value, throughAlias: throughAlias)
                }
            case .sequence(let sequence):
                for item in sequence { try visit(item, throughAlias: throughAlias) }
            case .scalar, .alias:
                break
            }
        }
        try visit(root, throughAlias: false)
    }
}

extension SceneLoader {
    /// Throws at the first alias written as a mapping key (`*name: value`, `? *name`).
    ///
    /// The YAML library checks a mapping's keys for duplicates by hashing each key whole,
    /// before any of Flipbook's checks can see the tree, so a key that is an alias of a
    /// "billion laughs" tree hangs it. No scene needs an alias as a key, so the text is
    /// looked at first, line by line (`AliasKeyScanner`).
    static func checkNoAliasKeys(in yaml: String, file: String) throws {
        guard yaml.utf8.contains(UInt8(ascii: "*")) else { return }  // most scenes: no alias at all
        var scanner = AliasKeyScanner()
        for (number, line) in yaml.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            guard let key = scanner.aliasKey(in: Array(line.unicodeScalars)) else { continue }
            throw SceneError(file: file, line: number + 1, column: key.column + 1,
                             message: "the alias '\(key.name)' is a mapping key; a scene uses aliases as values only")
        }
    }
}

/// Finds aliases written as mapping keys in a scene's YAML, a line at a time, knowing enough
/// YAML to pass over text: quoted scalars (over several lines while those are indented past
/// the node the quote began in), comments and block scalars (`|`, `>`). An alias is `*` and
/// anchor characters after a line's start, a space or `[`, `{`, `,`, `?`; it is a key when
/// `:` follows it or `?` comes before it. Where it cannot tell, it reads on as YAML, not as
/// text: it may refuse a look-alike, but never passes over a key.
private struct AliasKeyScanner {
    /// The quote open at the end of the last line, and the column of the node it began in.
    private var quote: (character: Unicode.Scalar, column: Int)?
    /// Inside a block scalar: the column of the node that opened it.
    private var blockScalarColumn: Int?

    /// The first alias key on `line`, with its column (from 0).
    mutating func aliasKey(in line: [Unicode.Scalar]) -> (name: String, column: Int)? {
        let indent = line.prefix { $0 == " " }.count
        let blank = line.allSatisfy { $0 == " " || $0 == "\t" || $0 == "\r" }
        if let column = blockScalarColumn {
            if blank || indent > column { return nil }
            blockScalarColumn = nil
        }
        if let open = quote, !blank, indent <= open.column { quote = nil }  // not a quote's next line: YAML again
        var lastToken: ArraySlice<Unicode.Scalar> = []  // the line's last plain word, to find `|` and `>`
        var index = 0
        while index < line.count {
            let character = line[index]
            if let open = quote {
                if character == open.character { quote = nil }
                if character == "\\" && open.character == "\"" { index += 1 }
                index += 1
                continue
            }
            let previous = index > 0 ? line[index - 1] : " "
            let afterSpace = previous == " " || previous == "\t"
            if afterSpace && character != " " && character != "\t" && character != "#" {
                lastToken = line[index...].prefix { $0 != " " && $0 != "\t" }
            }
            if (character == "\"" || character == "'") && Self.startsScalar(line, at: index) {
                quote = (character, Self.nodeColumn(of: line))
                lastToken = []
            } else if character == "#" && afterSpace {
                break
            } else if character == "*" && (afterSpace || "[{,?".unicodeScalars.contains(previous)) {
                let end = index + 1 + line[(index + 1)...].prefix(while: Self.isAnchorCharacter).count
                let next = line[end...].first { $0 != " " }
                let explicitKey = line[..<index].last { $0 != " " } == "?"
                if end > index + 1, explicitKey || next == ":" {
                    return (String(String.UnicodeScalarView(line[index..<end])), index)
                }
                index = end
                continue
            }
            index += 1
        }
        if quote == nil, Self.isBlockScalarIndicator(lastToken) { blockScalarColumn = Self.nodeColumn(of: line) }
        return nil
    }

    /// Whether a quote at `index` begins a scalar: first on its line or after `:`, `-`, `[`,
    /// `{`, `,` or `?` (spaces between), not inside a plain one (`rock 'n roll`).
    private static func startsScalar(_ line: [Unicode.Scalar], at index: Int) -> Bool {
        guard let before = line[..<index].last(where: { $0 != " " && $0 != "\t" }) else { return true }
        return ":-[{,?".unicodeScalars.contains(before)
    }

    /// The column of a line's node: after the indent and any `- ` of sequence entries.
    private static func nodeColumn(of characters: [Unicode.Scalar]) -> Int {
        var column = characters.prefix { $0 == " " }.count
        while column + 1 < characters.count, characters[column] == "-", characters[column + 1] == " " {
            column += 2
            while column < characters.count, characters[column] == " " { column += 1 }
        }
        return column
    }

    /// `|` or `>` with an optional chomping sign and indentation digit (`|-`, `>+`, `|2-`).
    private static func isBlockScalarIndicator(_ token: ArraySlice<Unicode.Scalar>) -> Bool {
        guard let first = token.first, first == "|" || first == ">" else { return false }
        return token.dropFirst().allSatisfy { $0 == "-" || $0 == "+" || ("1"..."9").contains($0) }
    }

    private static func isAnchorCharacter(_ character: Unicode.Scalar) -> Bool {
        character.properties.isAlphabetic || ("0"..."9").contains(character) || character == "_" || character == "-"
    }
}
