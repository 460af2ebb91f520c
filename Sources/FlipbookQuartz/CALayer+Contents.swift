import Foundation

extension CALayer {
    /// The animatable contents properties (G7): `contents` (images switch from one to the
    /// next half-way, or at each key time of a discrete keyframe animation — Core
    /// Animation cross-fades instead) and `contentsRect`.
    static let contentsProperties: [String: AnimatableProperty] = [
        "contents": .stored(\CALayer.contents, kind: .image, wrap: { .image($0) }) {
            if case .image(let image) = $0 { .some(image) } else { nil }
        },
        "contentsRect": .rect(\CALayer.contentsRect),
    ]

    /// The layer's `contents` as the compositor draws it; nil without an image.
    var contentsImage: ImageContent? {
        contents.map { ImageContent(image: $0, gravity: contentsGravity, contentsRect: contentsRect,
                                    contentsScale: contentsScale) }
    }
}
