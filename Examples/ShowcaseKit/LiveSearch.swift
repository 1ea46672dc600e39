import RACOperators

/// Why the live search stopped early: reading its input failed, or a search could not run.
public enum LiveSearchError<InputFailure: Error>: Error {
    /// The queries' signal failed (reading standard input, for the program).
    case input(InputFailure)
    /// The command refused or failed a search. It allows concurrent execution and its work
    /// cannot fail, so this does not happen; the type says so only because `execute` may.
    case search(CommandError<Never>)
}

/// Search-as-you-type over a word list, built from the framework's parts:
///
/// - the queries (lines of standard input in the program) are trimmed, lowercased, stripped of
///   empty lines and repeats, and **throttled**: a query is searched only once no newer one came
///   for `throttle`;
/// - each query is executed by a **`Command`**, whose `executing` signal drives the
///   "… searching" / "✓ idle" indicator;
/// - each execution is a cancellable asynchronous search (`WordSearch.matches(for:on:)` on the
///   search scheduler), and **`switchToLatest()`** forwards the results of the latest query only:
///   a newer query discards the older one's results and stops its work;
/// - results are printed as they arrive, all on one interface scheduler, in order.
///
/// `lines(for:)` is the whole program as one cold signal of the lines to print; it completes when
/// the queries end and the last search has finished.
///
/// ```
/// queries:   -s-sw------------|          (throttle 3 frames; "s" is throttled away)
/// lines:     -----b-x--y--t-i-|          b = "… searching", x, y = "\"sw\": swift …",
///                                         t = "\"sw\": 2 matches", i = "✓ idle"
/// ```
public struct LiveSearch {
    /// How long the input must stay quiet before the latest query is searched.
    public var throttle: Duration
    /// The most words printed for one query; the total is always printed.
    public var maxShown: Int
    /// The word list and how it is scanned.
    public var search: WordSearch
    /// Where each search runs (a background `QueueScheduler` in the program).
    public var searchScheduler: Scheduler
    /// Where throttling, the command and every printed line run, one at a time (a serial
    /// `QueueScheduler` in the program; RAC would use the main thread).
    public var interfaceScheduler: Scheduler

    /// A live search over `search`'s words.
    public init(
        search: WordSearch,
        throttle: Duration = .milliseconds(250),
        maxShown: Int = 12,
        searchScheduler: Scheduler,
        interfaceScheduler: Scheduler
    ) {
        self.search = search
        self.throttle = throttle
        self.maxShown = maxShown
        self.searchScheduler = searchScheduler
        self.interfaceScheduler = interfaceScheduler
    }

    /// One query, numbered so that a search can tell when a newer one has started.
    struct Request {
        let query: String
        let number: Int
    }

    /// The lines to print for `queries`: for each query that is searched, its matches as they
    /// arrive and its total (`"sw": swift switch`, `"sw": 2 matches`); and the command's
    /// executing indicator (`… searching`, `✓ idle`). Cold: each subscription makes its own
    /// command and reads `queries` once.
    public func lines<InputFailure>(
        for queries: Signal<String, InputFailure>
    ) -> Signal<String, LiveSearchError<InputFailure>> {
        let settings = self
        return Signal(name: "live search") { subscriber in
            // The number of the latest query. A search stops as soon as a newer number is sent;
            // a BehaviorSubject replays the latest number, so a search subscribed late still
            // sees that it is stale and stops at once.
            let latestRequest = BehaviorSubject<Int, Never>(value: 0)

            // RAC: RACCommand. Concurrent execution is allowed: a new query does not wait for
            // the old search; the old one is stopped (take(until:)) and its results dropped
            // (switchToLatest), while `executing` stays true across the switch.
            let command = Command<Request, SearchProgress, Never>(
                allowsConcurrentExecution: true, scheduler: settings.interfaceScheduler
            ) { request in
                settings.search.matches(for: request.query, on: settings.searchScheduler)
                    .take(until: latestRequest.filter { $0 > request.number })
            }

            let indicator = command.executing
                .skip(1)  // the current value (false) at subscription
                .map { $0 ? "… searching" : "✓ idle" }

            var requestCount = 0
            let results =
                queries
                .mapError { LiveSearchError.input($0) }
                .map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
                .filter { !$0.isEmpty }
                .distinctUntilChanged()
                .throttle(settings.throttle, on: settings.interfaceScheduler)
                .map { query -> Signal<String, LiveSearchError<InputFailure>> in
                    requestCount += 1
                    let request = Request(query: query, number: requestCount)
                    let execution = command.execute(request)
                    latestRequest.sendNext(request.number)  // stops the previous search
                    return settings.display(execution, of: query)
                        .mapError { LiveSearchError.search($0) }
                }
                .switchToLatest()
                .deliver(on: settings.interfaceScheduler)

            // Both deliver on the interface scheduler, so the subscriber gets one line at a time.
            // When the results end, the subscriber is disposed, and with it the resources the
            // creation closure returns: the indicator's subscription, and the command, which must
            // outlive its last execution to report it finished (an app's view model owns it).
            let indicatorSubscription = indicator.subscribe(next: { subscriber.sendNext($0) })
            results.subscribe(subscriber)
            return CompoundDisposable([
                indicatorSubscription, ActionDisposable { withExtendedLifetime(command) {} },
            ])
        }
    }

    /// The lines shown for one execution: its matches, `maxShown` at most, a line per batch as
    /// they arrive, then its total. Every line starts with the query.
    ///
    /// ```
    /// execution:  -found([swift])--found([switch])-(finished(2)|)
    /// display:    -"sw": swift-----"sw": switch----("sw": 2 matches|)
    /// ```
    func display<Failure>(
        _ execution: Signal<SearchProgress, Failure>, of query: String
    ) -> Signal<String, Failure> {
        let maxShown = self.maxShown
        let prefix = "\"\(query)\": "
        return
            execution
            .scan((shown: 0, line: String?.none)) { state, progress in
                switch progress {
                case .found(let words):
                    let shown = words.prefix(max(0, maxShown - state.shown))
                    let line = shown.isEmpty ? nil : prefix + shown.joined(separator: " ")
                    return (state.shown + shown.count, line)
                case .finished(let total):
                    return (state.shown, prefix + Self.summary(total: total, shown: state.shown))
                }
            }
            .filter { $0.line != nil }
            .map { $0.line ?? "" }
    }

    /// `3 matches`, `no matches`, `2107 matches (12 shown)`.
    static func summary(total: Int, shown: Int) -> String {
        let count: String
        switch total {
        case 0: count = "no matches"
        case 1: count = "1 match"
        default: count = "\(total) matches"
        }
        return total > shown ? "\(count) (\(shown) shown)" : count
    }
}
