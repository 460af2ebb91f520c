import Foundation

/// `Σ coefficient × variable + constant` related to 0, at a priority: what Auto Layout's
/// constraints become for the solver.
struct LinearConstraint: Equatable {
    enum Relation: Equatable { case lessThanOrEqual, equal, greaterThanOrEqual }

    struct Term: Equatable {
        var variable: Int
        var coefficient: Double
    }

    var terms: [Term]
    var constant: Double
    var relation: Relation
    /// 1000 (required) must hold; below, it holds as far as the required ones and those
    /// of higher priority let it.
    var priority: Float

    var isRequired: Bool { priority >= 1000 }
}

/// The Cassowary solver (Badros, Borning & Stuckey 2001), written here because no Swift
/// package of a constraint solver is available to the build: a simplex tableau over
/// unrestricted variables, required constraints added as rows (an artificial variable
/// finding a feasible start where no row variable offers itself), non-required ones with
/// error variables the objective minimises.
///
/// Priorities are lexicographic, as UIKit documents ("constraints with higher priority
/// levels are satisfied before constraints with lower priority levels"): the objective is
/// one row per priority level in the problem, and a symbol enters the basis when its
/// coefficients, read from the highest level down, are first negative. Every choice takes
/// the lowest symbol (Bland's rule), so the same constraints give the same values bit for
/// bit, and the simplex cannot cycle. It solves from scratch: no edit variables.
struct LinearConstraintSolver {
    /// Solves `constraints` over `variableCount` variables, in order. A required constraint
    /// that cannot hold with those before it is left out (broken), as UIKit does; its index
    /// is in `broken`. Variables nothing determines are 0.
    static func solve(variableCount: Int, constraints: [LinearConstraint]) -> (values: [Double], broken: [Int]) {
        let levels = Array(Set(constraints.filter { !$0.isRequired }.map(\.priority))).sorted(by: >)
        var solver = LinearConstraintSolver(variableCount: variableCount, levels: levels)
        var broken: [Int] = []
        for (index, constraint) in constraints.enumerated() where !solver.add(constraint) {
            // A failed add can leave the tableau changed: start again without the constraints
            // broken so far (rare, so cheaper than keeping a copy of the tableau before each add).
            broken.append(index)
            solver = LinearConstraintSolver(variableCount: variableCount, levels: levels)
            for (earlier, kept) in constraints[...index].enumerated() where !broken.contains(earlier) {
                _ = solver.add(kept)
            }
        }
        return ((0..<variableCount).map(solver.value(of:)), broken)
    }

    private var rows: [SimplexSymbol: SimplexRow] = [:]
    private var objectives: [SimplexRow]
    private let levels: [Float]
    /// The objective of the phase that looks for a feasible row, while it runs.
    private var artificial: SimplexRow?
    private let variables: [SimplexSymbol]
    private var nextID: Int

    private init(variableCount: Int, levels: [Float]) {
        variables = (0..<variableCount).map { SimplexSymbol(id: $0, kind: .external) }
        nextID = variableCount
        self.levels = levels
        objectives = levels.map { _ in SimplexRow() }
    }

    private func value(of variable: Int) -> Double {
        rows[variables[variable]]?.constant ?? 0
    }

    private mutating func makeSymbol(_ kind: SimplexSymbol.Kind) -> SimplexSymbol {
        defer { nextID += 1 }
        return SimplexSymbol(id: nextID, kind: kind)
    }

    /// Adds a constraint and re-optimises; false when it is required and cannot hold (the
    /// tableau may then be changed: the caller starts again without it).
    private mutating func add(_ constraint: LinearConstraint) -> Bool {
        let (row, marker, other) = makeRow(constraint)
        var subject = chooseSubject(row, marker: marker, other: other)
        if subject == nil, row.cells.allSatisfy({ $0.symbol.kind == .dummy }) {
            guard abs(row.constant) < SimplexRow.epsilon else { return false }
            subject = marker
        }
        if let subject {
            var solved = row
            solved.solve(for: subject)
            substitute(subject, solved)
            rows[subject] = solved
        } else if !addWithArtificialVariable(row) {
            return false
        }
        optimize()
        return true
    }

