import Foundation
import FlipbookUIKit

extension PropertyTable where Target == CALayer {
    /// `class: CATextLayer` keys beyond a layer's (G7).
    static let textLayer = PropertyTable([
        "string": subclassProperty(\CATextLayer.string, .nullable(.string)) { try $0.isNull ? nil : $0.string() },
        "fontSize": subclassProperty(\CATextLayer.fontSize, .positive) { try $0.fontSize() },
        "font": subclassProperty(\CATextLayer.font, .font) { try $0.font(defaultSize: 36, allowsSize: false) },
        "foregroundColor": subclassProperty(\CATextLayer.foregroundColor, .color) { try $0.color() },
        "alignmentMode": subclassChoice(\CATextLayer.alignmentMode, CATextLayerAlignmentMode.all.map(\.rawValue)) {
            CATextLayerAlignmentMode(rawValue: $0)
        },
        "isWrapped": subclassProperty(\CATextLayer.isWrapped, .bool) { try $0.bool() },
        "truncationMode": subclassChoice(\CATextLayer.truncationMode, CATextLayerTruncationMode.all.map(\.rawValue)) {
            CATextLayerTruncationMode(rawValue: $0)
        },
    ])
}
