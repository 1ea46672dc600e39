import Foundation

/// Follows one file by path for one subscriber of `followLines(atPath:…)`: each poll, run on the
/// scheduler, reads what was appended since the last one and sends the lines it completes.
///
/// A poll, in order:
/// 1. Truncation: the open file is now shorter than what was read. The held partial line is sent
///    as a line, and reading starts again from the file's start.
/// 2. Everything appended up to the current end of the open file is read; complete lines are
///    sent, and the bytes after the last newline are held.
/// 3. Rotation: the path names another file than the open one (another device or inode). The old
///    file has just been read to its end; its held partial line is sent as a line, the old file is
///    closed, and the new one is opened and read from its start. A path that names no file (the
///    file was removed and not yet replaced) leaves the open file followed.
///
/// The next poll is scheduled `interval` after a poll ends, so polls never overlap and never come
/// closer than `interval`. Only one poll runs at a time, so the reading state needs no lock; the
/// lock guards the descriptor against `stop()` from another thread: `stop()` closes it at once when
/// no poll runs, or leaves that to the running poll, which closes it before it returns.
final class FileFollower: @unchecked Sendable {
    private let path: String
    private let interval: Duration
    private let scheduler: Scheduler
    private let chunkSize: Int
    private let decoding: LineDecoding
    private let subscriber: Subscriber<String, FileHandleError>
    private let nextPoll = SerialDisposable()

    private let lock = PthreadLock()
    /// Guarded by `lock`: the open file, -1 once closed.
    private var descriptor: Int32
    /// Guarded by `lock`: a poll is running.
    private var polling = false
    /// Guarded by `lock`: the subscription was disposed or ended.
    private var stopped = false
    /// Guarded by `lock`: how many polls have started.
    private var pollsStarted = 0

    // Owned by the running poll.
    private var splitter: LineSplitter
    private var offset: off_t
    private var identity: FileIdentity
    private var buffer: [UInt8]

    private init(
        path: String, descriptor: Int32, identity: FileIdentity, offset: off_t, interval: Duration,
        scheduler: Scheduler, chunkSize: Int, decoding: LineDecoding,
        subscriber: Subscriber<String, FileHandleError>
    ) {
        self.path = path
        self.descriptor = descriptor
        self.identity = identity
        self.offset = offset
        self.interval = interval
        self.scheduler = scheduler
        self.chunkSize = chunkSize
        self.decoding = decoding
        self.subscriber = subscriber
        splitter = LineSplitter(decoding: decoding, path: path)
        buffer = [UInt8](repeating: 0, count: chunkSize)
    }

    /// Opens `path` and schedules the first poll at once on `scheduler`; returns the disposable
    /// that stops following and closes the file, or `nil` after sending an error if the file cannot
    /// be opened.
    static func start(
        path: String, from start: FollowStart, interval: Duration, scheduler: Scheduler, chunkSize: Int,
        decoding: LineDecoding, subscriber: Subscriber<String, FileHandleError>
    ) -> (any Disposable)? {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else {
            subscriber.sendError(.openFailed(path: path, errno: errno))
            return nil
        }
        var offset: off_t = 0
        if start == .end {
            offset = lseek(descriptor, 0, SEEK_END)
            if offset < 0 {
                let number = errno
                close(descriptor)
                subscriber.sendError(.systemCallFailed(operation: "lseek", errno: number, path: path))
                return nil
            }
        }
        let follower = FileFollower(
            path: path, descriptor: descriptor, identity: FileIdentity(descriptor: descriptor) ?? .unknown,
            offset: offset, interval: interval, scheduler: scheduler, chunkSize: chunkSize,
            decoding: decoding,
            subscriber: subscriber)
        follower.keep(scheduler.schedule { follower.poll() }, scheduledAfter: 0)
        return ActionDisposable { follower.stop() }
    }

    /// Stops following: no further poll starts, and the file is closed now, or by the poll that is
    /// running as soon as it returns.
    func stop() {
        let closeNow = lock.withLock {
            guard !stopped else { return false }
            stopped = true
            return !polling
        }
        nextPoll.dispose()
        if closeNow { closeFile() }
    }

    private func closeFile() {
        let open = lock.withLock {
            defer { descriptor = -1 }
            return descriptor
        }
        if open >= 0 { close(open) }
    }

