import FlipbookScene
import Testing

/// `golden:`'s `tolerance` and `allowedPixels` must make sense for 8-bit channels and
/// pixel counts; a value outside is an error at it.
@MainActor
@Suite struct GoldenSpecRangeTests: SceneTesting {
    nonisolated static func scene(_ golden: String) -> String {
        """
        flipbook: 1
        canvas: {size: [10, 10], duration: 0}
        golden: {frames: [0], \(golden)}
        """
    }

    /// The column of `value` in the `golden:` line of `scene(golden)`.
    nonisolated static func column(of value: String, in golden: String) -> Int {
        SceneErrorCase.column(of: value, in: String(scene(golden).split(separator: "\n")[2]))
    }

    nonisolated static let cases: [SceneErrorCase] = [
        SceneErrorCase("aNegativeToleranceIsRefused", yaml: scene("tolerance: -1"), line: 3, column: column(of: "-1", in: "tolerance: -1"),
                       message: .exactly("'tolerance' is per colour channel, between 0 and 255; got -1")),
        SceneErrorCase("aToleranceAbove255IsRefused", yaml: scene("tolerance: 256"), line: 3, column: column(of: "256", in: "tolerance: 256"),
                       message: .exactly("'tolerance' is per colour channel, between 0 and 255; got 256")),
        SceneErrorCase("aNegativeAllowedPixelsIsRefused", yaml: scene("allowedPixels: -5"), line: 3, column: column(of: "-5", in: "allowedPixels: -5"),
                       message: .exactly("'allowedPixels' must be 0 or more, got -5")),
        SceneErrorCase("anEmptyFrameListIsRefused", yaml: "flipbook: 1\ncanvas: {size: [10, 10]}\ngolden: {frames: []}\n",
                       line: 3, column: 18, message: .startingWith("'frames' must name at least one frame")),
    ]

    @Test(arguments: cases)
    func goldenThresholdsOutOfRangeAreErrorsAtTheValue(_ expected: SceneErrorCase) {
        expect(error(expected.yaml), toBe: expected)
    }

    @Test func theEndsOfTheRangesLoad() throws {
        let lowest = try load(Self.scene("tolerance: 0, allowedPixels: 0"))
        let highest = try load(Self.scene("tolerance: 255, allowedPixels: 100"))

        #expect(lowest.golden?.perChannelTolerance == 0)
        #expect(highest.golden?.perChannelTolerance == 255 && highest.golden?.allowedPixels == 100)
    }
}
