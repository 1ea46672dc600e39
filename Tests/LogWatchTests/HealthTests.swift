import Foundation
import LogWatchKit
import RACTestSupport
import Testing

/// `LogWatch.health` and `healthMessages` in virtual time, with scripted check attempts.
@Suite("rac-logwatch: health checks with timeout, backoff and fallback, in virtual time", .checksRelease)
struct HealthTests {
    /// What one scripted attempt does.
    enum Attempt {
        case answer(afterFrames: Int)
        case fail(afterFrames: Int, reason: String)
        case hang
    }

    /// A check that plays `script` in order, one attempt per call, recording when each began.
    final class ScriptedCheck: @unchecked Sendable {
        private let scheduler: TestScheduler
        private let script: Locked<[Attempt]>
        let starts = Log<Duration>()

        init(_ script: [Attempt], on scheduler: TestScheduler) {
            self.scheduler = scheduler
            self.script = Locked(script)
        }

        func attempt() -> Signal<Void, HealthCheckFailure> {
            starts.append(scheduler.now)
            let next = script.withValue { $0.isEmpty ? Attempt.hang : $0.removeFirst() }
            switch next {
            case .answer(let frames):
                return Signal(value: ()).delay(scheduler.frames(frames), on: scheduler)
            case .fail(let frames, let reason):
                return Signal<Void, HealthCheckFailure>.empty.delay(scheduler.frames(frames), on: scheduler)
                    .concat(Signal(error: HealthCheckFailure(reason: reason)))
            case .hang:
                return .never
            }
        }
    }

    private func policy(_ scheduler: TestScheduler, retries: Int = 2) -> HealthPolicy {
        HealthPolicy(
            target: "http://127.0.0.1:1/health", interval: scheduler.frames(100),
            timeout: scheduler.frames(10),
            retries: retries, backoff: scheduler.frames(5))
    }

    @Test("up, then a timeout and two failed retries (backoff 5 then 10) fall back to down, then recovered")
    func timeoutBackoffFallbackRecovery() {
        let scheduler = TestScheduler()
        let check = ScriptedCheck(
            [
                .answer(afterFrames: 2),  // check at 0
                // check at 100: three attempts
                .hang, .fail(afterFrames: 2, reason: "refused"), .fail(afterFrames: 1, reason: "503"),
                .answer(afterFrames: 1),  // check at 200
            ], on: scheduler)
        let readings = LogWatch.health(check: { check.attempt() }, policy: policy(scheduler), on: scheduler)
        let log = EventLog<String, Never>(timedBy: scheduler)
        let subscription = LogWatch.healthMessages(readings).subscribe(log.subscriber())
        scheduler.advance(toFrame: 250)
        // 100: hangs; 110: timed out; 115 (after 5): fails at 117; 127 (after 10): fails at 128.
        #expect(
            log.matches([
                (2, .next("health: up")), (128, .next("health: DOWN (503)")),
                (201, .next("health: RECOVERED")),
            ]), "\(log.summary)")
        #expect(
            check.starts.all == [
                .zero, .milliseconds(100), .milliseconds(115), .milliseconds(127), .milliseconds(200),
            ])
        subscription.dispose()
        #expect(scheduler.isEmpty)
    }

    @Test(
        "a check that hangs reads down with the timeout naming the target; ticks during a check are skipped")
    func timeoutNamesTargetAndTicksAreSkipped() {
        let scheduler = TestScheduler()
        let check = ScriptedCheck([.hang, .hang, .answer(afterFrames: 0)], on: scheduler)
        let slow = HealthPolicy(
            target: "http://127.0.0.1:1/health", interval: scheduler.frames(100),
            timeout: scheduler.frames(60),
            retries: 1, backoff: scheduler.frames(0))
        let log = EventLog<HealthReading, Never>(timedBy: scheduler)
        let subscription = LogWatch.health(check: { check.attempt() }, policy: slow, on: scheduler)
            .subscribe(log.subscriber())
        scheduler.advance(toFrame: 210)
        let reason = "no answer from http://127.0.0.1:1/health within \(Duration.milliseconds(60))"
        // 0: hangs, 60: times out, retried at once, 120: times out again: down. The tick at 100 came
        // while the check ran: skipped. 200: the next check answers.
        #expect(log.matches([(120, .next(.down(reason: reason))), (200, .next(.up))]), "\(log.summary)")
        #expect(check.starts.all == [.zero, .milliseconds(60), .milliseconds(200)])
        subscription.dispose()
        #expect(scheduler.isEmpty)
    }

    @Test("healthMessages: first reading, then changes only")
    func messages() {
        let readings: [HealthReading] = [.up, .up, .down(reason: "a"), .down(reason: "b"), .up, .up]
        let log = EventLog.of(LogWatch.healthMessages(Signal(values: readings)))
        #expect(
            log.events == [
                .next("health: up"), .next("health: DOWN (a)"), .next("health: RECOVERED"), .completed,
            ])
        let startingDown = EventLog.of(LogWatch.healthMessages(Signal(values: [.down(reason: "x")])))
        #expect(startingDown.events == [.next("health: DOWN (x)"), .completed])
        #expect(policy(TestScheduler()).delay(beforeRetry: 3) == .milliseconds(20))
    }
}
