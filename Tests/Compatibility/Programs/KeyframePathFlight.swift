import FlipbookUIKit

// A paper plane flying along a curve: CAKeyframeAnimation on "position" with a
// UIBezierPath, paced, turning with the path (rotationMode .rotateAuto); it stays at the
// end with fillMode .forwards and isRemovedOnCompletion = false, as tutorials write it.

func makeFlightPath() -> UIBezierPath {
    let path = UIBezierPath()
    path.move(to: CGPoint(x: 20, y: 160))
    path.addCurve(to: CGPoint(x: 180, y: 40), controlPoint1: CGPoint(x: 60, y: 20),
                  controlPoint2: CGPoint(x: 140, y: 180))
    return path
}

func makePlaneLayer() -> CAShapeLayer {
    let plane = CAShapeLayer()
    plane.bounds = CGRect(x: 0, y: 0, width: 24, height: 16)
    let outline = UIBezierPath()
    outline.move(to: CGPoint(x: 0, y: 0))
    outline.addLine(to: CGPoint(x: 24, y: 8))
    outline.addLine(to: CGPoint(x: 0, y: 16))
    outline.addLine(to: CGPoint(x: 6, y: 8))
    outline.close()
    plane.path = outline.cgPath
    plane.fillColor = UIColor.systemBlue.cgColor
    plane.position = CGPoint(x: 20, y: 160)
    return plane
}

func fly(_ plane: CALayer, along path: UIBezierPath, duration: CFTimeInterval) {
    let flight = CAKeyframeAnimation(keyPath: "position")
    flight.path = path.cgPath
    flight.duration = duration
    flight.calculationMode = .paced
    flight.rotationMode = .rotateAuto
    flight.fillMode = .forwards
    flight.isRemovedOnCompletion = false
    plane.add(flight, forKey: "flight")
}

// MARK: - Check

import FlipbookTesting
import Testing

@MainActor
@Test func planeFliesAlongTheBezierPathTurningWithIt() throws {
    let recorder = corpusRecorder(width: 200, height: 200)
    let trail = CAShapeLayer()
    trail.path = makeFlightPath().cgPath
    trail.strokeColor = UIColor.systemGray4.cgColor
    trail.fillColor = nil
    trail.lineDashPattern = [4, 4]
    recorder.rootView.layer.addSublayer(trail)
    let plane = makePlaneLayer()
    recorder.rootView.layer.addSublayer(plane)
    fly(plane, along: makeFlightPath(), duration: 2)

    let start = try recorder.presentation(of: plane, at: 0)
    let (startPosition, startHeading) = (start.position, zRotation(start.transform))
    let end = try recorder.presentation(of: plane, at: 2.5)

    #expect(startPosition == CGPoint(x: 20, y: 160))
    #expect(startHeading < -0.5, "heading up the first control point's way: \(startHeading)")
    #expect(close(Double(end.position.x), 180, tolerance: 1e-3) && close(Double(end.position.y), 40, tolerance: 1e-3),
            "kept at the end by fillMode .forwards")
    assertAnimationSnapshots(of: recorder, at: [2.5], named: ["landed"])
}

@MainActor
@Test func planeFlightFrames() {
    let recorder = corpusRecorder(width: 200, height: 200)
    let plane = makePlaneLayer()
    recorder.rootView.layer.addSublayer(plane)
    fly(plane, along: makeFlightPath(), duration: 2)

    assertAnimationSnapshots(of: recorder, at: [0.5, 1, 1.5])
}