    private var isStopped: Bool { lock.withLock { stopped } }

    private func poll() {
        let started = lock.withLock {
            guard !stopped else { return false }
            polling = true
            pollsStarted += 1
            return true
        }
        guard started else { return }
        let failure = readAppended()
        if let failure {
            subscriber.sendError(failure)
        }
        let (stoppedMeanwhile, generation) = lock.withLock {
            polling = false
            if failure != nil { stopped = true }
            return (stopped, pollsStarted)
        }
        if stoppedMeanwhile {
            nextPoll.dispose()
            closeFile()
            return
        }
        keep(scheduler.schedule(after: interval) { [self] in poll() }, scheduledAfter: generation)
    }

    /// Keeps `disposable`, the next poll scheduled once `generation` polls had started, so that
    /// `stop()` cancels it; unless that poll has already started (a scheduler can run it before
    /// `schedule` returns), in which case it is the disposable of a finished action.
    private func keep(_ disposable: (any Disposable)?, scheduledAfter generation: Int) {
        lock.withLock {
            guard pollsStarted == generation else { return }
            _ = nextPoll.swap(disposable)
        }
    }

    /// One poll's reading: truncation, the appended bytes, rotation. Returns the error that ends
    /// following, if any.
    private func readAppended() -> FileHandleError? {
        var current = lock.withLock { descriptor }
        var status = stat()
        if fstat(current, &status) == 0, status.st_size < offset {
            if let failure = flushPartialLine() { return failure }
            offset = lseek(current, 0, SEEK_SET)
        }
        if let failure = readToEnd(current) { return failure }
        guard !isStopped, let replacement = FileIdentity(path: path), replacement != identity else {
            return nil
        }
        if let failure = flushPartialLine() { return failure }
        let reopened = open(path, O_RDONLY | O_CLOEXEC)
        guard reopened >= 0 else {
            let number = errno
            // Removed again between stat and open: the next poll looks again.
            return number == ENOENT ? nil : .openFailed(path: path, errno: number)
        }
        lock.withLock { descriptor = reopened }
        close(current)
        current = reopened
        identity = FileIdentity(descriptor: reopened) ?? replacement
        offset = 0
        splitter = LineSplitter(decoding: decoding, path: path)
        return readToEnd(current)
    }

    /// Reads `descriptor` up to its current end, sending every line completed.
    private func readToEnd(_ descriptor: Int32) -> FileHandleError? {
        while !isStopped {
            let count = buffer.withUnsafeMutableBytes { bytes in
                read(descriptor, bytes.baseAddress, chunkSize)
            }
            if count == 0 { return nil }
            if count < 0 {
                let number = errno
                if number == EINTR || number == EAGAIN { continue }
                return .systemCallFailed(operation: "read", errno: number, path: path)
            }
            offset += off_t(count)
            let (lines, failure) = splitter.append(Data(buffer[0..<count]))
            for line in lines {
                subscriber.sendNext(line.text)
            }
            if let failure { return failure }
        }
        return nil
    }

    /// Sends the held partial line as a line of its own (the file it came from will not complete
    /// it).
    private func flushPartialLine() -> FileHandleError? {
        switch splitter.finish() {
        case .success(let line):
            if let line { subscriber.sendNext(line.text) }
            return nil
        case .failure(let failure):
            return failure
        }
    }
}

/// Which file a descriptor or a path names: its device and inode numbers.
struct FileIdentity: Equatable {
    let device: UInt64
    let inode: UInt64

    static let unknown = FileIdentity(device: .max, inode: .max)

    private init(device: UInt64, inode: UInt64) {
        self.device = device
        self.inode = inode
    }

    private init(_ status: stat) {
        self.init(device: UInt64(status.st_dev), inode: UInt64(status.st_ino))
    }

    /// The identity of the open file `descriptor`, or `nil` if `fstat(2)` fails.
    init?(descriptor: Int32) {
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { return nil }
        self.init(status)
    }

    /// The identity of the file at `path` (following symbolic links), or `nil` if there is none.
    init?(path: String) {
        var status = stat()
        guard stat(path, &status) == 0 else { return nil }
        self.init(status)
    }
}
