import FlipbookUIKit

// The login screen of the classic animation tutorials: the heading and the fields start
// off screen to the left in viewWillAppear and spring in, one after another, in
// viewDidAppear; the login button fades up last.

final class LoginViewController: UIViewController {
    let heading = UILabel()
    let username = UIView()
    let password = UIView()
    let loginButton = UIView()

    override func viewDidLoad() {
        super.viewDidLoad()
        view.backgroundColor = .systemGroupedBackground

        heading.text = "Sign in"
        heading.font = UIFont.systemFont(ofSize: 22, weight: .bold)
        heading.textAlignment = .center
        heading.frame = CGRect(x: 20, y: 24, width: 160, height: 30)

        for (field, y) in [(username, 70.0), (password, 110.0)] {
            field.frame = CGRect(x: 20, y: y, width: 160, height: 30)
            field.backgroundColor = .white
            field.layer.cornerRadius = 6
            field.layer.borderWidth = 1
            field.layer.borderColor = UIColor.systemGray4.cgColor
        }

        loginButton.frame = CGRect(x: 20, y: 154, width: 160, height: 30)
        loginButton.backgroundColor = .systemGreen
        loginButton.layer.cornerRadius = 15

        [heading, username, password, loginButton].forEach { view.addSubview($0) }
    }

    override func viewWillAppear(_ animated: Bool) {
        super.viewWillAppear(animated)
        heading.center.x -= view.bounds.width
        username.center.x -= view.bounds.width
        password.center.x -= view.bounds.width
        loginButton.alpha = 0
        loginButton.center.y += 30
    }

    override func viewDidAppear(_ animated: Bool) {
        super.viewDidAppear(animated)
        UIView.animate(withDuration: 0.5) {
            self.heading.center.x += self.view.bounds.width
        }
        UIView.animate(withDuration: 0.5, delay: 0.3, usingSpringWithDamping: 0.6, initialSpringVelocity: 0.5,
                       options: [], animations: {
            self.username.center.x += self.view.bounds.width
        }, completion: nil)
        UIView.animate(withDuration: 0.5, delay: 0.4, usingSpringWithDamping: 0.6, initialSpringVelocity: 0.5,
                       options: [], animations: {
            self.password.center.x += self.view.bounds.width
        }, completion: nil)
        UIView.animate(withDuration: 0.5, delay: 0.5, usingSpringWithDamping: 0.5, initialSpringVelocity: 0,
                       options: [], animations: {
            self.loginButton.center.y -= 30
            self.loginButton.alpha = 1
        }, completion: nil)
    }
}

// MARK: - Check

import FlipbookTesting
import Testing

@MainActor
@Test func loginFieldsSpringInOneAfterAnother() throws {
    let recorder = corpusRecorder(width: 200, height: 200)
    let login = LoginViewController()
    recorder.rootViewController = login

    let start = try recorder.presentation(of: login.username, at: 0.3).position.x
    let springing = try recorder.presentation(of: login.username, at: 0.6).position.x
    let settled = try recorder.presentation(of: login.password, at: 1.5).position.x

    #expect(close(Double(start), 100 - 200), "still off screen until its 0.3 s delay: \(start)")
    #expect(springing > 100, "a damping of 0.6 overshoots: \(springing)")
    #expect(close(Double(settled), 100, tolerance: 0.5))
    assertAnimationSnapshots(of: recorder, at: [1.5])
}
