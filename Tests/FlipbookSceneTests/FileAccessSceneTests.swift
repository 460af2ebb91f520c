import FlipbookRender
import FlipbookScene
import Foundation
import Testing

/// A scene reads files (images) only inside its own folder or a folder the load allows,
/// only regular files, and only up to a size limit; every refusal is an error at the value.
@MainActor
@Suite struct FileAccessSceneTests {
    /// root/scene/ holds the scene (root/scene/test.yaml, never written: scenes load from
    /// text) and inside.png; root/secret.png and root/other/allowed.png are outside it.
    let root: String
    var sceneFolder: String { root + "/scene" }
    var file: String { sceneFolder + "/test.yaml" }
    static let pixels = Bitmap(width: 4, height: 4, filledWith: RGBA8(255, 0, 0))

    init() throws {
        let temporary = FileManager.default.temporaryDirectory.appendingPathComponent("file-access-\(UUID().uuidString)")
        for folder in ["scene", "other"] {
            try FileManager.default.createDirectory(atPath: temporary.path + "/" + folder, withIntermediateDirectories: true)
        }
        // Its real path: errors name files with their symlinks resolved.
        let real = try #require(realpath(temporary.path, nil))
        root = String(cString: real)
        free(real)
        for image in ["scene/inside.png", "secret.png", "other/allowed.png"] {
            try PNGCodec.write(Self.pixels, to: root + "/" + image, compressionLevel: 1)
        }
    }

    private func remove() { try? FileManager.default.removeItem(atPath: root) }

    private func scene(contents path: String) -> String {
        """
        flipbook: 1
        canvas: {size: [10, 10]}
        layers: [{id: dot, frame: [0, 0, 4, 4], contents: \(path)}]
        """
    }

    private func loadError(_ yaml: String, options: SceneLoader.Options = .init()) -> SceneError? {
        do {
            _ = try SceneLoader.load(yaml: yaml, file: file, options: options)
            return nil
        } catch {
            return error as? SceneError
        }
    }

    private let contentsColumn = SceneErrorCase.column(of: "../", in: "layers: [{id: dot, frame: [0, 0, 4, 4], contents: ../secret.png}]")

    @Test func anImageInTheScenesFolderLoads() throws {
        defer { remove() }

        let scene = try SceneLoader.load(yaml: scene(contents: "inside.png"), file: file)

        #expect(scene.name == "test")
    }

