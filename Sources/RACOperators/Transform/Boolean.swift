// not, and, or: RAC's boolean operators, as maps (`mapping(named:_:)`).

// `-not` on a signal of booleans, `-and` and `-or` on a signal of tuples of booleans (RAC's
// `RACTuple` of `NSNumber`s, as `combineLatest` sends them). Tuples of 2 to 6 booleans get an
// overload each (a pack cannot be constrained to `Bool` yet); arrays of any length are accepted too.

extension Signal where Value == Bool {
    /// RAC: `-not`. Sends the negation of each boolean.
    ///
    /// ```
    /// self:   -t-f-t-|
    /// not():  -f-t-f-|
    /// ```
    ///
    /// - Returns: a signal of the negation of each source value; it completes or fails when the
    ///   source does.
    public func not() -> Signal<Bool, Failure> {
        mapping(named: "[\(self.name)] -not") { !$0 }
    }
}

extension Signal where Value == [Bool] {
    /// RAC: `-and` (on tuples of any length). Sends whether every boolean in the array is true.
    /// An empty array is a programmer error, as in RAC (which asserts that the tuple is not empty).
    ///
    /// ```
    /// self:   -x-y-|     x = [t, t], y = [t, f]
    /// and():  -t-f-|
    /// ```
    ///
    /// - Returns: a signal of whether every boolean of each source value is `true`; it completes or
    ///   fails when the source does.
    public func and() -> Signal<Bool, Failure> {
        mapping(named: "[\(self.name)] -and") { values in
            if values.isEmpty {
                racProgrammerError("and()", "each array must hold at least one Bool, got []")
            }
            return !values.contains(false)
        }
    }

    /// RAC: `-or` (on tuples of any length). Sends whether any boolean in the array is true.
    /// An empty array is a programmer error, as in RAC (which asserts that the tuple is not empty).
    ///
    /// ```
    /// self:  -x-y-|     x = [f, f], y = [t, f]
    /// or():  -f-t-|
    /// ```
    ///
    /// - Returns: a signal of whether any boolean of each source value is `true`; it completes or
    ///   fails when the source does.
    public func or() -> Signal<Bool, Failure> {
        mapping(named: "[\(self.name)] -or") { values in
            if values.isEmpty {
                racProgrammerError("or()", "each array must hold at least one Bool, got []")
            }
            return values.contains(true)
        }
    }
}

extension Signal where Value == (Bool, Bool) {
    /// RAC: `-and` (on a 2-tuple of booleans). Sends whether all 2 are true.
    ///
    /// ```
    /// self:   -x-y-|     x = (t, t), y = (t, f)
    /// and():  -t-f-|
    /// ```
    ///
    /// - Returns: a signal of whether every boolean of each source value is `true`; it completes or
    ///   fails when the source does.
    public func and() -> Signal<Bool, Failure> {
        mapping(named: "[\(self.name)] -and") { $0.0 && $0.1 }
    }

    /// RAC: `-or` (on a 2-tuple of booleans). Sends whether any of the 2 is true.
    ///
    /// ```
    /// self:  -x-y-|     x = (f, f), y = (t, f)
    /// or():  -f-t-|
    /// ```
    ///
    /// - Returns: a signal of whether any boolean of each source value is `true`; it completes or
    ///   fails when the source does.
    public func or() -> Signal<Bool, Failure> {
        mapping(named: "[\(self.name)] -or") { $0.0 || $0.1 }
    }
}

extension Signal where Value == (Bool, Bool, Bool) {
    /// RAC: `-and` (on a 3-tuple of booleans). Sends whether all 3 are true.
    ///
    /// ```
    /// self:   -x-y-|     x = (t, t, t), y = (t, t, f)
    /// and():  -t-f-|
    /// ```
    ///
    /// - Returns: a signal of whether every boolean of each source value is `true`; it completes or
    ///   fails when the source does.
    public func and() -> Signal<Bool, Failure> {
        mapping(named: "[\(self.name)] -and") { $0.0 && $0.1 && $0.2 }
    }

