import Foundation
import FlipbookUIKit

extension PropertyTable where Target == CATextLayer {
    /// `class: CATextLayer` keys beyond a layer's (G7).
    static let textLayer = PropertyTable(readers: [
        "string": property(\.string) { try $0.isNull ? nil : $0.string() },
        "fontSize": property(\.fontSize) { CGFloat(try $0.positiveNumber()) },
        "font": property(\.font) { try $0.font(defaultSize: 36, allowsSize: false) },
        "foregroundColor": property(\.foregroundColor) { try $0.color() },
        "alignmentMode": property(\.alignmentMode) {
            CATextLayerAlignmentMode(rawValue: try $0.choice(CATextLayerAlignmentMode.all.map(\.rawValue)))
        },
        "isWrapped": property(\.isWrapped) { try $0.bool() },
        "truncationMode": property(\.truncationMode) {
            CATextLayerTruncationMode(rawValue: try $0.choice(CATextLayerTruncationMode.all.map(\.rawValue)))
        },
    ])
}
