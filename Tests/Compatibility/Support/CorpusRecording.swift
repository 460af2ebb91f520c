import FlipbookTesting
import FlipbookUIKit

// What the corpus's tests share; compiled into both language modes' targets, like the programs.

/// A recorder for a corpus program: a `size`-point canvas at 10 fps over white.
@MainActor
func corpusRecorder(width: CGFloat = 60, height: CGFloat = 60) -> Recorder {
    Recorder(size: CGSize(width: width, height: height), fps: 10)
}

/// The rotation about z of `transform`, in radians (−π…π).
func zRotation(_ transform: CATransform3D) -> Double {
    atan2(Double(transform.m12), Double(transform.m11))
}

/// Whether `a` and `b` differ by at most `tolerance`.
func close(_ a: Double, _ b: Double, tolerance: Double = 1e-6) -> Bool {
    abs(a - b) <= tolerance
}
