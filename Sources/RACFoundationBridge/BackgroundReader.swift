import Foundation

/// Reads one file descriptor on a thread of its own and sends what it reads to one subscriber.
///
/// The thread waits in `poll(2)` on two descriptors: the one being read and the read end of a
/// private wake-up pipe. `cancel()` writes a byte into the wake-up pipe, so a reader waiting for
/// data on an idle pipe or socket wakes at once, stops, and releases the handle. A `read(2)` that
/// is already running is never interrupted; it returns what is available (poll said there was
/// something), and the loop then sees the cancellation.
final class BackgroundReader: @unchecked Sendable {
    private let lock = PthreadLock()
    private var cancelled = false
    private var wakeReadEnd: Int32 = -1
    private var wakeWriteEnd: Int32 = -1

    /// Starts reading `handle` for `subscriber`; returns the disposable that stops the reader, or
    /// `nil` after sending an error if reading cannot start.
    static func start(
        handle: FileHandle, chunkSize: Int, subscriber: Subscriber<Data, FileHandleError>
    ) -> (any Disposable)? {
        let descriptor = handle.fileDescriptor
        guard descriptor >= 0 else {
            subscriber.sendError(.closed)
            return nil
        }
        let reader = BackgroundReader()
        if let failure = reader.openWakeUpPipe() {
            subscriber.sendError(failure)
            return nil
        }
        let thread = Thread {
            // The thread owns the handle until it stops, so the descriptor stays open meanwhile.
            withExtendedLifetime(handle) {
                reader.run(descriptor: descriptor, chunkSize: chunkSize, subscriber: subscriber)
            }
            reader.closeWakeUpPipe()
        }
        thread.name = "RACFoundationBridge.readInBackground"
        thread.start()
        return ActionDisposable {
            reader.cancel()
        }
    }

    private func openWakeUpPipe() -> FileHandleError? {
        var ends: [Int32] = [-1, -1]
        guard pipe(&ends) == 0 else {
            return .systemCallFailed(operation: "pipe", errno: errno)
        }
        for end in ends {
            _ = fcntl(end, F_SETFD, FD_CLOEXEC)
        }
        wakeReadEnd = ends[0]
        wakeWriteEnd = ends[1]
        return nil
    }

    private func closeWakeUpPipe() {
        lock.withLock {
            close(wakeReadEnd)
            close(wakeWriteEnd)
            wakeReadEnd = -1
            wakeWriteEnd = -1
        }
    }

    private var isCancelled: Bool {
        lock.withLock { cancelled }
    }

    /// Stops the reader: it sends nothing more and its thread ends as soon as it is not inside a
    /// `read(2)` call.
    func cancel() {
        lock.withLock {
            guard !cancelled else { return }
            cancelled = true
            if wakeWriteEnd >= 0 {
                var byte: UInt8 = 1
                _ = write(wakeWriteEnd, &byte, 1)
            }
        }
    }

    private func run(descriptor: Int32, chunkSize: Int, subscriber: Subscriber<Data, FileHandleError>) {
        let path = descriptorPath(descriptor)
        let wakeDescriptor = lock.withLock { wakeReadEnd }
        var buffer = [UInt8](repeating: 0, count: chunkSize)
        var watched = [
            pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0),
            pollfd(fd: wakeDescriptor, events: Int16(POLLIN), revents: 0),
        ]
        while !isCancelled && !subscriber.isDisposed {
            watched[0].revents = 0
            watched[1].revents = 0
            let ready = poll(&watched, nfds_t(watched.count), -1)
            if ready < 0 {
                let number = errno
                if number == EINTR { continue }
                subscriber.sendError(.systemCallFailed(operation: "poll", errno: number, path: path))
                return
            }
            if watched[1].revents != 0 {
                return  // cancelled
            }
            if Int32(watched[0].revents) & Int32(POLLNVAL) != 0 {
                subscriber.sendError(.closed)
                return
            }
            let count = buffer.withUnsafeMutableBytes { bytes in
                read(descriptor, bytes.baseAddress, chunkSize)
            }
            if count > 0 {
                subscriber.sendNext(Data(buffer[0..<count]))
            } else if count == 0 {
                subscriber.sendCompleted()
                return
            } else {
                let number = errno
                if number == EINTR || number == EAGAIN || number == EWOULDBLOCK { continue }
                subscriber.sendError(
                    number == EBADF
                        ? .closed : .systemCallFailed(operation: "read", errno: number, path: path))
                return
            }
        }
    }
}
