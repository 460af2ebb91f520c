import Foundation

// Whether every number of a geometry value is finite: what a layer asks of a position or
// bounds before taking it (G12).

extension CGPoint {
    var isFinite: Bool { x.isFinite && y.isFinite }
}

extension CGSize {
    var isFinite: Bool { width.isFinite && height.isFinite }
}

extension CGRect {
    var isFinite: Bool { origin.isFinite && size.isFinite }
}
