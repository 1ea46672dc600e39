// Side effects: RAC's `-doNext:`, `-doError:`, `-doCompleted:`, `-initially:`, `-finally:` and the
// `-log…` operators. Each action runs once per subscription and event, *before* the event is
// forwarded, on the thread that delivers the event.

extension Signal {
    /// RAC: `-doNext:`. Runs `action(value)` for each value, then forwards the value.
    ///
    /// ```
    /// self:               -a-b-|
    /// doNext(record):     -a-b-|     (record(a), record(b) run just before a and b are sent)
    /// ```
    public func doNext(_ action: @escaping (Value) -> Void) -> Signal<Value, Failure> {
        Signal(name: SignalDebugNames.name("[\(self.name)] -doNext:")) { subscriber in
            self.relay(into: subscriber) { event in
                if case .next(let value) = event {
                    action(value)
                }
                subscriber.send(event)
            }
        }
    }

    /// RAC: `-doError:`. Runs `action(error)` when the signal fails, then forwards the error.
    ///
    /// ```
    /// self:              -a-#
    /// doError(report):   -a-#       (report(e) runs just before # is sent)
    /// ```
    public func doError(_ action: @escaping (Failure) -> Void) -> Signal<Value, Failure> {
        Signal(name: SignalDebugNames.name("[\(self.name)] -doError:")) { subscriber in
            self.relay(into: subscriber) { event in
                if case .error(let failure) = event {
                    action(failure)
                }
                subscriber.send(event)
            }
        }
    }

    /// RAC: `-doCompleted:`. Runs `action()` when the signal completes, then forwards the
    /// completion.
    ///
    /// ```
    /// self:                -a-|
    /// doCompleted(done):   -a-|        (done() runs just before | is sent)
    /// ```
    public func doCompleted(_ action: @escaping () -> Void) -> Signal<Value, Failure> {
        Signal(name: SignalDebugNames.name("[\(self.name)] -doCompleted:")) { subscriber in
            self.relay(into: subscriber) { event in
                if case .completed = event {
                    action()
                }
                subscriber.send(event)
            }
        }
    }

    /// RAC: `-initially:`. Runs `action()` at each subscription, just before subscribing to the
    /// receiver (RAC: `+defer:` that calls the block, then returns the receiver).
    ///
    /// ```
    /// self:               -a-|
    /// initially(setUp):   -a-|        (setUp() runs at subscription, before self is subscribed)
    /// ```
    public func initially(_ action: @escaping () -> Void) -> Signal<Value, Failure> {
        Signal(name: SignalDebugNames.name("[\(self.name)] -initially:")) { subscriber in
            action()
            self.subscribe(subscriber)
            return nil
        }
    }

    /// RAC: `-finally:`. Runs `action()` when the signal completes or fails, just before the
    /// terminal event is forwarded (RAC: `-doError:` then `-doCompleted:`). It does not run when
    /// the subscription is disposed before terminating.
    ///
    /// ```
    /// self:                -a-|     -a-#     -a-  (disposed)
    /// finally(tearDown):   -a-|     -a-#     -a-  (tearDown() runs before | and #, not on dispose)
    /// ```
    public func finally(_ action: @escaping () -> Void) -> Signal<Value, Failure> {
        Signal(name: SignalDebugNames.name("[\(self.name)] -finally:")) { subscriber in
            self.relay(into: subscriber) { event in
                if event.isTerminal {
                    action()
                }
                subscriber.send(event)
            }
        }
    }

    /// RAC: `-logAll`. Writes every event to `output` (by default `print`) as RAC's `NSLog` does:
    /// `<Signal<Int, Never>: name> next: 1`, `… error: e`, `… completed`, naming the receiver;
    /// then forwards it. The result keeps the receiver's name.
    ///
    /// ```
    /// self:       -1-|
    /// logAll():   -1-|      prints "<Signal<Int, Never>: s> next: 1", then "… completed"
    /// ```
    public func logAll(to output: @escaping (String) -> Void = { print($0) }) -> Signal<Value, Failure> {
        logging(next: true, error: true, completed: true, to: output)
    }

    /// RAC: `-logNext`. Writes each value to `output` (by default `print`) as
    /// `<Signal<Int, Never>: name> next: value`, then forwards it; errors and completion pass
    /// silently. The result keeps the receiver's name.
    ///
    /// ```
    /// self:        -1-2-|
    /// logNext():   -1-2-|     prints "… next: 1", "… next: 2"
    /// ```
    public func logNext(to output: @escaping (String) -> Void = { print($0) }) -> Signal<Value, Failure> {
        logging(next: true, error: false, completed: false, to: output)
    }

    /// RAC: `-logError`. Writes the error to `output` (by default `print`) as
    /// `<Signal<Int, Never>: name> error: error`, then forwards it. The result keeps the
    /// receiver's name.
    ///
    /// ```
    /// self:         -1-#
    /// logError():   -1-#      prints "… error: e"
    /// ```
    public func logError(to output: @escaping (String) -> Void = { print($0) }) -> Signal<Value, Failure> {
        logging(next: false, error: true, completed: false, to: output)
    }

    /// RAC: `-logCompleted`. Writes `<Signal<Int, Never>: name> completed` to `output` (by default
    /// `print`) when the signal completes, then forwards the completion. The result keeps the
    /// receiver's name.
    ///
    /// ```
    /// self:             -1-|
    /// logCompleted():   -1-|      prints "… completed"
    /// ```
    public func logCompleted(to output: @escaping (String) -> Void = { print($0) }) -> Signal<Value, Failure>
    {
        logging(next: false, error: false, completed: true, to: output)
    }

    private func logging(
        next logsNext: Bool, error logsError: Bool, completed logsCompleted: Bool,
        to output: @escaping (String) -> Void
    ) -> Signal<Value, Failure> {
        Signal(name: self.name) { subscriber in
            self.relay(into: subscriber) { event in
                switch event {
                case .next(let value):
                    if logsNext { output("\(self) next: \(value)") }
                case .error(let failure):
                    if logsError { output("\(self) error: \(failure)") }
                case .completed:
                    if logsCompleted { output("\(self) completed") }
                }
                subscriber.send(event)
            }
        }
    }
}
