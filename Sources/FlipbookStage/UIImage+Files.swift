import FlipbookRender
import FlipbookUIKit
import Foundation

extension UIImage {
    /// Decodes the PNG file at `path` (G7); nil when it cannot be read or decoded.
    ///
    /// Here rather than in FlipbookUIKit because decoding goes through the render
    /// target's libpng (`CGImage.png(atPath:)`, which throws the reason); every front end
    /// (scenes, `Recorder`) stands on a stage, so all of them have it.
    public convenience init?(contentsOfFile path: String, scale: CGFloat = 1) {
        guard let image = try? CGImage.png(atPath: path) else { return nil }
        self.init(cgImage: image, scale: scale)
    }
}

extension UIImage {
    /// Folders `UIImage(named:)` looks in before the main bundle's resources, first to last:
    /// the app's images, as a `Recorder`'s `resourceFolder` names them. Process-wide, as an
    /// app's bundle is.
    public static var resourceFolders: [URL] {
        get { resourceFoldersLock.withLock { storedResourceFolders } }
        set { resourceFoldersLock.withLock { storedResourceFolders = newValue } }
    }

    /// Guarded by `resourceFoldersLock`: images, as UIKit's, are made on any thread.
    nonisolated(unsafe) private static var storedResourceFolders: [URL] = []
    private static let resourceFoldersLock = NSLock()

    /// The PNG image called `name` (G7), found as UIKit finds a bundle's images: in each of
    /// `resourceFolders`, then in the main bundle's resources, `name` itself when it has
    /// an extension, else `name.png` (scale 1), `name@2x.png` (scale 2) or `name@3x.png`
    /// (scale 3), the first that exists. Nil when none does or it cannot be decoded. Asset
    /// catalogs are not read.
    public convenience init?(named name: String) {
        let folders = Self.resourceFolders + [Bundle.main.resourceURL].compactMap { $0 }
        let candidates: [(file: String, scale: CGFloat)] = (name as NSString).pathExtension.isEmpty
            ? [(name + ".png", 1), (name + "@2x.png", 2), (name + "@3x.png", 3)]
            : [(name, 1)]
        for folder in folders {
            for (file, scale) in candidates {
                let path = folder.appendingPathComponent(file).path
                guard FileManager.default.fileExists(atPath: path) else { continue }
                self.init(contentsOfFile: path, scale: scale)
                return
            }
        }
        return nil
    }
}
