import Foundation

/// The image contexts `UIGraphicsBeginImageContextWithOptions` opened, innermost last.
@MainActor
private var imageContexts: [UIGraphicsImageRendererContext] = []

/// Opens an image context of `size` points and makes it current, as UIKit's pre-iOS 10
/// drawing does: draw with `UIGraphicsGetCurrentContext()`, take the picture with
/// `UIGraphicsGetImageFromCurrentImageContext()`, close with `UIGraphicsEndImageContext()`.
/// A `scale` of 0 is the screen's (`UIScreen.main.scale`); an opaque image starts black.
/// Drawn like `UIGraphicsImageRenderer`'s images, by the current stage's renderer.
@preconcurrency @MainActor
public func UIGraphicsBeginImageContextWithOptions(_ size: CGSize, _ opaque: Bool, _ scale: CGFloat) {
    let format = UIGraphicsImageRendererFormat()
    format.opaque = opaque
    format.scale = scale == 0 ? UIScreen.main.scale : scale
    let context = UIGraphicsImageRenderer(size: size, format: format).openContext()
    imageContexts.append(context)
    UIGraphicsPushContext(context.cgContext)
}

/// `UIGraphicsBeginImageContextWithOptions(size, false, 1)`.
@preconcurrency @MainActor
public func UIGraphicsBeginImageContext(_ size: CGSize) {
    UIGraphicsBeginImageContextWithOptions(size, false, 1)
}

/// What has been drawn into the current image context, as an image; nil when the current
/// context is not an image context.
@preconcurrency @MainActor
public func UIGraphicsGetImageFromCurrentImageContext() -> UIImage? {
    guard let context = imageContexts.last, context.cgContext === UIGraphicsGetCurrentContext() else { return nil }
    return context.currentImage
}

/// Closes the image context opened last, and makes the context before it current.
@preconcurrency @MainActor
public func UIGraphicsEndImageContext() {
    guard let context = imageContexts.popLast() else { return }
    if context.cgContext === UIGraphicsGetCurrentContext() { UIGraphicsPopContext() }
}
