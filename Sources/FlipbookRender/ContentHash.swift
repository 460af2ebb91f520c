/// FNV-1a, 64 bits, fed piece by piece: enough to tell one input of a render from another
/// (a scene's text, the images it reads), not a defence against a forged collision.
public struct ContentHash: Sendable, Equatable {
    private var value: UInt64 = 0xcbf2_9ce4_8422_2325

    public init() {}

    /// Adds `bytes`, preceded by their count, so that two pieces never hash as one.
    public mutating func add(_ bytes: [UInt8]) {
        var value = self.value
        func mix(_ byte: UInt8) {
            value ^= UInt64(byte)
            value = value &* 0x100_0000_01b3
        }
        let count = UInt64(bytes.count)
        for shift in stride(from: 0, to: 64, by: 8) { mix(UInt8(truncatingIfNeeded: count >> UInt64(shift))) }
        bytes.withUnsafeBufferPointer { buffer in
            for byte in buffer { mix(byte) }
        }
        self.value = value
    }

    /// The hash as 16 hex digits.
    public var hex: String {
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }
}
