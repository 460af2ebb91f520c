import FlipbookUIKit

// A login form laid out with anchors: the fields are pinned to the margins one below the
// other; a failed sign-in expands the error banner by raising its height constraint and
// animating layoutIfNeeded() with a spring, which pushes the button down.

final class ConstraintLoginViewController: UIViewController {
    let emailField = UIView()
    let passwordField = UIView()
    let errorBanner = UIView()
    let signInButton = UIButton(type: .system)
    private var errorHeight: NSLayoutConstraint!

    override func viewDidLoad() {
        super.viewDidLoad()
        view.backgroundColor = .systemBackground

        for field in [emailField, passwordField] {
            field.backgroundColor = .secondarySystemBackground
            field.layer.cornerRadius = 6
            field.layer.borderWidth = 1
            field.layer.borderColor = UIColor.systemGray4.cgColor
        }
        errorBanner.backgroundColor = .systemRed
        errorBanner.layer.cornerRadius = 6
        errorBanner.clipsToBounds = true
        signInButton.setTitle("Sign in", for: .normal)
        signInButton.setTitleColor(.white, for: .normal)
        signInButton.backgroundColor = .systemBlue
        signInButton.layer.cornerRadius = 8

        let guide = view.layoutMarginsGuide
        var above = view.safeAreaLayoutGuide.topAnchor
        var constraints: [NSLayoutConstraint] = []
        for item in [emailField, passwordField, errorBanner, signInButton] {
            item.translatesAutoresizingMaskIntoConstraints = false
            view.addSubview(item)
            constraints += [
                item.topAnchor.constraint(equalTo: above, constant: 12),
                item.leadingAnchor.constraint(equalTo: guide.leadingAnchor),
                item.trailingAnchor.constraint(equalTo: guide.trailingAnchor),
            ]
            above = item.bottomAnchor
        }
        errorHeight = errorBanner.heightAnchor.constraint(equalToConstant: 0)
        constraints += [
            emailField.heightAnchor.constraint(equalToConstant: 32),
            passwordField.heightAnchor.constraint(equalTo: emailField.heightAnchor),
            errorHeight,
            signInButton.heightAnchor.constraint(equalToConstant: 36),
        ]
        NSLayoutConstraint.activate(constraints)
    }

    func showError() {
        errorHeight.constant = 28
        UIView.animate(withDuration: 0.5, delay: 0, usingSpringWithDamping: 0.7, initialSpringVelocity: 0,
                       options: [], animations: {
            self.view.layoutIfNeeded()
        }, completion: nil)
    }
}

// MARK: - Check

import FlipbookTesting
import Testing

@MainActor
@Test func loginFormExpandsItsErrorBannerAndPushesTheButtonDown() throws {
    let recorder = corpusRecorder(width: 180, height: 200)
    let login = ConstraintLoginViewController()
    recorder.rootViewController = login
    recorder.at(0.2) { login.showError() }

    let before = try recorder.presentation(of: login.signInButton, at: 0.1).position.y
    assertAnimationSnapshots(of: recorder, at: [0.1, 0.3])
    let after = try recorder.presentation(of: login.signInButton, at: 1.2).position.y
    let banner = try recorder.presentation(of: login.errorBanner, at: 1.2).bounds.height

    // Fields at 12 and 56 (32 high, 12 apart), the banner at 100, the button 12 below it.
    #expect(close(Double(before), 112 + 18))
    #expect(close(Double(after), 112 + 28 + 18, tolerance: 1e-2), "pushed down by the banner's 28 points")
    #expect(close(Double(banner), 28, tolerance: 1e-2))
    #expect(login.emailField.frame == CGRect(x: 8, y: 12, width: 164, height: 32))
}
