/// A seeded random number generator (SplitMix64): the same seed gives the same numbers on
/// every machine and Swift version, so a fuzz case is named by its seed and number alone.
struct SplitMix64 {
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    /// The generator of case `index` of a run seeded with `seed`: independent of the other
    /// cases, so case 17 is the same whether a run has 20 cases or 10,000.
    init(seed: UInt64, case index: Int) {
        var mixer = SplitMix64(seed: seed ^ 0x5EED_F1B0_0C5E_ED00)
        for _ in 0...(index % 7) { _ = mixer.next() }
        self.init(seed: mixer.next() &+ UInt64(index) &* 0x9E37_79B9_7F4A_7C15)
    }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A number in `0..<count` (`count` > 0).
    mutating func below(_ count: Int) -> Int { Int(next() % UInt64(count)) }

    /// One of `choices` (not empty).
    mutating func pick<T>(_ choices: [T]) -> T { choices[below(choices.count)] }

    /// True one time in `count`.
    mutating func oneIn(_ count: Int) -> Bool { below(count) == 0 }
}
