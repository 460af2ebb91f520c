import Foundation

/// Pixel memory for the flat image a 3D layer is drawn into, kept by each thread from one
/// warp to the next. A new image of megabytes each frame costs a page fault and a cleared
/// page per 4 KB (the allocator hands such blocks back to the kernel when they are freed);
/// clearing memory already held costs one `memset`, and the image's bytes are the same.
final class FlatImageMemory {
    private(set) var bytes: UnsafeMutableRawPointer
    private(set) var capacity: Int

    /// Memory larger than this (the largest flat image, 4096 × 4096 pixels) is not kept.
    private static let largestKept = 4096 * 4096 * 4
    private static let key = "flipbook.flatImageMemory"

    private init(capacity: Int) {
        self.capacity = capacity
        bytes = .allocate(byteCount: capacity, alignment: 64)
    }

    deinit { bytes.deallocate() }

    /// Sets `count` bytes from `offset` on to zero.
    func clear(_ count: Int, from offset: Int) {
        precondition(offset >= 0 && count >= 0 && offset + count <= capacity, "clearing outside the memory")
        (bytes + offset).initializeMemory(as: UInt8.self, repeating: 0, count: count)
    }

    /// Runs `body` with at least `byteCount` bytes, zeros when `cleared` (else the caller
    /// clears what it uses): the thread's kept memory, or new memory while that is in use (a
    /// 3D layer inside another), kept afterwards.
    static func with<R>(byteCount: Int, cleared: Bool, _ body: (FlatImageMemory) throws -> R) rethrows -> R {
        let thread = Thread.current.threadDictionary
        let kept = thread[key] as? FlatImageMemory
        thread[key] = nil
        // Half as much again when new: an animated layer's image grows and shrinks a little.
        let memory = kept.flatMap { $0.capacity >= byteCount ? $0 : nil }
            ?? FlatImageMemory(capacity: byteCount + byteCount / 2)
        if cleared { memory.clear(byteCount, from: 0) }
        defer {
            if memory.capacity <= largestKept, thread[key] == nil { thread[key] = memory }
        }
        return try body(memory)
    }
}
