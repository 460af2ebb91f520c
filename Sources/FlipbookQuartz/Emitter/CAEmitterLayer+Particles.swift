import Foundation

/// The particles of an emitter at one time, as render layers in the emitter's bounds
/// coordinates, oldest first: what the compositor draws as the emitter's content.
///
/// Compared by the identity of the layers, as replicator instances are (R2).
public struct EmittedParticles: Sendable, Hashable {
    public let layers: [RenderLayer]

    public init(layers: [RenderLayer]) {
        self.layers = layers
    }

    public static func == (lhs: EmittedParticles, rhs: EmittedParticles) -> Bool {
        lhs.layers.count == rhs.layers.count && zip(lhs.layers, rhs.layers).allSatisfy { $0 === $1 }
    }

    public func hash(into hasher: inout Hasher) {
        for layer in layers { hasher.combine(ObjectIdentifier(layer)) }
    }
}

extension CAEmitterLayer {
    /// The particles alive at global time `t`, every cell's, oldest first.
    func particleLayers(at t: Double) -> [RenderLayer] {
        var born: [(birth: Double, layer: RenderLayer)] = []
        for (cellIndex, cell) in (emitterCells ?? []).enumerated() where cell.isEnabled {
            born += particles(of: cell, numbered: cellIndex, at: t)
        }
        // Stable: particles born together keep the cells' order.
        return born.enumerated().sorted { ($0.element.birth, $0.offset) < ($1.element.birth, $1.offset) }.map(\.element.layer)
    }

    /// How many particles a cell emitting `cellRate` per second has emitted by time `t`.
    private func emittedCount(by t: Double, cellRate: Double) -> Double {
        var count = 0.0
        for (index, change) in birthRateChanges.enumerated() where change.time < t {
            let end = index + 1 < birthRateChanges.count ? min(birthRateChanges[index + 1].time, t) : t
            count += max(Double(change.rate), 0) * cellRate * (end - change.time)
        }
        return count
    }

    /// When the cell emitting `cellRate` per second emitted its particle number `k`
    /// (counting from 0): when the emitted count reached k.
    private func birthTime(ofParticle k: Double, cellRate: Double) -> Double? {
        var count = 0.0
        for (index, change) in birthRateChanges.enumerated() {
            let rate = max(Double(change.rate), 0) * cellRate
            let end = index + 1 < birthRateChanges.count ? birthRateChanges[index + 1].time : .infinity
            if rate > 0, count + rate * (end - change.time) >= k { return change.time + (k - count) / rate }
            if end.isFinite { count += rate * (end - change.time) }
        }
        return nil
    }

    /// The most particles a cell shows at once: Flipbook's limit, past which the newest show.
    static let particleLimit = 20_000

    /// The cell's particles alive at `t` (at most `particleLimit`, the newest), with their
    /// birth times.
    private func particles(of cell: CAEmitterCell, numbered cellIndex: Int, at t: Double)
        -> [(birth: Double, layer: RenderLayer)] {
        guard let image = cell.contents as? CGImage, cell.birthRate > 0, lifetime > 0, cell.lifetime > 0 else { return [] }
        let cellRate = Double(cell.birthRate)
        let longest = Double(cell.lifetime + abs(cell.lifetimeRange)) * Double(lifetime)
        let last = emittedCount(by: t, cellRate: cellRate).rounded(.down)
        // The newest particles only, past the limit (a huge birth rate or lifetime).
        let first = max(emittedCount(by: t - longest, cellRate: cellRate).rounded(.up),
                        last - Double(Self.particleLimit - 1))
        // Past 2^53 particles, numbers are no longer whole in a Double: nothing is drawn.
        guard last < 0x1p53, first <= last else { return [] }
        var alive: [(birth: Double, layer: RenderLayer)] = []
        for k in Int(first)...Int(last) {
            guard let birth = birthTime(ofParticle: Double(k), cellRate: cellRate), birth <= t else { continue }
            var draw = ParticleDraws(seed: seed, cell: cellIndex, particle: k)
            let life = Double(cell.lifetime + cell.lifetimeRange * draw.spread()) * Double(lifetime)
            let age = t - birth
            guard age < life else { continue }
            let layer = particle(of: cell, image: image, age: CGFloat(age), draws: &draw)
            if let layer { alive.append((birth, layer)) }
        }
        return alive
    }

