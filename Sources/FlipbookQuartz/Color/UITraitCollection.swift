import Foundation

/// Light or dark appearance (iOS 13).
public enum UIUserInterfaceStyle: Int, Sendable {
    /// Not chosen: dynamic colours resolve as in light mode.
    case unspecified, light, dark
}

/// The traits a dynamic colour resolves against; Flipbook's has the interface style only.
public final class UITraitCollection: Sendable, Equatable, CustomStringConvertible {
    public let userInterfaceStyle: UIUserInterfaceStyle

    public init(userInterfaceStyle: UIUserInterfaceStyle) {
        self.userInterfaceStyle = userInterfaceStyle
    }

    public convenience init() {
        self.init(userInterfaceStyle: .unspecified)
    }

    /// The traits `UIColor.cgColor` resolves a dynamic colour with: per thread, as in
    /// UIKit, which sets it around `draw(_:)` and `layoutSubviews()`; unspecified by default.
    public static var current: UITraitCollection {
        get { CurrentTraits.value ?? unspecified }
        set { CurrentTraits.value = newValue }
    }

    /// Runs `body` with these traits as `current`, then puts the earlier ones back.
    public func performAsCurrent<T>(_ body: () throws -> T) rethrows -> T {
        let earlier = CurrentTraits.value
        CurrentTraits.value = self
        defer { CurrentTraits.value = earlier }
        return try body()
    }

    public static func == (lhs: UITraitCollection, rhs: UITraitCollection) -> Bool {
        lhs.userInterfaceStyle == rhs.userInterfaceStyle
    }

    public var description: String {
        "<UITraitCollection: UserInterfaceStyle = \(["Unspecified", "Light", "Dark"][userInterfaceStyle.rawValue])>"
    }

    static let unspecified = UITraitCollection()
}

/// `UITraitCollection.current`, one per thread (pthread thread-specific storage).
private enum CurrentTraits {
    private static let key: pthread_key_t = {
        var key = pthread_key_t()
        // The stored object is retained while set; the destructor releases it at thread exit.
        pthread_key_create(&key) { $0.map { Unmanaged<UITraitCollection>.fromOpaque($0).release() } }
        return key
    }()

    static var value: UITraitCollection? {
        get { pthread_getspecific(key).map { Unmanaged<UITraitCollection>.fromOpaque($0).takeUnretainedValue() } }
        set {
            let old = pthread_getspecific(key)
            pthread_setspecific(key, newValue.map { Unmanaged.passRetained($0).toOpaque() })
            old.map { Unmanaged<UITraitCollection>.fromOpaque($0).release() }
        }
    }
}
