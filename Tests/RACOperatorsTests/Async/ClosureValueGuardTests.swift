import RACOperators
import RACTestSupport
import Testing

// `Signal { … }` is the async operation, never a signal whose value is the closure. That a closure
// which cannot be the operation does not compile (the query cannot fail, the search can) is
// checked by scripts/peer-names-check.sh, which compiles it; these tests run the forms that
// compile, where the signal's types are inferred, and check that the operation runs.

private struct SearchError: Error, Equatable {}

/// A search service that counts its calls.
private final class SearchService: Sendable {
    let calls = Locked(0)

    @Sendable func search(_ query: String) async throws(SearchError) -> [String] {
        calls.withValue { $0 += 1 }
        if query.isEmpty { throw SearchError() }
        return [query, query + "!"]
    }

    @Sendable func count(_ query: String) async -> Int {
        calls.withValue { $0 += 1 }
        return query.count
    }
}

@Suite("Signal { … } is the async operation, whatever the types inferred", .checksRelease)
struct ClosureValueGuardTests {
    @Test(
        "map { q in Signal { try await search(q) } }.switchToLatest(), the query promoted: the service is called"
    )
    func promotedQuery() async throws {
        let service = SearchService()
        let query = Signal<String, Never>(value: "swift")
        // The example, with the failure types made to match: the query cannot fail, the
        // search can, so the query is promoted to the closure's error. A closure that uses `try`
        // throws `any Error` unless its type says otherwise.
        let results = query.promoteError((any Error).self).map { q in Signal { try await service.search(q) } }
            .switchToLatest()
        var received: [[String]] = []
        for try await value in results.values { received.append(value) }
        #expect(received == [["swift", "swift!"]])
        #expect(service.calls.current == 1)
    }

    @Test("a typed failure: the closure written with its typed throws")
    func typedQuery() async throws {
        let service = SearchService()
        let query = Signal<String, Never>(value: "typed").promoteError(SearchError.self)
        let results = query.map { q in
            Signal { () async throws(SearchError) -> [String] in try await service.search(q) }
        }.switchToLatest()
        let first = try await results.first()
        #expect(first == ["typed", "typed!"])
        #expect(service.calls.current == 1)
    }

    @Test("the same with a query that may fail with any error")
    func anyErrorQuery() async throws {
        let service = SearchService()
        let query = Signal<String, any Error>(value: "rac")
        let results = query.map { q in Signal { try await service.search(q) } }.switchToLatest()
        let first = try await results.first()
        #expect(first == ["rac", "rac!"])
        #expect(service.calls.current == 1)
    }

    @Test("an operation that cannot fail, under a query that cannot fail (was an ambiguous call)")
    func neitherFails() async {
        let service = SearchService()
        let counts = Signal<String, Never>(values: ["a", "abc"]).map { q in Signal { await service.count(q) }
        }
        .concat()
        var received: [Int] = []
        for await value in counts.values { received.append(value) }
        #expect(received == [1, 3])
        #expect(service.calls.current == 2)
    }

    @Test("flattenMap { q in Signal { try await … } }: each operation runs, its error ends the signal")
    func flattenMapOperation() async {
        let service = SearchService()
        let results = Signal<String, SearchError>(values: ["x", ""]).flattenMap { q in
            Signal { () async throws(SearchError) -> [String] in try await service.search(q) }
        }
        await #expect(throws: SearchError()) {
            for try await _ in results.values {}
        }
        #expect(service.calls.current >= 1)
    }

    @Test("Signal(value:) still makes a signal of any value, a closure's result included")
    func valueStillWorks() {
        let log = EventLog<Int, Never>()
        log.record(Signal(value: 1))
        log.record(Signal<Int, Never>(value: [2].count))
        #expect(log.events == [.next(1), .completed, .next(1), .completed])
        let generator = EventLog<String, Never>()
        generator.record(
            Signal<String, Never> { subscriber in
                subscriber.sendNext("made")
                subscriber.sendCompleted()
                return nil
            })
        #expect(generator.events == [.next("made"), .completed])
    }
}
