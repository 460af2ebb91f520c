import Foundation

extension UIView {
    /// How a view's content fills its bounds; for an image view, its layer's `contentsGravity`.
    public enum ContentMode: Int, Sendable, CaseIterable {
        case scaleToFill, scaleAspectFit, scaleAspectFill, redraw, center, top, bottom, left, right,
             topLeft, topRight, bottomLeft, bottomRight

        /// The contents gravity UIKit gives the layer for this mode (`redraw` stretches, as
        /// `scaleToFill`).
        public var contentsGravity: CALayerContentsGravity {
            switch self {
            case .scaleToFill, .redraw: .resize
            case .scaleAspectFit: .resizeAspect
            case .scaleAspectFill: .resizeAspectFill
            case .center: .center
            case .top: .top
            case .bottom: .bottom
            case .left: .left
            case .right: .right
            case .topLeft: .topLeft
            case .topRight: .topRight
            case .bottomLeft: .bottomLeft
            case .bottomRight: .bottomRight
            }
        }
    }
}
