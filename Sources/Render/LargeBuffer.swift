#if canImport(Glibc)
    import Glibc
#endif

/// Advice for the few buffers of a rebuild that are tens or hundreds of megabytes (the previous
/// manifest read whole): fresh memory arrives one 4 KB page fault at a time, each costing some
/// microseconds (much more in a virtual machine), so 150 MB cost about 0.4 CPU-s of faults
/// before a byte was read. Asked for as transparent huge pages, the same memory is a hundred
/// 2 MB faults. Only advice: where the kernel does not take it (huge pages off, another
/// system), nothing changes but the time.
enum LargeBuffer {
    /// Below this, a buffer spans too few huge pages to be worth the call.
    static let threshold = 8 << 20

    /// Advises huge pages for the whole 2 MB-aligned part of `buffer`, which must not have been
    /// written yet (pages already touched stay small).
    static func adviseHugePages(_ buffer: UnsafeMutableRawBufferPointer) {
        #if os(Linux)
            guard buffer.count >= threshold, let base = buffer.baseAddress else { return }
            let huge = UInt(2 << 20)
            let start = (UInt(bitPattern: base) + huge - 1) & ~(huge - 1)
            let end = (UInt(bitPattern: base) + UInt(buffer.count)) & ~(huge - 1)
            guard end > start, let aligned = UnsafeMutableRawPointer(bitPattern: start) else { return }
            _ = madvise(aligned, Int(end - start), 14)  // MADV_HUGEPAGE
        #endif
    }
}
