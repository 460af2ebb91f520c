import Foundation

extension GoldenReport {
    /// The report with every file URL in it (failure images, thumbnails, goldens,
    /// unused goldens) replaced by `transform`'s.
    func mappingURLs(_ transform: (URL) throws -> URL) rethrows -> GoldenReport {
        var report = self
        for s in report.scenes.indices {
            for f in report.scenes[s].frames.indices {
                var frame = report.scenes[s].frames[f]
                switch frame.outcome {
                case .failed(let result, let expected, let actual, let diff):
                    frame.outcome = .failed(result, expected: try transform(expected), actual: try transform(actual),
                                            diff: try transform(diff))
                case .unreadable(let golden, let reason, let actual):
                    frame.outcome = .unreadable(golden: try transform(golden), reason: reason, actual: try transform(actual))
                case .recorded(let url, let reason): frame.outcome = .recorded(try transform(url), reason: reason)
                case .missing(let url): frame.outcome = .missing(try transform(url))
                case .matched, .matchedWithinTolerance: break
                }
                frame.filmstrip = try frame.filmstrip.map { GoldenThumbnail(index: $0.index, url: try transform($0.url)) }
                report.scenes[s].frames[f] = frame
            }
        }
        report.unused.files = try report.unused.files.map(transform)
        report.unused.folders = try report.unused.folders.map(transform)
        report.goldenDirectory = try report.goldenDirectory.map(transform)
        return report
    }
}
