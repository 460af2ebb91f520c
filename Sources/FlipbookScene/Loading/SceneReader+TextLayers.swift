import Foundation
import FlipbookUIKit

extension PropertyTable where Target == CATextLayer {
    /// `class: CATextLayer` keys beyond a layer's (G7).
    static let textLayer = PropertyTable([
        "string": property(\.string, .nullable(.string)) { try $0.isNull ? nil : $0.string() },
        "fontSize": property(\.fontSize, .number) { CGFloat(try $0.positiveNumber()) },
        "font": property(\.font, .font) { try $0.font(defaultSize: 36, allowsSize: false) },
        "foregroundColor": property(\.foregroundColor, .color) { try $0.color() },
        "alignmentMode": choice(\.alignmentMode, CATextLayerAlignmentMode.all.map(\.rawValue)) {
            CATextLayerAlignmentMode(rawValue: $0)
        },
        "isWrapped": property(\.isWrapped, .bool) { try $0.bool() },
        "truncationMode": choice(\.truncationMode, CATextLayerTruncationMode.all.map(\.rawValue)) {
            CATextLayerTruncationMode(rawValue: $0)
        },
    ])
}
