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
