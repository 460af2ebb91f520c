import Foundation

/// Pixel memory for the flat image a 3D layer is drawn into, kept from one warp to the next
/// and shared by the drawing threads. A new image of megabytes each frame costs a page fault
/// and a cleared page per 4 KB (the allocator hands such blocks back to the kernel when they
/// are freed); memory already touched costs none, and the image's bytes are the same.
final class FlatImageMemory: @unchecked Sendable {
    // Used by one thread at a time: the one that took it from `kept`, until it gives it back.
    let bytes: UnsafeMutableRawPointer
    let capacity: Int

    /// The largest flat image (4096 × 4096 pixels). Each block reserves this much, which
    /// costs address space only: a page is faulted in when first touched and then kept, so
    /// an image that grows from frame to frame never moves to a new block.
    private static let largestKept = 4096 * 4096 * 4

    /// Blocks not in use: never more than were in use at once (the drawing threads, and a
    /// 3D layer inside another).
    private static let kept = Kept()

    private final class Kept: @unchecked Sendable {
        private let lock = NSLock()
        private var blocks: [FlatImageMemory] = []

        func take(atLeast byteCount: Int) -> FlatImageMemory? {
            lock.withLock {
                guard let index = blocks.firstIndex(where: { $0.capacity >= byteCount }) else { return nil }
                return blocks.remove(at: index)
            }
        }

        func give(_ memory: FlatImageMemory) { lock.withLock { blocks.append(memory) } }
    }

    private init(capacity: Int) {
        self.capacity = capacity
        bytes = .allocate(byteCount: capacity, alignment: 64)
    }

    deinit { bytes.deallocate() }

    /// Runs `body` with at least `byteCount` bytes, zeros when `cleared` (else the caller
    /// clears what it uses): a kept block, or a new one (kept afterwards when not larger
    /// than the largest flat image).
    static func with<R>(byteCount: Int, cleared: Bool, _ body: (FlatImageMemory) throws -> R) rethrows -> R {
        let memory = kept.take(atLeast: byteCount) ?? FlatImageMemory(capacity: max(byteCount, largestKept))
        defer { if memory.capacity <= largestKept { kept.give(memory) } }
        if cleared { memory.clear(byteCount, from: 0) }
        return try body(memory)
    }

    /// Sets `count` bytes from `offset` on to zero.
    func clear(_ count: Int, from offset: Int) {
        precondition(offset >= 0 && count >= 0 && offset + count <= capacity, "clearing outside the memory")
        (bytes + offset).initializeMemory(as: UInt8.self, repeating: 0, count: count)
    }
}
