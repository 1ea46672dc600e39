import Foundation

/// Where `followLines(atPath:from:pollingEvery:on:decoding:chunkSize:)` starts reading the file.
///
/// RAC: none.
///
/// ```
/// file "old\n", then "new\n" appended:
/// .beginning:  -"old"-"new"-
/// .end:        -------"new"-
/// ```
public enum FollowStart: Sendable, Hashable {
    /// Read the whole file, then follow it (`tail -n +1 -F`).
    case beginning
    /// Skip what the file holds at subscription and send only what is appended later (`tail -n 0 -F`).
    /// If the file does not end with a newline then, the first line sent is the rest of that line.
    case end
}

extension RACExtension where Base: FileManager {
    /// The lines of the file at `path`, as they are appended: `tail -F` as a signal. Never
    /// completes; it fails only when the file cannot be opened or read.
    ///
    /// RAC: none (RAC's `rac_readInBackground` stopped at end of file). The loop
    /// `lines().concat(pause).repeat()` splits a line caught half-written into two lines; this
    /// reader holds the bytes after the last newline until their newline arrives:
    /// a file holding `abc`, then appended `def\nghi\n`, sends `abcdef`, `ghi`.
    ///
    /// Polling: the file is opened at subscription (a file that cannot be opened fails at once with
    /// `FileHandleError.openFailed(path:errno:)`). The first poll is scheduled at once on
    /// `scheduler`, and each later poll `interval` after the previous one ended, so polls never
    /// overlap and never come closer than `interval`. Each poll reads everything appended since
    /// the last one and sends the completed lines on the scheduler's thread. Lines are cut as by
    /// `fileHandle.rac.lines(chunkSize:decoding:)` (`\n`, or `\r\n`; `decoding` for bytes that
    /// are not UTF-8).
    ///
    /// Truncation and rotation, checked at every poll:
    /// - **Truncated** (the file is shorter than what was read, as `copytruncate` leaves it):
    ///   the held partial line is sent as a line, and the file is read again from its start. A file
    ///   truncated and then written past the old length between two polls cannot be told from one
    ///   appended to: make `interval` shorter than the time between truncation and the next writes.
    /// - **Rotated** (the path names another file, by device and inode, as after `mv log log.1`
    ///   and a new `log`): the old file is read to its end first, then its held partial line is sent
    ///   as a line (nothing will complete it), the old file is closed and the new one is read from
    ///   its start. The partial line is never dropped, and never joined to the new file's bytes.
    /// - **Removed** and not replaced: the open file goes on being followed (its writer may still
    ///   append), until a file appears at the path.
    ///
    /// Disposal cancels the next poll and closes the file: at once, or, if a poll is running on
    /// another thread, when that poll returns (it stops reading first). Nothing is sent after
    /// `dispose()` returns. The path is opened again for each subscription.
    ///
    /// ```
    /// file:    "abc"  +"def\nghi\n"  +"jk"   +"l\n"
    /// polls:   p------p--------------p-------p-------
    /// lines:   -------("abcdef","ghi")-------"jkl"---
    /// ```
    ///
    /// - Parameters:
    ///   - path: the file to follow.
    ///   - start: whether to read what the file already holds first (`.beginning`) or only what is
    ///     appended later (`.end`).
    ///   - interval: the least time between two polls; must be positive.
    ///   - scheduler: where the polls run, and the lines are sent from (a `QueueScheduler`, or a
    ///     `TestScheduler` to drive the polls by hand); not `Scheduler.immediate`, which cannot
    ///     wait between polls.
    ///   - decoding: `.strict` (the default) fails on a line that is not UTF-8; `.lenient` replaces
    ///     its bad bytes with U+FFFD.
    ///   - chunkSize: the most bytes read at once; must be positive.
    public func followLines(
        atPath path: String, from start: FollowStart = .beginning, pollingEvery interval: Duration,
        on scheduler: Scheduler, decoding: LineDecoding = .strict, chunkSize: Int = 65_536
    ) -> Signal<String, FileHandleError> {
        let call = "followLines(atPath:from:pollingEvery:on:decoding:chunkSize:)"
        guard interval > .zero else {
            racProgrammerError(call, "interval must be > 0, got \(interval)")
        }
        racRequirePositive(chunkSize, "chunkSize", call)
        if scheduler is ImmediateScheduler {
            racProgrammerError(
                call, "the scheduler must be able to defer work, got ImmediateScheduler (\(scheduler.name))")
        }
        return Signal(name: SignalDebugNames.name("fileManager.rac.followLines(atPath: \(path))")) {
            subscriber in
            FileFollower.start(
                path: path, from: start, interval: interval, scheduler: scheduler, chunkSize: chunkSize,
                decoding: decoding, subscriber: subscriber)
        }
    }
}
