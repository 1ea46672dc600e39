// Signal.switch and Signal.if: forward the signal a key selects, switching as switchToLatest does.

extension Signal {
    /// RAC: `+switch:cases:default:`. Each value of `key` selects the signal to forward from
    /// `cases` (or `defaultSignal` for a key not in `cases`), switching as `switchToLatest()` does.
    ///
    /// RAC errors with `RACSignalErrorNoMatchingCase` for an unknown key without a default; with
    /// typed errors, use the overload whose `default` builds the signal (an error signal, say) from
    /// the key.
    ///
    /// ```
    /// key:      -A-----B---|       cases: A: a-a-a…   B: b-b|
    /// switch:   -a-a-a-b-b-|
    /// ```
    @inlinable
    public static func `switch`<Key: Hashable>(
        _ key: Signal<Key, Failure>,
        cases: [Key: Signal<Value, Failure>],
        default defaultSignal: Signal<Value, Failure>
    ) -> Signal<Value, Failure> {
        key.switchMap(name: "+switch: \(key) cases: \(cases) default: \(defaultSignal)") { value in
            cases[value] ?? defaultSignal
        }
    }

    /// RAC: `+switch:cases:default:`, with a default built from the unmatched key: return
    /// `Signal(error: …)` to fail as RAC does without a default (`RACSignalErrorNoMatchingCase`).
    ///
    /// ```
    /// key:      -A---C-|        cases: A: a-a…   default(C): #
    /// switch:   -a-a-#
    /// ```
    @inlinable
    public static func `switch`<Key: Hashable>(
        _ key: Signal<Key, Failure>,
        cases: [Key: Signal<Value, Failure>],
        default makeDefault: @escaping (Key) -> Signal<Value, Failure>
    ) -> Signal<Value, Failure> {
        key.switchMap(name: "+switch: \(key) cases: \(cases) default:") { value in
            cases[value] ?? makeDefault(value)
        }
    }

    /// RAC: `+if:then:else:`. Forwards `trueSignal` while `condition` last sent `true` and
    /// `falseSignal` while it last sent `false`, switching as `switchToLatest()` does.
    ///
    /// ```
    /// condition:  -T-----F----|     then: t-t-t…   else: f-f-f…
    /// if:         -t-t-t-f-f-f…
    /// ```
    @inlinable
    public static func `if`(
        _ condition: Signal<Bool, Failure>,
        then trueSignal: Signal<Value, Failure>,
        else falseSignal: Signal<Value, Failure>
    ) -> Signal<Value, Failure> {
        condition.switchMap(name: "+if: \(condition) then: \(trueSignal) else: \(falseSignal)") { value in
            value ? trueSignal : falseSignal
        }
    }
}
