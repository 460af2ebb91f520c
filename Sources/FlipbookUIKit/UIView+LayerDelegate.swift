import Foundation

/// A view is its layer's delegate, a main-actor conformance as UIKit's: it answers the
/// layer's action search (`action(for:forKey:)`, in the class body so subclasses can
/// override it), lays out its sublayers by `layoutSubviews()` and draws it by `draw(_:)`
/// (UIView+Drawing.swift).
extension UIView: @MainActor CALayerDelegate {}
