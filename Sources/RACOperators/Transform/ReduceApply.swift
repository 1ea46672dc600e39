// reduceApply: RAC's `-reduceApply`, a map calling each tuple's function with its other elements.

// RAC's `-reduceApply`: tuples whose first element is a function and whose other elements are its
// arguments. One overload per arity (1 to 5 arguments): a parameter-pack form, where the function
// type and the arguments come from one pack, crashes the Swift 6.3 compiler.

extension Signal {
    /// RAC: `-reduceApply`. For a signal of `(function, argument…)` tuples, sends `function(argument…)`
    /// for each value (here a function of 1 argument).
    ///
    /// ```
    /// self:           -x-y-|     x = (f, 1), y = (g, 2)
    /// reduceApply():  -u-v-|     u = f(1), v = g(2)
    /// ```
    ///
    /// - Returns: a signal of the result of each tuple's function called with the tuple's other
    ///   elements; it completes or fails when the source does.
    public func reduceApply<A, NewValue>() -> Signal<NewValue, Failure>
    where Value == ((A) -> NewValue, A) {
        mapping(named: "[\(self.name)] -reduceApply") { tuple in tuple.0(tuple.1) }
    }

    /// RAC: `-reduceApply`. For a signal of `(function, argument…)` tuples, sends `function(argument…)`
    /// for each value (here a function of 2 arguments).
    ///
    /// ```
    /// self:           -x-|     x = (f, x1, x2)
    /// reduceApply():  -u-|     u = f(x1, x2)
    /// ```
    ///
    /// - Returns: a signal of the result of each tuple's function called with the tuple's other
    ///   elements; it completes or fails when the source does.
    public func reduceApply<A, B, NewValue>() -> Signal<NewValue, Failure>
    where Value == ((A, B) -> NewValue, A, B) {
        mapping(named: "[\(self.name)] -reduceApply") { tuple in tuple.0(tuple.1, tuple.2) }
    }

    /// RAC: `-reduceApply`. For a signal of `(function, argument…)` tuples, sends `function(argument…)`
    /// for each value (here a function of 3 arguments).
    ///
    /// ```
    /// self:           -x-|     x = (f, x1, x2, x3)
    /// reduceApply():  -u-|     u = f(x1, x2, x3)
    /// ```
    ///
    /// - Returns: a signal of the result of each tuple's function called with the tuple's other
    ///   elements; it completes or fails when the source does.
    public func reduceApply<A, B, C, NewValue>() -> Signal<NewValue, Failure>
    where Value == ((A, B, C) -> NewValue, A, B, C) {
        mapping(named: "[\(self.name)] -reduceApply") { tuple in tuple.0(tuple.1, tuple.2, tuple.3) }
    }

    /// RAC: `-reduceApply`. For a signal of `(function, argument…)` tuples, sends `function(argument…)`
    /// for each value (here a function of 4 arguments).
    ///
    /// ```
    /// self:           -x-|     x = (f, x1, x2, x3, x4)
    /// reduceApply():  -u-|     u = f(x1, x2, x3, x4)
    /// ```
    ///
    /// - Returns: a signal of the result of each tuple's function called with the tuple's other
    ///   elements; it completes or fails when the source does.
    public func reduceApply<A, B, C, D, NewValue>() -> Signal<NewValue, Failure>
    where Value == ((A, B, C, D) -> NewValue, A, B, C, D) {
        mapping(named: "[\(self.name)] -reduceApply") { tuple in tuple.0(tuple.1, tuple.2, tuple.3, tuple.4)
        }
    }

    /// RAC: `-reduceApply`. For a signal of `(function, argument…)` tuples, sends `function(argument…)`
    /// for each value (here a function of 5 arguments).
    ///
    /// ```
    /// self:           -x-|     x = (f, x1, x2, x3, x4, x5)
    /// reduceApply():  -u-|     u = f(x1, x2, x3, x4, x5)
    /// ```
    ///
    /// - Returns: a signal of the result of each tuple's function called with the tuple's other
    ///   elements; it completes or fails when the source does.
    public func reduceApply<A, B, C, D, E, NewValue>() -> Signal<NewValue, Failure>
    where Value == ((A, B, C, D, E) -> NewValue, A, B, C, D, E) {
        mapping(named: "[\(self.name)] -reduceApply") { tuple in
            tuple.0(tuple.1, tuple.2, tuple.3, tuple.4, tuple.5)
        }
    }
}
