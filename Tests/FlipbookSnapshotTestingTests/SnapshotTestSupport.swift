import FlipbookRender
import FlipbookSnapshotTesting
import Foundation
import SnapshotTesting

/// The record mode of these tests: swift-snapshot-testing's (`missing` unless
/// `SNAPSHOT_TESTING_RECORD` says otherwise), and `never` under CI, which only compares.
let recordMode: SnapshotTestingConfiguration.Record? = (ProcessInfo.processInfo.environment["CI"] ?? "").isEmpty ? nil : .never

/// The reference a test of this folder keeps under `__Snapshots__/<file>/<test>.<name>.<ext>`.
func reference(file: String, test: String, name: String, ext: String) -> URL {
    URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("__Snapshots__/\(file)/\(test).\(name).\(ext)")
}

/// The bitmap `strategy` takes of `value`, nil when it takes none.
func snapshot<Value>(of value: Value, as strategy: Snapshotting<Value, SnapshotFrame>) -> Bitmap? {
    var bitmap: Bitmap?
    strategy.snapshot(value).run { frame in
        if case .image(let image) = frame { bitmap = image }
    }
    return bitmap
}