    /// The constraint as a row over the current non-basic symbols, with its slack, error
    /// or dummy symbols (`marker`, `other`); errors are added to their level's objective.
    private mutating func makeRow(_ constraint: LinearConstraint) -> (SimplexRow, SimplexSymbol, SimplexSymbol?) {
        var row = SimplexRow(constant: constraint.constant)
        for term in constraint.terms where abs(term.coefficient) >= SimplexRow.epsilon {
            let symbol = variables[term.variable]
            if let basic = rows[symbol] { row.insert(basic, term.coefficient) } else { row.insert(symbol, term.coefficient) }
        }
        let level = levels.firstIndex(of: constraint.priority)
        let marker: SimplexSymbol, other: SimplexSymbol?
        switch constraint.relation {
        case .lessThanOrEqual, .greaterThanOrEqual:
            let sign: Double = constraint.relation == .lessThanOrEqual ? 1 : -1
            marker = makeSymbol(.slack)
            row.insert(marker, sign)
            if let level {
                let error = makeSymbol(.error)
                row.insert(error, -sign)
                objectives[level].insert(error)
                other = error
            } else {
                other = nil
            }
        case .equal:
            if let level {
                let plus = makeSymbol(.error), minus = makeSymbol(.error)
                row.insert(plus, -1)
                row.insert(minus, 1)
                objectives[level].insert(plus)
                objectives[level].insert(minus)
                (marker, other) = (plus, minus)
            } else {
                marker = makeSymbol(.dummy)
                row.insert(marker)
                other = nil
            }
        }
        if row.constant < 0 { row.reverseSign() }
        return (row, marker, other)
    }

    /// The symbol the new row can be solved for: its first external variable, else its
    /// slack or error when that has a negative coefficient (so the row stays feasible).
    private func chooseSubject(_ row: SimplexRow, marker: SimplexSymbol, other: SimplexSymbol?) -> SimplexSymbol? {
        if let external = row.cells.first(where: { $0.symbol.kind == .external }) { return external.symbol }
        for symbol in [marker] + (other.map { [$0] } ?? []) where symbol.isPivotable && row.coefficient(for: symbol) < 0 {
            return symbol
        }
        return nil
    }

    /// Phase one for a row no symbol can take: a new variable holds it, and minimising that
    /// variable to 0 shows whether the row can be satisfied.
    private mutating func addWithArtificialVariable(_ row: SimplexRow) -> Bool {
        let artificialSymbol = makeSymbol(.slack)
        rows[artificialSymbol] = row
        artificial = row
        optimize()
        let feasible = abs(artificial?.constant ?? 0) < SimplexRow.epsilon
        artificial = nil
        if var basic = rows.removeValue(forKey: artificialSymbol) {
            if basic.cells.isEmpty { return feasible }
            guard let entering = basic.cells.first(where: { $0.symbol.isPivotable })?.symbol else { return false }
            basic.solve(for: artificialSymbol, entering)
            substitute(entering, basic)
            rows[entering] = basic
        }
        for key in rows.keys { rows[key]?.remove(artificialSymbol) }
        for level in objectives.indices { objectives[level].remove(artificialSymbol) }
        return feasible
    }

    /// Pivots until no symbol lowers the objective (the artificial one while it exists).
    private mutating func optimize() {
        while let entering = enteringSymbol() {
            guard let leaving = leavingSymbol(for: entering), var row = rows.removeValue(forKey: leaving) else { return }
            row.solve(for: leaving, entering)
            substitute(entering, row)
            rows[entering] = row
        }
    }

    /// The lowest non-dummy symbol whose objective coefficients, highest level first, are
    /// first negative: negative at some level and zero at every level above it.
    private func enteringSymbol() -> SimplexSymbol? {
        let objectiveRows = artificial.map { [$0] } ?? objectives
        var best: SimplexSymbol?
        for (level, row) in objectiveRows.enumerated() {
            for cell in row.cells where cell.coefficient < -SimplexRow.epsilon && cell.symbol.kind != .dummy {
                if let best, best < cell.symbol { break }
                if objectiveRows[..<level].allSatisfy({ abs($0.coefficient(for: cell.symbol)) <= SimplexRow.epsilon }) {
                    best = cell.symbol
                    break
                }
            }
        }
        return best
    }

    /// The basic restricted symbol whose row limits `entering` first (lowest symbol on a tie).
    private func leavingSymbol(for entering: SimplexSymbol) -> SimplexSymbol? {
        var best: (ratio: Double, symbol: SimplexSymbol)?
        for (symbol, row) in rows where symbol.kind != .external {
            let coefficient = row.coefficient(for: entering)
            guard coefficient < 0 else { continue }
            let ratio = -row.constant / coefficient
            if best == nil || ratio < best!.ratio || (ratio == best!.ratio && symbol < best!.symbol) {
                best = (ratio, symbol)
            }
        }
        return best?.symbol
    }

    /// Replaces `symbol` by `row` everywhere: each row is changed on its own, so the order
    /// they are visited in does not matter.
    private mutating func substitute(_ symbol: SimplexSymbol, _ row: SimplexRow) {
        for index in rows.indices { rows.values[index].substitute(symbol, row) }
        for level in objectives.indices { objectives[level].substitute(symbol, row) }
        artificial?.substitute(symbol, row)
    }
}
