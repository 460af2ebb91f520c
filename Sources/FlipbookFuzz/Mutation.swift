/// One change to a scene file. Each is small and blind to the format's meaning beyond
/// lines and tokens, so together they reach the loader's and the renderer's corners.
enum Mutation: String, CaseIterable, Sendable {
    case flipBit, deleteLine, duplicateLine, swapValues, confuseType, extremeNumber, nonFinite,
         deepNesting, unicode
    /// YAML 1.1's base-60 integers and aliases that expand exponentially (issue 20's
    /// crash and hang classes, kept as regressions).
    case sexagesimal, aliasBomb

    /// Applies the mutation to `scene`; returns what it did, in words, or nil when the
    /// scene has nothing it applies to.
    func apply(to scene: inout SceneText, using random: inout SplitMix64) -> String? {
        let values = scene.tokens.filter { !$0.isKey }
        switch self {
        case .flipBit:
            let lines = scene.lines.indices.filter { !scene.lines[$0].isEmpty }
            guard !lines.isEmpty else { return nil }
            let line = random.pick(lines), column = random.below(scene.lines[line].count), bit = random.below(8)
            scene.lines[line][column] ^= 1 << bit
            return "flip bit \(bit) at \(line + 1):\(column + 1)"
        case .deleteLine:
            guard scene.lines.count > 1 else { return nil }
            let line = random.below(scene.lines.count)
            scene.lines.remove(at: line)
            return "delete line \(line + 1)"
        case .duplicateLine:
            let line = random.below(scene.lines.count)
            scene.lines.insert(scene.lines[line], at: line)
            return "duplicate line \(line + 1)"
        case .swapValues:
            guard values.count >= 2 else { return nil }
            let first = random.pick(values), second = random.pick(values)
            guard first.line != second.line else { return nil }
            scene.replace(first, with: second.text)
            scene.replace(second, with: first.text)
            return "swap \(first.text) (line \(first.line + 1)) and \(second.text) (line \(second.line + 1))"
        case .confuseType:
            guard !values.isEmpty else { return nil }
            return replace(random.pick(values), in: &scene, with: random.pick(Self.otherTypes))
        case .extremeNumber, .nonFinite, .sexagesimal:
            let numbers = values.filter { $0.number != nil }
            guard !numbers.isEmpty else { return nil }
            let token = random.pick(numbers)
            let choices = self == .extremeNumber ? Self.extremeNumbers : self == .nonFinite ? Self.nonFiniteNumbers
                : ["1:0:0:0:0:0:0:0:0:0:0:0", "190:20:30", "-1:30:0:0:0:0:0:0:0:0:0"]
            let unit = token.text.dropFirst(token.number!.count)
            return replace(token, in: &scene, with: random.pick(choices) + unit)
        case .deepNesting:
            guard !values.isEmpty else { return nil }
            let depth = random.pick([8, 64, 200, 1_000, 5_000])
            let token = random.pick(values)
            let nested: String
            switch random.below(3) {
            case 0: nested = String(repeating: "[", count: depth) + token.text + String(repeating: "]", count: depth)
            case 1: nested = String(repeating: "{a: ", count: depth) + token.text + String(repeating: "}", count: depth)
            default:
                // A chain of views, each inside the one before.
                nested = (0..<depth).map { "{id: fz\($0), frame: [1, 1, 10, 10], subviews: [" }.joined()
                    + String(repeating: "]}", count: depth)
                guard let line = scene.lines.indices.first(where: { String(decoding: scene.lines[$0], as: UTF8.self)
                    .contains("subviews: [") }) else { return nil }
                let text = String(decoding: scene.lines[line], as: UTF8.self)
                scene.lines[line] = Array(text.replacingOccurrences(of: "subviews: [", with: "subviews: [" + nested + ", ").utf8)
                return "a chain of \(depth) subviews on line \(line + 1)"
            }
            scene.replace(token, with: nested)
            return "nest \(token.text) (line \(token.line + 1)) \(depth) deep"
        case .unicode:
            let tokens = scene.tokens
            guard !tokens.isEmpty else { return nil }
            let token = random.pick(tokens), text = random.pick(Self.unicodeTexts)
            let place = random.below(token.text.utf8.count + 1)
            let mutated = String(token.text.prefix(place)) + text + String(token.text.dropFirst(place))
            scene.replace(token, with: mutated)
            return "insert \(text.unicodeScalars.prefix(4).map { "U+" + String($0.value, radix: 16, uppercase: true) }.joined(separator: " ")) into \(token.text) (line \(token.line + 1))"
        case .aliasBomb:
            // A value of nine levels of nine aliases: 9⁹ numbers when expanded, in 500 bytes.
            guard !values.isEmpty else { return nil }
            let levels = ["&fz0 [1, 1, 1, 1, 1, 1, 1, 1, 1]"] + (1...8).map { level in
                "&fz\(level) [" + Array(repeating: "*fz\(level - 1)", count: 9).joined(separator: ", ") + "]"
            }
            return replace(random.pick(values), in: &scene, with: "[" + levels.joined(separator: ", ") + "]")
        }
    }

    /// Replaces a value; says what it was and what it became.
    private func replace(_ token: SceneText.Token, in scene: inout SceneText, with text: String) -> String {
        scene.replace(token, with: text)
        return "\(token.key ?? "value") \(token.text) → \(text.count > 40 ? String(text.prefix(40)) + "…" : text) (line \(token.line + 1))"
    }

    static let otherTypes = ["\"text\"", "true", "null", "~", "[]", "{}", "[1, 2]", "{a: 1}", "\"\"", "-1", "0.5",
                             "[[0, 0], [1, 1]]", "'#12345'", "yes", "0x1F", "0o17", "2001-12-14"]
    static let extremeNumbers = ["0", "-0", "-1", "1e6", "1e9", "-1e9", "1e15", "1e300", "-1e300", "1e-300", "5e-324",
                                 "2147483648", "4294967297", "9223372036854775807", "-9223372036854775808",
                                 "18446744073709551616", "1e309", "123456789012345678901234567890", "0.0000001"]
    static let nonFiniteNumbers = [".nan", ".NaN", ".inf", "-.inf", "+.inf", ".Inf", "nan", "inf", "-inf", "NaN", "1e400",
                                   "-1e400"]
    static let unicodeTexts = ["é", "e\u{301}", "🙂", "👩‍👩‍👧", "\u{202E}", "\u{200B}", "\u{FEFF}", "ﬁ", "𝕏", "日本語",
                               "عربي", "\u{0}", "\u{7}", "\u{1B}[31m", "\u{FFFD}", "\u{10FFFF}", "\\u0000",
                               String(repeating: "ü", count: 5_000)]
}
