import RACCore

/// An event of a marble with its value looked up, and the frame it is written at.
struct MarbleEvent<Value, Failure: Error> {
    let frame: Int
    let event: Event<Value, Failure>
}

/// How a marble's names become values: through a dictionary, or (for `String` values without a
/// dictionary) each name standing for itself.
struct MarbleValues<Value> {
    let lookup: (String) -> Value?
    /// Whether values were given at all (`false`: a marble that names one is malformed).
    var isGiven = true

    static func dictionary(_ values: [String: Value]) -> MarbleValues {
        MarbleValues { values[$0] }
    }

    /// No `values:`: the marble must name no value.
    static var absent: MarbleValues {
        MarbleValues(lookup: { _ in nil }, isGiven: false)
    }
}

extension MarbleValues {
    /// Through `values` if given; without them, each name standing for itself if `Value` is
    /// `String`, otherwise none (the marble must name no value).
    init(_ values: [String: Value]?) {
        if let values {
            self = .dictionary(values)
        } else if Value.self == String.self {
            self.init { $0 as? Value }
        } else {
            self = .absent
        }
    }
}

extension MarbleValues where Value == String {
    static var names: MarbleValues {
        MarbleValues { $0 }
    }
}

extension ParsedMarble {
    /// The marble's events in order, each name mapped through `values` and `#` to `error`.
    /// Throws `unknownValueName` or `missingError` at the column of the offending event.
    func events<Value, Failure: Error>(
        of marble: String, values: MarbleValues<Value>, error: Failure?
    ) throws(MarbleError) -> [MarbleEvent<Value, Failure>] {
        var events: [MarbleEvent<Value, Failure>] = []
        events.reserveCapacity(tokens.count)
        for token in tokens {
            switch token.kind {
            case .value(let name):
                guard let value = values.lookup(name) else {
                    let problem: MarbleError.Problem =
                        values.isGiven ? .unknownValueName(name) : .valuesNeeded(name)
                    throw MarbleError(marble: marble, column: token.column, problem: problem)
                }
                events.append(MarbleEvent(frame: token.frame, event: .next(value)))
            case .completed:
                events.append(MarbleEvent(frame: token.frame, event: .completed))
            case .error:
                guard let error else {
                    throw MarbleError(marble: marble, column: token.column, problem: .missingError)
                }
                events.append(MarbleEvent(frame: token.frame, event: .error(error)))
            }
        }
        return events
    }
}

extension Array {
    /// Runs of consecutive elements sharing a key (events of one frame), in order.
    func grouped<Key: Equatable>(by key: (Element) -> Key) -> [(key: Key, elements: [Element])] {
        var groups: [(key: Key, elements: [Element])] = []
        for element in self {
            let elementKey = key(element)
            if let last = groups.last, last.key == elementKey {
                groups[groups.count - 1].elements.append(element)
            } else {
                groups.append((elementKey, [element]))
            }
        }
        return groups
    }
}
