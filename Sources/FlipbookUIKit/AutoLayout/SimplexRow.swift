import Foundation

/// A variable of the simplex tableau (Badros, Borning & Stuckey, "The Cassowary linear
/// arithmetic constraint solving algorithm", 2001): an external variable the caller
/// solves for (unrestricted in sign), or one the solver adds — a slack of an inequality,
/// an error of a non-required constraint (both ≥ 0), a dummy marking a required
/// equality (always 0).
struct SimplexSymbol: Hashable, Comparable {
    enum Kind: Hashable { case external, slack, error, dummy }

    /// The order symbols are made in: every choice between symbols takes the lowest, so
    /// a solve never depends on how a dictionary happens to be ordered.
    let id: Int
    let kind: Kind

    /// Whether the simplex may make it basic to restore feasibility (a slack or error).
    var isPivotable: Bool { kind == .slack || kind == .error }

    static func < (a: Self, b: Self) -> Bool { a.id < b.id }
}

/// One row of the tableau, `constant + Σ coefficient × symbol`, with its terms kept sorted
/// by symbol so that merging two rows is a single ordered pass.
struct SimplexRow {
    private(set) var constant: Double
    private(set) var cells: [(symbol: SimplexSymbol, coefficient: Double)] = []

    /// Below this a coefficient counts as zero (and is dropped).
    static let epsilon = 1.0e-8

    init(constant: Double = 0) { self.constant = constant }

    func coefficient(for symbol: SimplexSymbol) -> Double {
        index(of: symbol).map { cells[$0].coefficient } ?? 0
    }

    /// Adds `coefficient × symbol`, dropping the term when it cancels out.
    mutating func insert(_ symbol: SimplexSymbol, _ coefficient: Double = 1) {
        let position = insertionIndex(of: symbol)
        if position < cells.count, cells[position].symbol == symbol {
            let sum = cells[position].coefficient + coefficient
            if abs(sum) < Self.epsilon { cells.remove(at: position) } else { cells[position].coefficient = sum }
        } else if abs(coefficient) >= Self.epsilon {
            cells.insert((symbol, coefficient), at: position)
        }
    }

    /// Adds `coefficient × row`: one ordered pass over both rows' terms (through buffer
    /// pointers, so that debug builds, which the tests run, stay quick).
    mutating func insert(_ row: SimplexRow, _ coefficient: Double = 1) {
        constant += row.constant * coefficient
        var merged: [(symbol: SimplexSymbol, coefficient: Double)] = []
        merged.reserveCapacity(cells.count + row.cells.count)
        cells.withUnsafeBufferPointer { mine in
            row.cells.withUnsafeBufferPointer { theirs in
                var (i, j) = (0, 0)
                while i < mine.count || j < theirs.count {
                    if j == theirs.count || (i < mine.count && mine[i].symbol.id < theirs[j].symbol.id) {
                        merged.append(mine[i])
                        i += 1
                    } else if i == mine.count || theirs[j].symbol.id < mine[i].symbol.id {
                        merged.append((theirs[j].symbol, theirs[j].coefficient * coefficient))
                        j += 1
                    } else {
                        let sum = mine[i].coefficient + theirs[j].coefficient * coefficient
                        if abs(sum) >= Self.epsilon { merged.append((mine[i].symbol, sum)) }
                        i += 1
                        j += 1
                    }
                }
            }
        }
        cells = merged
    }

    mutating func remove(_ symbol: SimplexSymbol) {
        if let position = index(of: symbol) { cells.remove(at: position) }
    }

    mutating func reverseSign() {
        constant = -constant
        for index in cells.indices { cells[index].coefficient = -cells[index].coefficient }
    }

    /// Rewrites `0 = row` as `symbol = …`: the row no longer holds `symbol`.
    mutating func solve(for symbol: SimplexSymbol) {
        guard let position = index(of: symbol) else { return }
        let scale = -1 / cells[position].coefficient
        cells.remove(at: position)
        constant *= scale
        for index in cells.indices { cells[index].coefficient *= scale }
    }

    /// Rewrites `lhs = row` as `rhs = …` (a pivot).
    mutating func solve(for lhs: SimplexSymbol, _ rhs: SimplexSymbol) {
        insert(lhs, -1)
        solve(for: rhs)
    }

    /// Replaces `symbol` by `row`, which holds its value.
    mutating func substitute(_ symbol: SimplexSymbol, _ row: SimplexRow) {
        guard let position = index(of: symbol) else { return }
        let coefficient = cells[position].coefficient
        cells.remove(at: position)
        insert(row, coefficient)
    }

    private func index(of symbol: SimplexSymbol) -> Int? {
        let position = insertionIndex(of: symbol)
        return position < cells.count && cells[position].symbol == symbol ? position : nil
    }

    private func insertionIndex(of symbol: SimplexSymbol) -> Int {
        cells.withUnsafeBufferPointer { cells in
            var (low, high) = (0, cells.count)
            while low < high {
                let middle = (low + high) / 2
                if cells[middle].symbol.id < symbol.id { low = middle + 1 } else { high = middle }
            }
            return low
        }
    }
}
