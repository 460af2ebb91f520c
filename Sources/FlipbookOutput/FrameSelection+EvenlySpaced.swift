extension FrameSelection {
    /// `count` frame numbers spread evenly over a render of `frameCount` frames, the first
    /// and the last included (every frame when there are no more than `count`): the
    /// default frames of a contact sheet.
    public static func evenlySpaced(_ count: Int, frameCount: Int) -> [Int] {
        guard frameCount > count else { return Array(0..<frameCount) }
        guard count > 1 else { return Array(0..<max(count, 0)) }
        let last = Double(frameCount - 1)
        return (0..<count).map { Int((Double($0) * last / Double(count - 1)).rounded()) }
    }
}
