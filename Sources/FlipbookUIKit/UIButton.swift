import Foundation

/// A button: a title and an image per control state, drawn by a `titleLabel` and an
/// `imageView` (iOS 2 style; button configurations are not here).
///
/// The title shows the string and colour set for the button's `state`, else those set
/// for `.normal`. A `.system` button's title is its `tintColor` (system blue) unless set;
/// a `.custom` button's is white. The font is the system font at 15 points, as Interface
/// Builder and UIKit give buttons. Layout: the image, then the title, each at its size,
/// centred together in the bounds; a title wider than the room left is truncated.
@MainActor
open class UIButton: UIControl {
    public enum ButtonType: Int, Sendable, Hashable {
        case custom = 0, system = 1, detailDisclosure = 2, infoLight = 3, infoDark = 4, contactAdd = 5, close = 7
        public static var roundedRect: ButtonType { .system }
    }

    public let buttonType: ButtonType
    private var titles: [UInt: String] = [:]
    private var titleColors: [UInt: UIColor] = [:]
    private var images: [UInt: UIImage] = [:]
    private let label = UILabel()
    private let imageHolder = UIImageView()

    public init(type buttonType: ButtonType) {
        self.buttonType = buttonType
        super.init(frame: .zero)
        label.font = .systemFont(ofSize: 15)
        label.textAlignment = .center
        imageHolder.contentMode = .center
        addSubview(imageHolder)
        addSubview(label)
        updateContent()
    }

    /// A `.custom` button, as UIKit makes one with a frame.
    public convenience override init(frame: CGRect) {
        self.init(type: .custom)
        self.frame = frame
    }

    /// The label drawing the title.
    public var titleLabel: UILabel? { label }
    /// The image view drawing the image.
    public var imageView: UIImageView? { imageHolder }

    public func setTitle(_ title: String?, for state: UIControl.State) {
        titles[state.rawValue] = title
        updateContent()
    }

    /// The title set for `state`, else the `.normal` one.
    public func title(for state: UIControl.State) -> String? { titles[state.rawValue] ?? titles[0] }

    public func setTitleColor(_ color: UIColor?, for state: UIControl.State) {
        titleColors[state.rawValue] = color
        updateContent()
    }

    /// The title colour set for `state`, else the `.normal` one, else the type's.
    public func titleColor(for state: UIControl.State) -> UIColor? {
        titleColors[state.rawValue] ?? titleColors[0] ?? (buttonType == .custom ? .white : tintColor)
    }

    public func setImage(_ image: UIImage?, for state: UIControl.State) {
        images[state.rawValue] = image
        updateContent()
    }

    public func image(for state: UIControl.State) -> UIImage? { images[state.rawValue] ?? images[0] }

    public var currentTitle: String? { title(for: state) }
    public var currentTitleColor: UIColor { titleColor(for: state) ?? .white }
    public var currentImage: UIImage? { image(for: state) }

    /// The image beside the title, each at its size.
    open override var intrinsicContentSize: CGSize {
        let image = currentImage?.size ?? .zero
        let title = currentTitle == nil ? .zero : label.intrinsicContentSize
        guard image != .zero || title != .zero else { return super.intrinsicContentSize }
        return CGSize(width: image.width + max(title.width, 0), height: max(image.height, title.height))
    }

    open override func sizeThatFits(_ size: CGSize) -> CGSize {
        let fitting = intrinsicContentSize
        return CGSize(width: max(fitting.width, 0), height: max(fitting.height, 0))
    }

    override func stateDidChange() { updateContent() }

    open override func tintColorDidChange() {
        super.tintColorDidChange()
        updateContent()
    }

    open override func layoutSubviews() {
        super.layoutSubviews()
        let image = currentImage?.size ?? .zero
        let content = bounds
        let titleWidth = currentTitle == nil ? 0 : min(max(label.intrinsicContentSize.width, 0), max(content.width - image.width, 0))
        let start = content.midX - (image.width + titleWidth) / 2
        imageHolder.frame = CGRect(x: start, y: content.midY - image.height / 2, width: image.width, height: image.height)
        label.frame = CGRect(x: start + image.width, y: content.minY, width: titleWidth, height: content.height)
    }

    private func updateContent() {
        label.text = currentTitle
        label.textColor = currentTitleColor
        imageHolder.image = currentImage
        invalidateIntrinsicContentSize()
        setNeedsLayout()
    }
}
