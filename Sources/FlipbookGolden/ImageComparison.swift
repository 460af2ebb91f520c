import FlipbookRender

/// How far a frame may stray from its golden and still pass.
public struct GoldenTolerance: Sendable, Equatable, Codable {
    /// A pixel differs when its largest straight-RGBA component difference exceeds this (0…255).
    public var perChannel: Int
    /// How many differing pixels a frame may have and still pass.
    public var allowedPixels: Int

    public init(perChannel: Int = 2, allowedPixels: Int = 0) {
        self.perChannel = perChannel
        self.allowedPixels = allowedPixels
    }
}

/// How an actual frame differs from its expected (golden) frame.
public struct ComparisonResult: Sendable, Equatable, Codable {
    /// Width and height of one of the compared bitmaps.
    public struct Size: Sendable, Equatable, Codable, CustomStringConvertible {
        public var width: Int
        public var height: Int

        public init(width: Int, height: Int) {
            self.width = width
            self.height = height
        }

        public var description: String { "\(width)×\(height)" }
    }

    /// The two bitmaps have the same size and the same bytes.
    public let identical: Bool
    /// Pixels whose largest component difference exceeds the `perChannel` the
    /// comparison was made with; 0 when the sizes differ.
    public let differingPixels: Int
    /// The largest component difference over all pixels (0…255); 0 when the sizes differ.
    public let maxChannelDifference: Int
    /// The bitmaps have different sizes, so no pixel was compared and the result fails.
    public let sizeMismatch: Bool
    public let expectedSize: Size
    public let actualSize: Size
    /// The `perChannel` threshold `differingPixels` was counted with.
    public let perChannel: Int
    /// `pixelsByDifference[d]` counts the pixels whose largest component difference is `d`.
    private let pixelsByDifference: [Int]

    init(expected: Bitmap, actual: Bitmap, perChannel: Int, identical: Bool, pixelsByDifference: [Int]) {
        self.identical = identical
        self.sizeMismatch = expected.width != actual.width || expected.height != actual.height
        self.expectedSize = Size(width: expected.width, height: expected.height)
        self.actualSize = Size(width: actual.width, height: actual.height)
        self.perChannel = perChannel
        self.pixelsByDifference = pixelsByDifference
        self.maxChannelDifference = pixelsByDifference.lastIndex { $0 > 0 } ?? 0
        self.differingPixels = Self.count(pixelsByDifference, exceeding: perChannel)
    }

    /// Whether the frame passes: identical, or the same size with at most
    /// `tolerance.allowedPixels` pixels differing by more than `tolerance.perChannel`.
    ///
    /// Exact for any tolerance, not only the one the comparison was made with.
    public func passed(within tolerance: GoldenTolerance) -> Bool {
        if identical { return true }
        if sizeMismatch { return false }
        return pixelsDiffering(byMoreThan: tolerance.perChannel) <= tolerance.allowedPixels
    }

    /// How many pixels have a largest component difference above `perChannel`.
    public func pixelsDiffering(byMoreThan perChannel: Int) -> Int {
        Self.count(pixelsByDifference, exceeding: perChannel)
    }

    private static func count(_ histogram: [Int], exceeding threshold: Int) -> Int {
        guard threshold < histogram.count - 1 else { return 0 }
        return histogram[max(0, threshold + 1)...].reduce(0, +)
    }
}

/// Compares an actual frame with its expected (golden) frame.
///
/// Equal bytes are `identical` without looking at pixels. Otherwise every pixel is
/// un-premultiplied to straight `RGBA8` and its largest component difference counted;
/// `differingPixels` are those above `tolerance.perChannel`. Different sizes fail with
/// `sizeMismatch`.
public func compare(expected: Bitmap, actual: Bitmap, tolerance: GoldenTolerance) -> ComparisonResult {
    var histogram = [Int](repeating: 0, count: 256)
    guard expected.width == actual.width, expected.height == actual.height else {
        return ComparisonResult(expected: expected, actual: actual, perChannel: tolerance.perChannel,
                                identical: false, pixelsByDifference: histogram)
    }
    if expected == actual {
        histogram[0] = expected.width * expected.height
        return ComparisonResult(expected: expected, actual: actual, perChannel: tolerance.perChannel,
                                identical: true, pixelsByDifference: histogram)
    }

    expected.pixels.withUnsafeBufferPointer { e in
        actual.pixels.withUnsafeBufferPointer { a in
            for i in stride(from: 0, to: e.count, by: 4) {
                histogram[straightDifference(e, a, at: i, and: i)] += 1
            }
        }
    }
    return ComparisonResult(expected: expected, actual: actual, perChannel: tolerance.perChannel,
                            identical: false, pixelsByDifference: histogram)
}

/// The largest straight-RGBA component difference between the BGRA pixel at byte
/// offset `i` of `e` and the one at offset `j` of `a`.
func straightDifference(_ e: UnsafeBufferPointer<UInt8>, _ a: UnsafeBufferPointer<UInt8>,
                        at i: Int, and j: Int) -> Int {
    if e[i] == a[j], e[i + 1] == a[j + 1], e[i + 2] == a[j + 2], e[i + 3] == a[j + 3] { return 0 }
    let expected = RGBA8(premultipliedR: e[i + 2], g: e[i + 1], b: e[i], a: e[i + 3])
    let actual = RGBA8(premultipliedR: a[j + 2], g: a[j + 1], b: a[j], a: a[j + 3])
    return expected.maxChannelDifference(to: actual)
}
