/// A scene file as the mutations see it: its lines, and the scalar tokens in them (words
/// and numbers, each either a key, followed by `:`, or a value).
struct SceneText {
    /// A run of word characters on a line.
    struct Token {
        var line: Int
        var range: Range<Int>
        var text: String
        /// The key the token is a value of: the nearest key before it on its line, if any.
        var key: String?
        var isKey: Bool
        /// The token's leading number, without a unit after it (`250` of `250ms`), if it has one.
        var number: Substring? {
            let digits = text.prefix { "0123456789+-.eE".contains($0) }
            guard digits.contains(where: \.isNumber), Double(digits) != nil else { return nil }
            return digits
        }
    }

    var lines: [[UInt8]]

    init(_ bytes: [UInt8]) {
        lines = bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).map(Array.init)
    }

    var bytes: [UInt8] { Array(lines.joined(separator: [UInt8(ascii: "\n")])) }

    /// Every token of the file, in order.
    var tokens: [Token] {
        lines.indices.flatMap { tokens(onLine: $0) }
    }

    private static func isWord(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
             UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "_"), UInt8(ascii: "."),
             UInt8(ascii: "+"), UInt8(ascii: "-"): true
        default: false
        }
    }

    private func tokens(onLine index: Int) -> [Token] {
        let line = lines[index]
        var found: [Token] = []
        var key: String?
        var start = 0
        while start < line.count {
            if line[start] == UInt8(ascii: "#") && (start == 0 || line[start - 1] == UInt8(ascii: " ")) { break }
            guard Self.isWord(line[start]) else { start += 1; continue }
            var end = start
            while end < line.count, Self.isWord(line[end]) { end += 1 }
            let text = String(decoding: line[start..<end], as: UTF8.self)
            var next = end
            while next < line.count, line[next] == UInt8(ascii: " ") { next += 1 }
            let isKey = next < line.count && line[next] == UInt8(ascii: ":")
            // "- " starting a list item is not a token.
            if text != "-" {
                found.append(Token(line: index, range: start..<end, text: text, key: isKey ? nil : key, isKey: isKey))
            }
            if isKey { key = text }
            start = end
        }
        return found
    }

    /// Replaces `token` with `text` (the tokens after it on its line move).
    mutating func replace(_ token: Token, with text: String) {
        lines[token.line].replaceSubrange(token.range, with: Array(text.utf8))
    }
}