    /// One particle `age` seconds old, its random values taken from `draws` in a fixed order.
    private func particle(of cell: CAEmitterCell, image: CGImage, age: CGFloat,
                          draws: inout ParticleDraws) -> RenderLayer? {
        let start = emissionPoint(&draws)
        let direction = cell.emissionLongitude + cell.emissionRange * CGFloat(draws.unit() - 0.5)
        let speed = (cell.velocity + cell.velocityRange * CGFloat(draws.spread())) * CGFloat(velocity)
        let position = CGPoint(
            x: start.x + speed * cos(direction) * age + cell.xAcceleration * age * age / 2,
            y: start.y + speed * sin(direction) * age + cell.yAcceleration * age * age / 2)
        let size = max(cell.scale + cell.scaleRange * CGFloat(draws.spread()) + cell.scaleSpeed * age, 0) * CGFloat(scale)
        let turn = (cell.spin + cell.spinRange * CGFloat(draws.spread())) * CGFloat(spin) * age
        let base = cell.color ?? .white
        func component(_ c: CGFloat, _ range: Float, _ speed: Float) -> CGFloat {
            min(max(c + CGFloat(range * draws.spread()) + CGFloat(speed) * age, 0), 1)
        }
        let red = component(base.red, cell.redRange, cell.redSpeed)
        let green = component(base.green, cell.greenRange, cell.greenSpeed)
        let blue = component(base.blue, cell.blueRange, cell.blueSpeed)
        let alpha = component(base.alpha, cell.alphaRange, cell.alphaSpeed)
        guard alpha > 0, size > 0 else { return nil }
        let pointScale = cell.contentsScale > 0 ? cell.contentsScale : 1
        let bounds = CGRect(x: 0, y: 0, width: CGFloat(image.width) / pointScale, height: CGFloat(image.height) / pointScale)
        let transform = CATransform3DMakeRotation(turn, 0, 0, 1).concatenating(CATransform3DMakeScale(size, size, 1))
        let content = ImageContent(image: cell.tinted(image, red: red, green: green, blue: blue), contentsScale: pointScale)
        return RenderLayer(position: position, bounds: bounds, transform: transform, opacity: alpha, content: .image(content))
    }

    /// A point of the emitting shape, in the layer's coordinates.
    private func emissionPoint(_ draws: inout ParticleDraws) -> CGPoint {
        let (center, size) = (emitterPosition, emitterSize)
        let (u, v) = (CGFloat(draws.unit()), CGFloat(draws.unit()))
        switch emitterShape {
        case .line:
            return CGPoint(x: center.x + (u - 0.5) * size.width, y: center.y)
        case .rectangle, .cuboid:
            guard emitterMode == .outline else {
                return CGPoint(x: center.x + (u - 0.5) * size.width, y: center.y + (v - 0.5) * size.height)
            }
            // A point along the perimeter, from the top-left corner clockwise.
            let (w, h) = (size.width, size.height)
            var along = u * 2 * (w + h)
            let corner = CGPoint(x: center.x - w / 2, y: center.y - h / 2)
            if along < w { return CGPoint(x: corner.x + along, y: corner.y) }
            along -= w
            if along < h { return CGPoint(x: corner.x + w, y: corner.y + along) }
            along -= h
            if along < w { return CGPoint(x: corner.x + w - along, y: corner.y + h) }
            return CGPoint(x: corner.x, y: corner.y + h - (along - w))
        case .circle, .sphere:
            let radius = size.width / 2 * (emitterMode == .outline ? 1 : v.squareRoot())
            let angle = u * 2 * .pi
            return CGPoint(x: center.x + radius * cos(angle), y: center.y + radius * sin(angle))
        default:
            return center
        }
    }
}

extension CAEmitterCell {
    /// `image` with its colours multiplied by a colour (premultiplied pixels, alpha kept);
    /// the image itself for white.
    func tinted(_ image: CGImage, red: CGFloat, green: CGFloat, blue: CGFloat) -> CGImage {
        func byte(_ c: CGFloat) -> UInt32 { UInt32((c * 255).rounded()) }
        let (r, g, b) = (byte(red), byte(green), byte(blue))
        guard r < 255 || g < 255 || b < 255 else { return image }
        let key = r << 16 | g << 8 | b
        if let kept = tintedImages[key] { return kept }
        var pixels = image.premultipliedBGRA
        for index in stride(from: 0, to: pixels.count, by: 4) {
            pixels[index] = UInt8((UInt32(pixels[index]) * b + 127) / 255)
            pixels[index + 1] = UInt8((UInt32(pixels[index + 1]) * g + 127) / 255)
            pixels[index + 2] = UInt8((UInt32(pixels[index + 2]) * r + 127) / 255)
        }
        let tinted = CGImage(width: image.width, height: image.height, premultipliedBGRA: pixels)
        if tintedImages.count >= 256 { tintedImages.removeAll() }
        tintedImages[key] = tinted
        return tinted
    }
}

/// The random values of one particle: a counter-based generator, so particle k's values
/// depend only on the seed, its cell and k (SplitMix64's mixing of a counter).
private struct ParticleDraws {
    private var state: UInt64

    init(seed: UInt32, cell: Int, particle: Int) {
        state = UInt64(seed) &* 0x9E37_79B9_7F4A_7C15 ^ UInt64(truncatingIfNeeded: cell) << 48
            ^ UInt64(truncatingIfNeeded: particle) &* 0xD1B5_4A32_D192_ED03
    }

    /// The next value in 0..<1.
    mutating func unit() -> Double {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        z ^= z >> 31
        return Double(z >> 11) / Double(1 << 53)
    }

    /// The next value in -1..<1, for a `…Range`.
    mutating func spread() -> Float { Float(unit() * 2 - 1) }
}
