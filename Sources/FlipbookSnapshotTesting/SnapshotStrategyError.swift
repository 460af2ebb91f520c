import Foundation

/// Why a strategy could not take its snapshot.
struct SnapshotStrategyError: Error, CustomStringConvertible {
    let description: String

    init(_ description: String) { self.description = description }
}
