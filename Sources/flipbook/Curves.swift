import ArgumentParser
import FlipbookRender
import FlipbookScene
import Foundation

struct Curves: FlipbookCommand {
    static let configuration = CommandConfiguration(
        abstract: "Plot timing curves and springs: value over time, one line each, to a PNG.",
        discussion: """
            CURVE is linear, easeIn, easeOut, easeInEaseOut or default (CAMediaTimingFunctionName); \
            cubic(x1,y1,x2,y2); spring(mass:1,stiffness:100,damping:10,velocity:0) (CASpringAnimation, \
            over its settlingDuration, or the whole axis when undamped, damping:0; labels left out take \
            these defaults); or \
            spring(dampingRatio:0.5,duration:1,velocity:0) (UIView.animate's spring, over its duration). \
            Quote them in a shell: flipbook curves easeInEaseOut 'spring(damping:5)'.
            """)

    @Argument(help: ArgumentHelp("The curves to plot.", valueName: "curve"))
    var curves: [String]

    @Option(help: ArgumentHelp(
        "Seconds the time axis spans; timing functions stretch over it (default: 1, or the longest spring's duration).",
        valueName: "S"))
    var duration: Double?

    @Option(help: ArgumentHelp("The image size in pixels.", valueName: "WxH"))
    var size = "640x400"

    @Option(name: .shortAndLong, help: ArgumentHelp("The PNG file to write (a .png name).", valueName: "file"))
    var output = "out/curves.png"

    @OptionGroup var workers: JobsOption

    /// `--size` as width and height.
    func pixelSize() throws -> (width: Int, height: Int) {
        let parts = size.lowercased().split(separator: "x").map { Int($0) }
        let minimum = CurvePlot.minimumSize
        guard parts.count == 2, let width = parts[0], let height = parts[1],
              (minimum.width...8192).contains(width), (minimum.height...8192).contains(height) else {
            throw ValidationError("--size is WIDTHxHEIGHT in pixels, at least \(minimum.width)x\(minimum.height) and at most 8192x8192, e.g. 640x400; got '\(size)'")
        }
        return (width, height)
    }

    func validate() throws {
        guard !curves.isEmpty else { throw ValidationError("name at least one curve, e.g. flipbook curves easeInEaseOut") }
        _ = try pixelSize()
        try checkPNGOutput(output, example: "curves.png")
        if let duration, !(duration > 0 && duration <= 600) {
            throw ValidationError("--duration must be more than 0 and at most 600 seconds")
        }
    }

    func perform() throws {
        let specs = try curves.map(CurveSpec.init)
        let (width, height) = try pixelSize()
        let plot = CurveSpec.plot(specs, width: width, height: height, duration: duration)
        try FileManager.default.createDirectory(at: URL(fileURLWithPath: output).deletingLastPathComponent(),
                                                withIntermediateDirectories: true)
        try PNGCodec.write(try plot.render(), to: output, compressionLevel: 6, jobs: workers.jobs)
        print(output)
    }
}
