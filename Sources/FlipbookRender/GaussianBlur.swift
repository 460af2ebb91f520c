import Foundation

/// A Gaussian blur of an 8-bit alpha plane, approximated by three box blurs per axis
/// (within a few percent of a true Gaussian; W. Wells, "Efficient synthesis of Gaussian
/// filters by cascaded uniform filters", 1986). Written here because Cairo has no blur
/// and pixman's convolution filter needs a kernel of size O(σ) per pixel, where three
/// running-sum boxes cost O(1). Pixels outside the plane count as transparent.
enum GaussianBlur {
    /// The widths of three boxes whose cascade has standard deviation `sigma`.
    static func boxSizes(sigma: Double) -> [Int] {
        let n = 3.0
        let ideal = (12 * sigma * sigma / n + 1).squareRoot()
        var lower = Int(ideal.rounded(.down))
        if lower % 2 == 0 { lower -= 1 }
        let upper = lower + 2
        let l = Double(lower)
        let m = ((12 * sigma * sigma - n * l * l - 4 * n * l - 3 * n) / (-4 * l - 4)).rounded()
        return (0..<3).map { Double($0) < m ? lower : upper }
    }

    static func blurAlpha(_ pixels: UnsafeMutablePointer<UInt8>, width: Int, height: Int,
                          stride: Int, sigma: Double) {
        guard sigma >= 0.5, width > 0, height > 0 else { return }
        var plane = [UInt8](repeating: 0, count: width * height)
        for y in 0..<height {
            for x in 0..<width { plane[y * width + x] = pixels[y * stride + x] }
        }
        var scratch = plane
        for size in boxSizes(sigma: sigma) where size > 1 {
            let radius = (size - 1) / 2
            boxPass(from: plane, into: &scratch, lines: height, length: width, step: 1, lineStep: width, radius: radius)
            boxPass(from: scratch, into: &plane, lines: width, length: height, step: width, lineStep: 1, radius: radius)
        }
        for y in 0..<height {
            for x in 0..<width { pixels[y * stride + x] = plane[y * width + x] }
        }
    }

    /// One running-sum box blur of width 2·radius+1 along every line of the plane.
    private static func boxPass(from source: [UInt8], into target: inout [UInt8], lines: Int, length: Int,
                                step: Int, lineStep: Int, radius: Int) {
        let divisor = 2 * radius + 1
        let half = divisor / 2
        source.withUnsafeBufferPointer { src in
            target.withUnsafeMutableBufferPointer { dst in
                for line in 0..<lines {
                    let base = line * lineStep
                    var sum = 0
                    for i in 0..<min(radius, length) { sum += Int(src[base + i * step]) }
                    for i in 0..<length {
                        let entering = i + radius, leaving = i - radius - 1
                        if entering < length { sum += Int(src[base + entering * step]) }
                        if leaving >= 0 { sum -= Int(src[base + leaving * step]) }
                        dst[base + i * step] = UInt8((sum + half) / divisor)
                    }
                }
            }
        }
    }
}
