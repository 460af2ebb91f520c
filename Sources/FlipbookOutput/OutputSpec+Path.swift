import Foundation

/// `render -o PATH` and `--format` checked against each other before anything renders: the
/// extension picks the format when `--format` is left out (as with ffmpeg), and a path that
/// contradicts the format (a `.gif` for an mp4, a folder for a video or a still, a `.jpg`
/// for a still's PNG) is refused with both named, instead of a video muxed by the wrong
/// name, a folder called `v.mp4` or ffmpeg's own error.
extension OutputSpec {
    /// The format of a render to `path` (as given to `-o`; nil or `-` for the default or
    /// standard output) with `--format given` (nil when left out), one frame when `still`.
    ///
    /// Without `--format`: `.mp4`, `.mov`, `.webm` or `.gif` names that video; `.png` is a
    /// still's file (refused without `--still`); the extension of another kind of video or
    /// image (`.mkv`, `.jpg` …) is refused; any other path (no extension, one ending in `/`,
    /// a folder with a dot in its name such as `out/run.v2`) is a folder of PNG frames. A
    /// video or a still to a path ending in `/` is refused; `--format mp4` also takes `.m4v`.
    /// - Throws: `Failure` naming the path and the format when they disagree.
    public static func format(_ given: Format?, path: String?, still: Bool) throws -> Format {
        guard let path, path != standardOutputPath else { return given ?? .png }
        // A path ending in "/" names a folder, whatever its last name looks like; an existing
        // folder of a file's name is left to the sink, which refuses to replace it
        // (`OutputPlace.checkFile`).
        let isFolder = path.hasSuffix("/")
        let ext = isFolder ? "" : (path as NSString).pathExtension
        let named = Format(fileExtension: ext)
        if still {
            let frame = "--still writes one PNG file: name a .png file"
            if isFolder { throw Failure(description: "-o \(path) names a folder, but \(frame)") }
            guard named == .png else { throw Failure(description: "-o \(path) \(describe(path, named)), but \(frame)") }
            return .png
        }
        let format: Format
        if let given {
            format = given
        } else if let named, named != .png {
            format = named
        } else if named == .png {
            throw Failure(description: "-o \(path) names one PNG file: add --still N for one frame, "
                          + "or name a folder (no extension) for PNG frames")
        } else if otherMediaExtensions.contains(ext.lowercased()) {
            throw Failure(description: "-o \(path): .\(ext) is a kind of file Flipbook does not write: "
                          + "name an .mp4, .mov, .webm or .gif file, or a folder for PNG frames (--format png for a folder "
                          + "with that name)")
        } else {
            // No extension, a folder, or a folder with a dot in its name (out/run.v2), as before.
            format = .png
        }
        switch format {
        case .none:
            break  // `render` refuses -o with --format none
        case .png:
            guard let named else { break }
            let leaveOut = named == .png ? "add --still N for one PNG file" : "leave out --format to write \(name(of: named))"
            throw Failure(description: "-o \(path) names \(name(of: named)), but --format png writes a folder of PNG frames: "
                          + "name a folder (no extension), or \(leaveOut)")
        case .mp4, .gif, .webm, .mov:
            let file = "name \(format == .mp4 ? "an" : "a") .\(format.rawValue) file"
            if isFolder {
                throw Failure(description: "-o \(path) names a folder, but --format \(format.rawValue) writes one file: \(file)")
            }
            guard named == format || (format == .mp4 && ext.lowercased() == "m4v") else {
                let leaveOut = named.map { $0 == .png ? "" : ", or leave out --format to write \(name(of: $0))" } ?? ""
                throw Failure(description: "-o \(path) \(describe(path, named)), but --format is \(format.rawValue): "
                              + "\(file)\(leaveOut)")
            }
        }
        return format
    }

    /// The kind of file `path` names, in words, for a message: "names a GIF", "has no extension".
    private static func describe(_ path: String, _ named: Format?) -> String {
        let ext = (path as NSString).pathExtension
        if let named { return "names \(name(of: named))" }
        return ext.isEmpty ? "has no extension" : "names a .\(ext) file"
    }

    /// A format's file with its article: "an MP4", "a GIF".
    private static func name(of format: Format) -> String {
        switch format {
        case .mp4: "an MP4"
        case .mov: "a MOV"
        case .webm: "a WebM"
        case .gif: "a GIF"
        case .png: "a PNG"
        case .none: "nothing"
        }
    }

    /// Extensions of videos and images Flipbook does not write: a `-o` with one is surely
    /// not meant as a folder of PNG frames.
    private static let otherMediaExtensions: Set = [
        "mkv", "avi", "m4v", "mpg", "mpeg", "wmv", "flv", "ogv", "apng", "jpg", "jpeg", "webp", "tif", "tiff", "bmp",
        "heic", "heif", "avif", "svg", "pdf",
    ]
}

extension OutputSpec.Format {
    /// The format a file's extension names, in any case: `mp4`, `mov`, `webm`, `gif` or
    /// `png`; nil for any other (and for none).
    init?(fileExtension: String) {
        guard let format = Self(rawValue: fileExtension.lowercased()), format != .none else { return nil }
        self = format
    }
}