    /// RAC: `-or` (on a 3-tuple of booleans). Sends whether any of the 3 is true.
    ///
    /// ```
    /// self:  -x-y-|     x = (f, f, f), y = (t, t, f)
    /// or():  -f-t-|
    /// ```
    ///
    /// - Returns: a signal of whether any boolean of each source value is `true`; it completes or
    ///   fails when the source does.
    public func or() -> Signal<Bool, Failure> {
        mapping(named: "[\(self.name)] -or") { $0.0 || $0.1 || $0.2 }
    }
}

extension Signal where Value == (Bool, Bool, Bool, Bool) {
    /// RAC: `-and` (on a 4-tuple of booleans). Sends whether all 4 are true.
    ///
    /// ```
    /// self:   -x-y-|     x = (t, t, t, t), y = (t, t, t, f)
    /// and():  -t-f-|
    /// ```
    ///
    /// - Returns: a signal of whether every boolean of each source value is `true`; it completes or
    ///   fails when the source does.
    public func and() -> Signal<Bool, Failure> {
        mapping(named: "[\(self.name)] -and") { $0.0 && $0.1 && $0.2 && $0.3 }
    }

    /// RAC: `-or` (on a 4-tuple of booleans). Sends whether any of the 4 is true.
    ///
    /// ```
    /// self:  -x-y-|     x = (f, f, f, f), y = (t, t, t, f)
    /// or():  -f-t-|
    /// ```
    ///
    /// - Returns: a signal of whether any boolean of each source value is `true`; it completes or
    ///   fails when the source does.
    public func or() -> Signal<Bool, Failure> {
        mapping(named: "[\(self.name)] -or") { $0.0 || $0.1 || $0.2 || $0.3 }
    }
}

extension Signal where Value == (Bool, Bool, Bool, Bool, Bool) {
    /// RAC: `-and` (on a 5-tuple of booleans). Sends whether all 5 are true.
    ///
    /// ```
    /// self:   -x-y-|     x = (t, t, t, t, t), y = (t, t, t, t, f)
    /// and():  -t-f-|
    /// ```
    ///
    /// - Returns: a signal of whether every boolean of each source value is `true`; it completes or
    ///   fails when the source does.
    public func and() -> Signal<Bool, Failure> {
        mapping(named: "[\(self.name)] -and") { $0.0 && $0.1 && $0.2 && $0.3 && $0.4 }
    }

    /// RAC: `-or` (on a 5-tuple of booleans). Sends whether any of the 5 is true.
    ///
    /// ```
    /// self:  -x-y-|     x = (f, f, f, f, f), y = (t, t, t, t, f)
    /// or():  -f-t-|
    /// ```
    ///
    /// - Returns: a signal of whether any boolean of each source value is `true`; it completes or
    ///   fails when the source does.
    public func or() -> Signal<Bool, Failure> {
        mapping(named: "[\(self.name)] -or") { $0.0 || $0.1 || $0.2 || $0.3 || $0.4 }
    }
}

extension Signal where Value == (Bool, Bool, Bool, Bool, Bool, Bool) {
    /// RAC: `-and` (on a 6-tuple of booleans). Sends whether all 6 are true.
    ///
    /// ```
    /// self:   -x-y-|     x = (t, t, t, t, t, t), y = (t, t, t, t, t, f)
    /// and():  -t-f-|
    /// ```
    ///
    /// - Returns: a signal of whether every boolean of each source value is `true`; it completes or
    ///   fails when the source does.
    public func and() -> Signal<Bool, Failure> {
        mapping(named: "[\(self.name)] -and") { $0.0 && $0.1 && $0.2 && $0.3 && $0.4 && $0.5 }
    }

    /// RAC: `-or` (on a 6-tuple of booleans). Sends whether any of the 6 is true.
    ///
    /// ```
    /// self:  -x-y-|     x = (f, f, f, f, f, f), y = (t, t, t, t, t, f)
    /// or():  -f-t-|
    /// ```
    ///
    /// - Returns: a signal of whether any boolean of each source value is `true`; it completes or
    ///   fails when the source does.
    public func or() -> Signal<Bool, Failure> {
        mapping(named: "[\(self.name)] -or") { $0.0 || $0.1 || $0.2 || $0.3 || $0.4 || $0.5 }
    }
}
