import FlipbookUIKit
import Testing

@MainActor
@Suite struct CALayerTreeTests {
    @Test func testSnapshotSortsSiblingsByZPositionStably_G6() {
        let root = CALayer()
        let names = ["a", "b", "c", "d"]
        let z: [CGFloat] = [1, 0, 1, -1]
        for (name, z) in zip(names, z) {
            let layer = CALayer()
            layer.name = name
            layer.zPosition = z
            layer.bounds = CGRect(x: 0, y: 0, width: CGFloat(name.unicodeScalars.first!.value), height: 1)
            root.addSublayer(layer)
        }

        let snapshot = root.renderLayer()!

        #expect(snapshot.sublayers.map(\.bounds.width) == [100, 98, 97, 99])
    }

    @Test func testHiddenLayersAreLeftOutOfTheSnapshot_G6() {
        let root = CALayer()
        let hidden = CALayer()
        hidden.isHidden = true
        root.addSublayer(hidden)
        root.addSublayer(CALayer())

        let snapshot = root.renderLayer()!

        #expect(snapshot.sublayers.count == 1)
        hidden.removeFromSuperlayer()
        root.isHidden = true
        #expect(root.renderLayer() == nil)
    }

    @Test func testShadowSnapshotCarriesOpacityInItsColour_G6() {
        let layer = CALayer()
        layer.shadowOpacity = 0.5
        layer.shadowColor = CGColor(red: 1, green: 0, blue: 0, alpha: 0.8)

        let shadow = layer.renderLayer()!.shadow

        #expect(abs((shadow?.color.alpha ?? 0) - (0.4)) <= 1e-6)
        #expect(shadow?.offset == CGSize(width: 0, height: -3))
        #expect(shadow?.radius == 3)
    }

    @Test func testAddingALayerElsewhereMovesIt() {
        let first = CALayer(), second = CALayer(), child = CALayer()

        first.addSublayer(child)
        second.insertSublayer(child, at: 0)

        #expect(first.sublayers == nil)
        #expect(child.superlayer === second)
        #expect(child.isDescendant(of: second))
    }
}
