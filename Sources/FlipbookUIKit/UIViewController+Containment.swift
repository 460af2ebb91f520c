import Foundation

/// Child view controllers (UIKit's container API): the parent keeps them in order and
/// tells each when it joins and leaves. As in UIKit, adding a child does not add its view
/// (the container does, with `addSubview`), and the two calls UIKit leaves to the
/// container are the container's: `didMove(toParent:)` after adding,
/// `willMove(toParent: nil)` before removing.
extension UIViewController {
    /// The child view controllers, in the order they were added.
    public var children: [UIViewController] { childControllers }

    /// The view controller this one is a child of, if any.
    public var parent: UIViewController? { parentController }

    /// Adds `childController` as the last child, first removing it from another parent;
    /// calls its `willMove(toParent:)` with this view controller.
    public func addChild(_ childController: UIViewController) {
        guard childController.parentController !== self else { return }
        childController.willMove(toParent: self)
        childController.removeFromParent()
        childControllers.append(childController)
        childController.parentController = self
    }

    /// Removes this view controller from its parent's children and calls its
    /// `didMove(toParent: nil)`; nothing when it has no parent. Its view stays where it is.
    public func removeFromParent() {
        guard let parent = parentController else { return }
        parent.childControllers.removeAll { $0 === self }
        parentController = nil
        didMove(toParent: nil)
    }
}
