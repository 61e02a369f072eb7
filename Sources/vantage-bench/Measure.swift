import Foundation

/// The clocks and counters every benchmark reads its figures from, one rule each: wall time
/// in seconds, CPU seconds of the process, of its children and of the calling thread, and the
/// peak resident set size (Linux reports `ru_maxrss` in kilobytes).
enum Measure {
    /// Seconds of wall time since `start`.
    static func seconds(since start: ContinuousClock.Instant) -> Double { seconds(ContinuousClock.now - start) }

    /// `duration` in seconds.
    static func seconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
    }

    /// User plus system CPU time of this process so far: a figure that other load on a shared
    /// machine does not inflate the way it inflates wall-clock time.
    static func cpuSeconds() -> Double { usage(RUSAGE_SELF).cpu }

    /// User plus system CPU time of this process's waited-for children so far, and the peak
    /// resident set size of the largest of them, in megabytes.
    static func children() -> (cpu: Double, peakMegabytes: Double) {
        let children = usage(RUSAGE_CHILDREN)
        return (children.cpu, children.peakMegabytes)
    }

    /// The process's peak resident set size, in megabytes.
    static func peakResidentMegabytes() -> Double { usage(RUSAGE_SELF).peakMegabytes }

    /// CPU seconds of the calling thread so far.
    static func threadCPUSeconds() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }

    /// `value` with `places` decimals.
    static func fixed(_ value: Double, _ places: Int) -> String { String(format: "%.\(places)f", value) }

    private static func usage(_ who: __rusage_who) -> (cpu: Double, peakMegabytes: Double) {
        var usage = rusage()
        getrusage(__rusage_who_t(who.rawValue), &usage)
        func seconds(_ time: timeval) -> Double { Double(time.tv_sec) + Double(time.tv_usec) / 1e6 }
        return (seconds(usage.ru_utime) + seconds(usage.ru_stime), Double(usage.ru_maxrss) / 1024)
    }
}

/// A benchmark that could not run.
struct BenchError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
