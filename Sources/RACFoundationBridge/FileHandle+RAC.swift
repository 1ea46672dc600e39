import Foundation

extension RACExtension where Base: FileHandle {
    /// The bytes of the handle, read on a background thread from its current position, sent as
    /// chunks of at most `chunkSize` bytes; completes at end of file.
    ///
    /// RAC: `-[NSFileHandle rac_readInBackground]`. Departures, for Linux and for disposal:
    /// - RAC started reading at once and replayed every chunk to every subscriber (a replay
    ///   subject). This signal is cold: each subscription starts its own reader, which reads from
    ///   the handle's current position, so two subscriptions share the bytes between them. To read
    ///   once and share, use a bounded form: `replayLazily(capacity:)` or `share(replay:)`
    ///   (`replay()` keeps every chunk for as long as it lives).
    /// - RAC used `readInBackgroundAndNotify`, which swift-corelibs-foundation does not support
    ///   reliably; the reader here is a thread of its own waiting in `poll(2)` and calling
    ///   `read(2)`, on any kind of descriptor (file, pipe, socket, terminal).
    /// - A failed read is an error (`FileHandleError`) instead of looking like end of file, which
    ///   names the handle's file when the system can tell it (not for pipes and sockets); a handle
    ///   that was closed before or during the read fails with `FileHandleError.closed`.
    ///
    /// Values are sent on the reader thread, one chunk at a time: the reader waits for the
    /// subscriber to handle a chunk before reading the next. So nothing queues in memory: a slow
    /// subscriber slows the reading, and a pipe's writer then waits on the kernel's buffer. A
    /// `deliver(on:)` after it queues again; give it a `bufferingPolicy` to bound that queue.
    ///
    /// Disposing stops delivery at once (nothing is sent after `dispose()` returns) and wakes the
    /// reader even when it waits on an idle pipe, so its thread ends and releases the handle
    /// promptly. A `read(2)` already under way is not interrupted, but poll only lets it start when
    /// data or end of file is ready, so it returns at once. Closing the handle from another thread
    /// while it is read is a race as it is in Foundation (the descriptor number may be reused);
    /// dispose first. The handle is not closed by the signal.
    ///
    /// ```
    /// file of 150 KiB, chunkSize 64 KiB:   -[64K]-[64K]-[22K]-|
    /// closed handle:                       #(closed)
    /// ```
    ///
    /// - Parameter chunkSize: the largest chunk to read at once, in bytes; must be positive.
    public func readInBackground(chunkSize: Int = 65_536) -> Signal<Data, FileHandleError> {
        racRequirePositive(chunkSize, "chunkSize", "readInBackground(chunkSize:)")
        let handle = base
        return Signal(name: SignalDebugNames.name("\(handle).rac.readInBackground")) { subscriber in
            BackgroundReader.start(handle: handle, chunkSize: chunkSize, subscriber: subscriber)
        }
    }

    /// The handle's text, read in the background as `readInBackground(chunkSize:)` does and cut
    /// into lines; completes at end of file.
    ///
    /// RAC has no line reader; this is `rac_readInBackground` followed by the splitting every caller
    /// wrote by hand. A line ends at `\n`, and a `\r` just before it is dropped (so CRLF files read
    /// as expected); the newline is not part of the value. A line may span any number of chunks,
    /// and the bytes after the last newline (a final line with no newline) are sent before
    /// completion; an empty file sends nothing. Lines are decoded as UTF-8: with `.strict` (the
    /// default) a line that is not valid UTF-8 fails the signal with
    /// `FileHandleError.invalidUTF8(line:path:)` and the lines after it are never read; with
    /// `.lenient` its invalid bytes become U+FFFD and reading goes on (`numberedLines` also tells
    /// which lines were repaired). Disposal and threads are as for `readInBackground(chunkSize:)`.
    ///
    /// ```
    /// chunks:                  -["ab\nc"]-["d\ne"]-|
    /// lines:                   -"ab"------"cd"----("e"|)
    /// "x\nb\xFF\ny", strict:   -"x"-#(invalidUTF8(line: 2))
    /// "x\nb\xFF\ny", lenient:  -"x"-"b\u{FFFD}"-("y"|)
    /// ```
    ///
    /// - Parameters:
    ///   - chunkSize: the largest chunk to read at once, in bytes; must be positive.
    ///   - decoding: what a line that is not valid UTF-8 does: `.strict` fails, `.lenient` repairs.
    public func lines(chunkSize: Int = 65_536, decoding: LineDecoding = .strict) -> Signal<
        String, FileHandleError
    > {
        lineSignal(chunkSize: chunkSize, decoding: decoding, name: "lines") { $0.text }
    }

    /// The handle's lines as `lines(chunkSize:decoding:)` cuts them, each with its number (from 1)
    /// and whether its bytes had to be repaired; completes at end of file.
    ///
    /// RAC: none. With `.lenient` decoding, a log reader can report "line 1 234 had invalid bytes"
    /// and still read every line; with `.strict` (the default) the error names the line instead.
    ///
    /// ```
    /// "a\nb\xFF\nc", lenient:  -(1, "a")-(2, "b\u{FFFD}", repaired)-((3, "c")|)
    /// ```
    ///
    /// - Parameters:
    ///   - chunkSize: the largest chunk to read at once, in bytes; must be positive.
    ///   - decoding: what a line that is not valid UTF-8 does: `.strict` fails, `.lenient` repairs.
    public func numberedLines(
        chunkSize: Int = 65_536, decoding: LineDecoding = .strict
    ) -> Signal<NumberedLine, FileHandleError> {
        lineSignal(chunkSize: chunkSize, decoding: decoding, name: "numberedLines") { $0 }
    }

    private func lineSignal<Line>(
        chunkSize: Int, decoding: LineDecoding, name: String,
        _ transform: @escaping @Sendable (NumberedLine) -> Line
    ) -> Signal<Line, FileHandleError> {
        let chunks = readInBackground(chunkSize: chunkSize)
        let handle = base
        return Signal(name: SignalDebugNames.name("\(base).rac.\(name)")) { subscriber in
            // The chunk subscriber delivers one event at a time, so the splitter needs no lock.
            var splitter = LineSplitter(decoding: decoding, path: descriptorPath(handle.fileDescriptor))
            return chunks.subscribe(
                Subscriber<Data, FileHandleError> { event in
                    switch event {
                    case .next(let chunk):
                        let (lines, error) = splitter.append(chunk)
                        for line in lines {
                            subscriber.sendNext(transform(line))
                        }
                        if let error {
                            subscriber.sendError(error)
                        }
                    case .error(let error):
                        subscriber.sendError(error)
                    case .completed:
                        switch splitter.finish() {
                        case .success(let last):
                            if let last {
                                subscriber.sendNext(transform(last))
                            }
                            subscriber.sendCompleted()
                        case .failure(let error):
                            subscriber.sendError(error)
                        }
                    }
                })
        }
    }
}