    @Test func aRelativePathLeavingTheScenesFolderIsRefusedAtItsValue() {
        defer { remove() }

        let found = loadError(scene(contents: "../secret.png"))

        #expect(found?.line == 3)
        #expect(found?.column == contentsColumn)
        #expect(found?.message == "'contents' reads '../secret.png' (\(root)/secret.png), outside the scene's folder "
                + "\(sceneFolder); pass --allow-read DIR to allow another folder")
    }

    @Test func anAbsolutePathOutsideTheScenesFolderIsRefused() {
        defer { remove() }

        let found = loadError(scene(contents: root + "/secret.png"))

        #expect(found?.message.hasPrefix("'contents' reads '\(root)/secret.png' (\(root)/secret.png), outside") == true,
                "\(found.map { "\($0)" } ?? "no error")")
    }

    @Test func aPathThatComesBackInsideThroughDotDotLoads() throws {
        defer { remove() }

        _ = try SceneLoader.load(yaml: scene(contents: "../scene/./inside.png"), file: file)
    }

    @Test func aSymlinkInsideTheFolderPointingOutsideIsRefused() throws {
        defer { remove() }
        try FileManager.default.createSymbolicLink(atPath: sceneFolder + "/link.png", withDestinationPath: root + "/secret.png")

        let found = loadError(scene(contents: "link.png"))

        #expect(found?.message.hasPrefix("'contents' reads 'link.png' (\(root)/secret.png), outside the scene's folder") == true,
                "\(found.map { "\($0)" } ?? "no error")")
    }

    @Test func anAllowedFolderMayBeRead() throws {
        defer { remove() }
        let options = SceneLoader.Options(allowedReadFolders: [root + "/other"])

        _ = try SceneLoader.load(yaml: scene(contents: "../other/allowed.png"), file: file, options: options)
        let stillRefused = loadError(scene(contents: "../secret.png"), options: options)

        #expect(stillRefused?.message.contains("outside the scene's folder \(sceneFolder) and the allowed folders \(root)/other;") == true,
                "\(stillRefused.map { "\($0)" } ?? "no error")")
    }

    @Test func everyKindOfImageValueIsConfined() {
        defer { remove() }
        let imageView = """
            flipbook: 1
            canvas: {size: [10, 10]}
            views: [{id: photo, class: UIImageView, image: ../secret.png}]
            """
        let animationImages = """
            flipbook: 1
            canvas: {size: [10, 10]}
            views: [{id: photo, class: UIImageView, animationImages: [inside.png, ../secret.png]}]
            """
        let animationValues = """
            flipbook: 1
            canvas: {size: [10, 10], duration: 1}
            layers: [{id: sprite, frame: [0, 0, 4, 4]}]
            timeline:
              - at: 0
                do:
                  - addAnimation: {layer: sprite, key: flip, animation:
                      {class: CAKeyframeAnimation, keyPath: contents, calculationMode: discrete, duration: 1,
                       values: [inside.png, ../secret.png]}}
            """

        for yaml in [imageView, animationImages, animationValues] {
            let found = loadError(yaml)
            #expect(found?.message.contains("reads '../secret.png' (\(root)/secret.png), outside the scene's folder") == true,
                    "\(found.map { "\($0)" } ?? "no error")")
        }
    }

    @Test func aDeviceIsRefusedEvenInAnAllowedFolder() {
        defer { remove() }

        let found = loadError(scene(contents: "/dev/zero"), options: SceneLoader.Options(allowedReadFolders: ["/dev"]))

        #expect(found?.message == "'contents' reads '/dev/zero' (/dev/zero), which is a device, not a regular file")
    }

    @Test func aFIFOIsRefusedWithoutBeingOpened() throws {
        defer { remove() }
        let fifo = sceneFolder + "/pipe.png"
        try #require(mkfifo(fifo, 0o600) == 0)
        // Should the loader open the FIFO, its open would wait for a writer forever: this
        // writer turns up after 3 s, so the test then fails on the time rather than hanging.
        let unblocker = FIFOUnblocker(path: fifo, after: 3)
        defer { unblocker.stop() }
        let start = Date()

        let found = loadError(scene(contents: "pipe.png"))

        #expect(Date().timeIntervalSince(start) < 2)
        #expect(found?.message == "'contents' reads 'pipe.png' (\(fifo)), which is a FIFO, not a regular file")
    }

    @Test func anImageFileOverTheSizeLimitIsRefusedAndOneAtItLoads() throws {
        defer { remove() }
        let size = try #require(FileManager.default.attributesOfItem(atPath: sceneFolder + "/inside.png")[.size] as? Int)
        var atLimit = SceneLoader.Options(), underLimit = SceneLoader.Options()
        atLimit.limits.imageFileBytes = size
        underLimit.limits.imageFileBytes = size - 1

        _ = try SceneLoader.load(yaml: scene(contents: "inside.png"), file: file, options: atLimit)
        let found = loadError(scene(contents: "inside.png"), options: underLimit)

        #expect(found?.message == "'contents' reads 'inside.png' (\(sceneFolder)/inside.png) of \(size) bytes, "
                + "more than the limit of \(size - 1) bytes; pass --limit image-file-bytes=N to raise it")
    }

    @Test func theDefaultImageFileLimitIs64MiB() {
        #expect(SceneLimits().imageFileBytes == 64 * 1024 * 1024)
    }
}

/// Opens a FIFO for writing, without blocking, every 0.1 s from `after` seconds on, until
/// stopped: a reader blocked opening it is then let go (and reads end of file).
final class FIFOUnblocker: @unchecked Sendable {
    private let lock = NSLock()
    private var stopped = false

    init(path: String, after delay: Double) {
        Thread.detachNewThread { [self] in
            Thread.sleep(forTimeInterval: delay)
            while !isStopped {
                let descriptor = open(path, O_WRONLY | O_NONBLOCK)
                if descriptor >= 0 { close(descriptor) }
                Thread.sleep(forTimeInterval: 0.1)
            }
        }
    }

    private var isStopped: Bool { lock.withLock { stopped } }

    func stop() { lock.withLock { stopped = true } }
}
