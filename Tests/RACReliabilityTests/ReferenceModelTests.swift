import Testing

/// The model itself, on hand-checked cases.
extension DifferentialTests {
    /// A timeline from `(frame, event)` pairs on whole frames.
    private func frames(_ items: (Int, ModelEvent)...) -> Timeline {
        items.map { Timed.at(frame: $0.0, $0.1) }
    }

    /// `timeline` for every subscription, whenever it is made.
    private func fixed(_ timeline: Timeline) -> ModelSignal { { _ in timeline } }

    @Test("the model itself: the operators of one and two inputs")
    func modelSanity() throws {
        let left = frames((0, .next(1)), (2, .completed))
        let right = frames((1, .next(2)), (3, .completed))
        #expect(
            try ReferenceModel.apply(.zip, fixed(left), fixed(right))(0)
                == frames((1, .next(102)), (2, .completed)))
        #expect(
            try ReferenceModel.apply(.merge, fixed(left), fixed(right))(0).map(\.time) == [0, 1000, 3000])
        #expect(
            try ReferenceModel.apply(.take(1), to: fixed(left))(0) == frames((0, .next(1)), (0, .completed)))
        let failing = frames((0, .next(1)), (2, .error))
        let fallback = SourceSpec(frames: [nil, .next(2), .completed], isHot: false)
        #expect(
            try ReferenceModel.apply(.catch, fixed(failing), fallback.timeline(subscribedAt:))(0)
                == frames((0, .next(1)), (3, .next(2)), (4, .completed)))
        // Events of the two inputs at one instant: the model does not pick an order.
        #expect(throws: AmbiguousOrder.self) {
            try ReferenceModel.apply(.merge, fixed(left), fixed(frames((2, .next(5)))))(0)
        }
    }

    @Test("the model itself: delay, throttle and buffer")
    func timeModelSanity() throws {
        let input = frames((0, .next(1)), (1, .next(2)), (5, .next(3)), (6, .completed))
        // 1 is replaced by 2 within the interval; 2 is sent 2.001 after it; 3 is flushed by completion.
        #expect(
            try ReferenceModel.throttle(2001, input)
                == [
                    Timed(time: 3001, event: .next(2)), Timed.at(frame: 6, .next(3)),
                    Timed.at(frame: 6, .completed),
                ])
        // A value whose timer is due with the next value: unordered.
        #expect(throws: AmbiguousOrder.self) {
            try ReferenceModel.throttle(1000, input)
        }
        // [1, 2] when the timer started by 1 fires; [3] flushed by completion.
        #expect(
            try ReferenceModel.buffer(2001, input) { $0.count * 1000 + $0.reduce(0, +) }
                == [
                    Timed(time: 2001, event: .next(2003)), Timed.at(frame: 6, .next(1003)),
                    Timed.at(frame: 6, .completed),
                ])
        // The error is sent at once and drops the value still waiting.
        #expect(
            try ReferenceModel.delay(1001, frames((0, .next(1)), (1, .next(2)), (2, .error)))
                == [Timed(time: 1001, event: .next(1)), Timed.at(frame: 2, .error)])
    }

    @Test("the model itself: flattenMap, switchToLatest and retry")
    func higherOrderModelSanity() throws {
        let outer = frames((0, .next(1)), (2, .next(2)), (3, .completed))
        let inner = InnerSpec(frames: [.next(1), nil, .completed], offset: 1)
        // inner(1): 11 at 0.001, done at 2.001; inner(2): 21 at 2.001 (after inner(1)'s end, which
        // was scheduled first), done at 4.001; the outer completed at 3.
        let merged = [
            Timed(time: 1, event: .next(11)), Timed(time: 2001, event: .next(21)),
            Timed(time: 4001, event: .completed),
        ]
        #expect(try ReferenceModel.flattenMap(outer, inner) == merged)
        // inner(1) is disposed at 2, before its end; the result ends with inner(2).
        #expect(try ReferenceModel.switchToLatest(outer, inner) == merged)
        #expect(
            try ReferenceModel.switchToLatest(frames((0, .next(1)), (1, .next(2))), inner)
                == [Timed(time: 1, event: .next(11)), Timed(time: 1001, event: .next(21))])
        // A cold source starts again at each error.
        let cold = SourceSpec(frames: [.next(1), .error], isHot: false)
        #expect(
            try ReferenceModel.retry(2, cold.timeline(subscribedAt:))(0)
                == frames((0, .next(1)), (1, .next(1)), (2, .next(1)), (3, .error)))
        // A hot source that has failed fails again at once for a new subscription.
        let hot = SourceSpec(frames: [nil, .next(1), .error], isHot: true)
        #expect(
            try ReferenceModel.retry(1, hot.timeline(subscribedAt:))(0)
                == frames((1, .next(1)), (2, .error)))
    }
}
