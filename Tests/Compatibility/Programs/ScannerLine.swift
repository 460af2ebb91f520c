import FlipbookUIKit

// The scanning line of a QR-code screen: a UIView.animate with [.repeat, .autoreverse]
// moving a line down the viewfinder and back, forever.

final class ScannerViewfinder: UIView {
    let line = UIView()

    override init(frame: CGRect) {
        super.init(frame: frame)
        layer.borderColor = UIColor.systemGreen.cgColor
        layer.borderWidth = 2
        layer.cornerRadius = 8
        line.frame = CGRect(x: 6, y: 6, width: frame.width - 12, height: 3)
        line.backgroundColor = .systemGreen
        line.layer.shadowColor = UIColor.systemGreen.cgColor
        line.layer.shadowOpacity = 0.8
        line.layer.shadowRadius = 4
        line.layer.shadowOffset = .zero
        addSubview(line)
    }

    required init?(coder: NSCoder) {
        fatalError("init(coder:) has not been implemented")
    }

    func startScanning() {
        UIView.animate(withDuration: 1.5, delay: 0, options: [.repeat, .autoreverse, .curveEaseInOut]) {
            self.line.frame.origin.y = self.bounds.height - 9
        }
    }
}

// MARK: - Check

import FlipbookTesting
import Testing

@MainActor
@Test func scannerLineSweepsDownAndBackForever() throws {
    let recorder = corpusRecorder(width: 120, height: 120)
    let viewfinder = ScannerViewfinder(frame: CGRect(x: 10, y: 10, width: 100, height: 100))
    recorder.rootView.addSubview(viewfinder)
    viewfinder.startScanning()

    let bottom = try recorder.presentation(of: viewfinder.line, at: 1.5).position.y
    let top = try recorder.presentation(of: viewfinder.line, at: 3.0).position.y
    let again = try recorder.presentation(of: viewfinder.line, at: 4.5).position.y

    #expect(close(Double(bottom), 92.5, tolerance: 1e-3) && close(Double(top), 7.5, tolerance: 1e-3), "\(bottom), \(top)")
    #expect(close(Double(again), 92.5, tolerance: 1e-3), "and again: .repeat has no end")
    assertAnimationSnapshots(of: recorder, at: [5.25])
}
