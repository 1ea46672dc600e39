import RACCore

extension TestScheduler {
    /// Records `signal` from now (see `record(_:disposeAt:)`), runs the scheduler until nothing is
    /// left to run and, with `checksRelease` on, watches every subscriber that the chain makes on
    /// this thread meanwhile (`SubscriberWatch`), so that a leak deep in the chain is found too.
    func recordAndRun<Value, Failure>(
        _ signal: Signal<Value, Failure>, disposeAt frame: Int?
    ) -> (recorder: TestRecorder<Value, Failure>, watch: SubscriberWatch?) {
        let cutoff = frame.map { frames($0) }
        // Made before the watch begins: the recorder's own subscriber is checked on its own.
        let recorder = TestRecorder<Value, Failure>(scheduler: self, cutoff: cutoff)
        let watch = checksRelease ? SubscriberWatch.begin() : nil
        defer { watch?.end() }
        AsyncWork.$boundGroup.withValue(asyncWork) {
            recorder.start(signal, on: self, disposeAt: cutoff)
        }
        run()
        return (recorder, watch)
    }

    /// The failure message of `checksRelease` for an expectation of `marble` on `signal`, or `nil`
    /// if nothing leaked: the recorder's subscriber if its subscription ended but something holds
    /// it, otherwise every subscriber of the chain that stopped but is still held, each with the
    /// operator that made it; and for each, what holds it as far as the library knows
    /// (`HolderSearch`, from the chain's other subscribers still alive).
    ///
    /// ```
    /// expect(_:toEmit:) failed: a subscriber inside the chain ended but was not released (a leak:
    /// something still holds the subscriber of map(_:))
    ///   marble: -a-|
    ///   signal: <Signal<String, Never>: anonymous>
    ///   not released: the subscriber of map(_:) (MapStage<String, String, Never, Never>)
    ///     held by: the subscriber of <Signal<String, Never>: keeping> (Subscriber<String, Never>)
    ///     → .firstResource → CompoundDisposable → .children[0] → MapStage<String, String, Never, Never>
    /// ```
    func releaseFailure<Value, Failure>(
        of recorder: TestRecorder<Value, Failure>, watch: SubscriberWatch?, marble: String, signal: Any
    ) -> String? {
        let roots = (watch?.all ?? []).reversed().compactMap { watched in
            watched.subscriber.map { HolderRoot(object: $0 as AnyObject, name: Self.describe(watched)) }
        }
        if let end = recorder.endTime, !recorder.isReleased {
            let holder = recorder.heldSubscriber.map { HolderSearch.report(for: $0, roots: roots) } ?? ""
            return """
                expect(_:toEmit:) failed: the subscription ended at frame \(position(of: end).frame) but \
                the signal did not release its subscriber (a leak: something in the chain still holds it)
                  marble: \(marble)
                  signal: \(signal)
                """ + holder
        }
        guard let leaked = watch?.leaked, let first = leaked.first else { return nil }
        let lines = leaked.map { watched in
            "  not released: \(Self.describe(watched))"
                + (watched.subscriber.map {
                    HolderSearch.report(for: $0 as AnyObject, roots: roots, indent: "    ")
                } ?? "")
        }
        return """
            expect(_:toEmit:) failed: a subscriber inside the chain ended but was not released (a leak: \
            something still holds \(Self.owner(first)))
              marble: \(marble)
              signal: \(signal)

            """ + lines.joined(separator: "\n")
    }

    /// `the subscriber of map(_:)`, or of the signal whose creation step made it.
    private static func owner(_ watched: SubscriberWatch.Watched) -> String {
        guard let maker = watched.maker else { return "a subscriber (\(watched.type))" }
        return "the subscriber of \(maker)"
    }

    /// `the subscriber of map(_:) (MapStage<Int, Never, Int>)`.
    private static func describe(_ watched: SubscriberWatch.Watched) -> String {
        guard watched.maker != nil else {
            return "a subscriber (\(watched.type)) made outside any subscription's creation step"
        }
        return "\(owner(watched)) (\(watched.type))"
    }
}
