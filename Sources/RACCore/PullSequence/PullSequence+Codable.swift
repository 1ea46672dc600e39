// Equatable, Hashable and Codable conformances of PullSequence, through its values.

extension PullSequence: Equatable where Value: Equatable {
    /// Whether both sequences have the same values in the same order. Walks both (to the first
    /// difference), so it never returns for two equal infinite sequences. RAC: `-isEqual:`.
    ///
    /// ```
    /// [1, 2] == lazy [1, 2]     [1, 2] != [1]
    /// ```
    public static func == (lhs: PullSequence<Value>, rhs: PullSequence<Value>) -> Bool {
        lhs === rhs || lhs.elementsEqual(rhs)
    }
}

extension PullSequence: Hashable where Value: Hashable {
    /// Hashes every value, in order, then the count; equal sequences hash equally whether lazy or
    /// eager. RAC: `-hash`.
    ///
    /// ```
    /// [1, 2].hashValue == lazy [1, 2].hashValue
    /// ```
    public func hash(into hasher: inout Hasher) {
        var count = 0
        for value in self {
            hasher.combine(value)
            count += 1
        }
        hasher.combine(count)
    }
}

extension PullSequence: Encodable where Value: Encodable {
    /// Encodes the values as an unkeyed container (a list), forcing the whole sequence.
    /// RAC: `-encodeWithCoder:` (which archived `array`).
    ///
    /// ```
    /// lazy [1, 2]  ->  [1, 2]
    /// ```
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.unkeyedContainer()
        for value in self {
            try container.encode(value)
        }
    }
}

extension PullSequence: Decodable where Value: Decodable {
    /// A lazy-kind sequence of the decoded list's values. RAC: `-initWithCoder:` (which decoded a
    /// `RACArraySequence`).
    ///
    /// ```
    /// [1, 2]  ->  PullSequence(values: [1, 2])
    /// ```
    public convenience init(from decoder: any Decoder) throws {
        self.init(values: try [Value](from: decoder))
    }
}
