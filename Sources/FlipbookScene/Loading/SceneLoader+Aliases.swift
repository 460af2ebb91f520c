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
    /// looked at first: outside quotes (which may run over several lines), comments and
    /// block scalars (`|`, `>`), an alias (`*` then anchor characters, after a line's
    /// start, a space or `[`, `{`, `,`, `?`) followed by `:` or preceded by `?`.
    static func checkNoAliasKeys(in yaml: String, file: String) throws {
        guard yaml.utf8.contains(UInt8(ascii: "*")) else { return }  // most scenes: no alias at all
        var quote: Unicode.Scalar?
        var blockScalarParentIndent: Int?  // inside a block scalar: the column of the node that opened it
        for (number, line) in yaml.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let characters = Array(line.unicodeScalars)
            let indent = characters.prefix { $0 == " " }.count
            if let parentIndent = blockScalarParentIndent {
                let blank = characters.allSatisfy { $0 == " " || $0 == "\t" || $0 == "\r" }
                if blank || indent > parentIndent { continue }
                blockScalarParentIndent = nil
            }
            var lastToken: ArraySlice<Unicode.Scalar> = []  // the line's last plain word, to find `|` and `>`
            var index = 0
            while index < characters.count {
                let character = characters[index]
                if let open = quote {
                    if character == open { quote = nil }
                    if character == "\\" && open == "\"" { index += 1 }
                    index += 1
                    continue
                }
                let previous = index > 0 ? characters[index - 1] : " "
                let afterSpace = previous == " " || previous == "\t"
                if afterSpace && character != " " && character != "\t" && character != "#" {
                    var end = index
                    while end < characters.count, characters[end] != " ", characters[end] != "\t" { end += 1 }
                    lastToken = characters[index..<end]
                }
                if (character == "\"" || character == "'") && (afterSpace || "[{,:-?".unicodeScalars.contains(previous)) {
                    quote = character
                    lastToken = []
                } else if character == "#" && afterSpace {
                    break
                } else if character == "*" && (afterSpace || "[{,?".unicodeScalars.contains(previous)) {
                    var end = index + 1
                    while end < characters.count, isAnchorCharacter(characters[end]) { end += 1 }
                    var next = end
                    while next < characters.count, characters[next] == " " { next += 1 }
                    let explicitKey = characters[..<index].reversed().first { $0 != " " } == "?"
                    if end > index + 1, explicitKey || (next < characters.count && characters[next] == ":") {
                        let name = String(String.UnicodeScalarView(characters[index..<end]))
                        throw SceneError(file: file, line: number + 1, column: index + 1,
                                         message: "the alias '\(name)' is a mapping key; a scene uses aliases as values only")
                    }
                    index = end
                    continue
                }
                index += 1
            }
            if quote == nil, isBlockScalarIndicator(lastToken) { blockScalarParentIndent = nodeColumn(of: characters) }
        }
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
