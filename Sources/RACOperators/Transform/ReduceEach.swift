// reduceEach: a map that spreads each tuple value over the reduction's arguments.

extension Signal {
    /// RAC: `-reduceEach:`. For a signal of tuples, calls `reduce` with the tuple's elements as
    /// separate arguments and sends the result. Works for any arity (a parameter pack); the tuple
    /// must be unlabelled. On a signal of single values it is `map(_:)`.
    ///
    /// ```
    /// self:                 -x-y-|     x = (1, 2), y = (3, 4)
    /// reduceEach { $0+$1 }: -3-7-|
    /// ```
    ///
    /// - Parameter reduce: makes the value to send from the elements of one tuple, given as separate
    ///   arguments.
    /// - Returns: a signal of `reduce(elements…)` for each tuple of the source; it completes or fails
    ///   when the source does.
    @inlinable
    public func reduceEach<each Element, NewValue>(
        _ reduce: @escaping (repeat each Element) -> NewValue
    ) -> Signal<NewValue, Failure> where Value == (repeat each Element) {
        // Through `mapping`: pattern-matching an event whose value is a pack tuple crashes the
        // Swift 6.3 compiler, a closure taking the tuple does not.
        mapping(named: "[\(self.name)] -reduceEach:") { (tuple: (repeat each Element)) in
            reduce(repeat each tuple)
        }
    }
}
