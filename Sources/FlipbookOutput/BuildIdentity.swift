import FlipbookRender
import Foundation

/// Which program drew a render's pixels, as a PNG folder's manifest records it: frames of
/// another build may differ, so `--resume` does not keep them.
public enum BuildIdentity {
    /// The running program's GNU build id (the linker's hash of its code: any change to
    /// Flipbook's code, or to a recording's, changes it) and the versions of the
    /// rendering libraries, e.g. `build 8f3c…; cairo 1.16.0, freetype 2.12.1, …`. Without
    /// a build id (a linker that writes none), the executable's size and modification time
    /// stand in for it.
    public static let current = "\(programIdentity()); \(libraryVersions)"

    /// `cairo 1.16.0, freetype 2.12.1, …`, by name.
    private static var libraryVersions: String {
        RenderEnvironment.libraryVersions().sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }
            .joined(separator: ", ")
    }

    /// What `flipbook --version` prints: the git commit built (`unknown` without one) and
    /// the build, the rendering libraries, and ffmpeg (the first line of `ffmpeg -version`,
    /// or that it is missing), a line each.
    public static func versionText(commit: String) -> String {
        let ffmpeg = (try? ExternalTool("ffmpeg").run(["-version"]))
            .flatMap { String(decoding: $0.standardOutput, as: UTF8.self).split(separator: "\n").first }
            .map(String.init) ?? "ffmpeg: not found on PATH"
        return "flipbook, commit \(commit), \(programIdentity())\n\(libraryVersions)\n\(ffmpeg)"
    }

    private static func programIdentity() -> String {
        if let id = mainProgramBuildID() { return "build " + id.map { String(format: "%02x", $0) }.joined() }
        var info = stat()
        guard stat("/proc/self/exe", &info) == 0 else { return "build unknown" }
        return "executable of \(info.st_size) bytes modified \(info.st_mtim.tv_sec).\(info.st_mtim.tv_nsec)"
    }

    /// The bytes of the running program's NT_GNU_BUILD_ID note, read from the program
    /// headers of its file (/proc/self/exe; a 64-bit little-endian ELF); nil without one.
    private static func mainProgramBuildID() -> [UInt8]? {
        let descriptor = open("/proc/self/exe", O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        /// `count` bytes at `offset` (at most 64 KiB), or nil when the file has fewer.
        func bytes(at offset: Int, count: Int) -> UnsafeRawBufferPointer? {
            guard offset >= 0, (0...(1 << 16)).contains(count) else { return nil }
            let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: count, alignment: 8)
            guard pread(descriptor, buffer.baseAddress, count, off_t(offset)) == count else {
                buffer.deallocate()
                return nil
            }
            return UnsafeRawBufferPointer(buffer)
        }
        guard let header = bytes(at: 0, count: 64) else { return nil }
        defer { header.deallocate() }
        guard Array(header[0..<6]) == [0x7F, 0x45, 0x4C, 0x46, 2, 1] else { return nil }  // ELF, 64-bit, little-endian
        let headerOffset = Int(clamping: header.loadUnaligned(fromByteOffset: 0x20, as: UInt64.self))
        let headerSize = Int(header.loadUnaligned(fromByteOffset: 0x36, as: UInt16.self))
        let headerCount = Int(header.loadUnaligned(fromByteOffset: 0x38, as: UInt16.self))
        guard headerSize >= 0x28, let headers = bytes(at: headerOffset, count: headerSize * headerCount) else { return nil }
        defer { headers.deallocate() }
        for index in 0..<headerCount {
            let entry = index * headerSize
            guard headers.loadUnaligned(fromByteOffset: entry, as: UInt32.self) == PT_NOTE,
                  let notes = bytes(at: Int(clamping: headers.loadUnaligned(fromByteOffset: entry + 8, as: UInt64.self)),
                                    count: Int(clamping: headers.loadUnaligned(fromByteOffset: entry + 0x20, as: UInt64.self)))
            else { continue }
            defer { notes.deallocate() }
            if let id = buildID(inNotes: notes) { return id }
        }
        return nil
    }

    /// The descriptor of the first `GNU` note of type NT_GNU_BUILD_ID among `notes`.
    private static func buildID(inNotes notes: UnsafeRawBufferPointer) -> [UInt8]? {
        func aligned(_ size: Int) -> Int { (size + 3) & ~3 }
        var offset = 0
        while offset + 12 <= notes.count {
            let nameSize = Int(notes.loadUnaligned(fromByteOffset: offset, as: UInt32.self))
            let descriptorSize = Int(notes.loadUnaligned(fromByteOffset: offset + 4, as: UInt32.self))
            let type = notes.loadUnaligned(fromByteOffset: offset + 8, as: UInt32.self)
            let name = offset + 12, descriptor = name + aligned(nameSize)
            guard descriptor + descriptorSize <= notes.count else { return nil }
            if type == NT_GNU_BUILD_ID, nameSize == 4, Array(notes[name..<name + 4]) == Array("GNU\0".utf8) {
                return Array(notes[descriptor..<descriptor + descriptorSize])
            }
            offset = descriptor + aligned(descriptorSize)
        }
        return nil
    }
}
