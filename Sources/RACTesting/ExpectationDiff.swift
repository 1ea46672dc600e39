import RACCore

/// The failure messages of `expect`: expected and actual marbles one above the other, frame
/// aligned, a caret under the first frame that differs, and the events (or subscriptions) as two
/// columns with `*` on the rows that differ. See Docs/Marbles.md.
enum ExpectationDiff {
    /// The message for events that differ, or `nil` if `expected` and `actual` agree.
    static func events<Value, Failure>(
        expected: [Recorded<Event<Value, Failure>>],
        actual: [Recorded<Event<Value, Failure>>],
        on scheduler: TestScheduler,
        name: (Value) -> String,
        same: (Recorded<Event<Value, Failure>>, Recorded<Event<Value, Failure>>) -> Bool
    ) -> String? {
        let byFrame = { (events: [Recorded<Event<Value, Failure>>]) in
            Dictionary(grouping: events) { scheduler.position(of: $0.time).frame }
        }
        let expectedFrames = byFrame(expected)
        let actualFrames = byFrame(actual)
        let firstDifference = Set(expectedFrames.keys).union(actualFrames.keys).sorted().first { frame in
            let left = expectedFrames[frame] ?? []
            let right = actualFrames[frame] ?? []
            return left.count != right.count || !zip(left, right).allSatisfy(same)
        }
        guard let firstDifference else { return nil }

        let expectedCells = MarbleRenderer.cells(of: expected, on: scheduler, name: name)
        let actualCells = MarbleRenderer.cells(of: actual, on: scheduler, name: name)
        let lastFrame = max(expectedCells.keys.max() ?? 0, actualCells.keys.max() ?? 0)
        let widths = (0...lastFrame).map { frame in
            max(
                MarbleRenderer.text(ofCell: expectedCells[frame]).count,
                MarbleRenderer.text(ofCell: actualCells[frame]).count)
        }
        let caretOffset = widths.prefix(firstDifference).reduce(0, +)
        let label = { (event: Recorded<Event<Value, Failure>>) in
            "\(MarbleRenderer.frameLabel(of: event.time, on: scheduler)): \(event.value)"
        }
        let rows = (0..<max(expected.count, actual.count)).map { index in
            let left = index < expected.count ? expected[index] : nil
            let right = index < actual.count ? actual[index] : nil
            let differs = left == nil || right == nil || !same(left!, right!)
            return (differs, left.map(label) ?? "", right.map(label) ?? "")
        }
        return """
            expect(_:toEmit:) failed: the events differ from frame \(firstDifference) on
              expected: \(line(expectedCells, widths: widths))
              actual:   \(line(actualCells, widths: widths))
                        \(String(repeating: " ", count: caretOffset))^
            \(table(header: ("expected events", "actual events"), rows: rows))
            """
    }

    /// The message for subscriptions that differ, or `nil` if they agree.
    static func subscriptions(
        expected: [RecordedSubscription], actual: [RecordedSubscription], on scheduler: TestScheduler
    ) -> String? {
        guard expected != actual else { return nil }
        let marble = { (subscription: RecordedSubscription) in
            MarbleRenderer.subscriptionMarble(subscription, on: scheduler)
        }
        let rows = (0..<max(expected.count, actual.count)).map { index in
            let left = index < expected.count ? expected[index] : nil
            let right = index < actual.count ? actual[index] : nil
            return (left != right, left.map(marble) ?? "(none)", right.map(marble) ?? "(none)")
        }
        return """
            expect(_:toHaveSubscriptions:) failed: the subscriptions differ
            \(table(header: ("expected subscriptions", "actual subscriptions"), rows: rows))
            """
    }

    /// The cells of frames 0 through the last one with events, each padded to its frame's width;
    /// `(no events)` if there are none.
    private static func line(_ cells: [Int: [String]], widths: [Int]) -> String {
        guard let last = cells.keys.max() else { return "(no events)" }
        var text = ""
        for frame in 0...last {
            let cell = MarbleRenderer.text(ofCell: cells[frame])
            text += frame == last ? cell : cell.padding(to: widths[frame])
        }
        return text
    }

    /// Two columns under a header, each row marked `*` when it differs.
    private static func table(header: (String, String), rows: [(Bool, String, String)]) -> String {
        let width = rows.map(\.1.count).reduce(header.0.count, max) + 4
        var lines = ["    \(header.0.padding(to: width))\(header.1)"]
        for (differs, left, right) in rows {
            let row = "  \(differs ? "*" : " ") \(left.padding(to: width))\(right)"
            lines.append(String(row.reversed().drop { $0 == " " }.reversed()))
        }
        return lines.joined(separator: "\n")
    }
}

extension String {
    /// The string followed by spaces up to `width` characters.
    fileprivate func padding(to width: Int) -> String {
        count >= width ? self : self + String(repeating: " ", count: width - count)
    }
}
