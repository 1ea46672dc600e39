import Foundation
import RACOperators

/// What a search sends while it runs: the matches of each batch of words it scanned, then its
/// total when it has scanned them all. A search that is cancelled never sends `.finished`.
public enum SearchProgress: Equatable, Sendable {
    /// Words of the latest batch that contain the query, in list order.
    case found([String])
    /// The search scanned every word: `total` words matched.
    case finished(total: Int)
}

/// A word list searched in batches on a scheduler, as a slow back end would answer: each batch
/// is one scheduled action, so a search can be cancelled between batches by disposing it.
public struct WordSearch: Sendable {
    /// The words, lowercased, in their order in the list.
    public let words: [String]
    /// How many words one batch scans.
    public let batchSize: Int
    /// How long each batch takes (a pretend network or disk latency; zero for none).
    public let batchDelay: Duration

    /// Searches `words` (lowercased here) `batchSize` at a time, `batchDelay` apart.
    public init(words: [String], batchSize: Int = 400, batchDelay: Duration = .zero) {
        precondition(batchSize > 0, "WordSearch(batchSize:): batchSize must be > 0, got \(batchSize)")
        self.words = words.map { $0.lowercased() }
        self.batchSize = batchSize
        self.batchDelay = batchDelay
    }

    /// The word list shipped with the showcase (`Resources/words.txt`, a few thousand English
    /// words taken from SCOWL; see `Resources/words-LICENSE.txt`).
    public static func bundledWords() throws -> [String] {
        guard let url = Bundle.module.url(forResource: "words", withExtension: "txt") else {
            throw CocoaError(.fileNoSuchFile)
        }
        return try words(contentsOf: url)
    }

    /// The non-empty lines of a text file, one word per line (`/usr/share/dict/words`, say).
    public static func words(contentsOf url: URL) throws -> [String] {
        try String(contentsOf: url, encoding: .utf8)
            .split(whereSeparator: \.isNewline)
            .map { $0.trimmingCharacters(in: .whitespaces) }
            .filter { !$0.isEmpty }
    }

    /// A cold signal that searches for the words containing `query` on `scheduler`: nothing
    /// happens until it is subscribed, each subscription searches again, and disposing a
    /// subscription stops its search before the next batch.
    ///
    /// ```
    /// matches(for: "sw", on: s):   -[swift]-[]-[switch swim]-(finished(3)|)
    /// ```
    /// (batches without matches send nothing.)
    public func matches(for query: String, on scheduler: Scheduler) -> Signal<SearchProgress, Never> {
        let words = self.words
        let batchSize = self.batchSize
        let batchDelay = self.batchDelay
        let needle = query.lowercased()
        return Signal(name: "search \"\(query)\"") { subscriber in
            let nextBatch = SerialDisposable()
            var position = 0
            var total = 0

            /// Scans one batch, sends its matches, and schedules the next batch or finishes.
            func scanBatch() {
                let end = min(position + batchSize, words.count)
                let found = words[position..<end].filter { $0.contains(needle) }
                position = end
                total += found.count
                if !found.isEmpty {
                    subscriber.sendNext(.found(found))
                }
                if position == words.count {
                    subscriber.sendNext(.finished(total: total))
                    subscriber.sendCompleted()
                } else {
                    nextBatch.inner = scheduler.schedule(after: batchDelay, scanBatch)
                }
            }

            // The first batch is scheduled from the scheduler too, so that every assignment to
            // `nextBatch` happens there, in order. Assigned from the subscribing thread, it could
            // land after the first batch had already scheduled the second one, and cancel it
            // (setting `inner` disposes the previous disposable): the search would stop after
            // its first batch.
            let start = scheduler.schedule {
                nextBatch.inner = scheduler.schedule(after: batchDelay, scanBatch)
            }
            return CompoundDisposable([start, nextBatch].compactMap { $0 })
        }
    }
}
