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
    ///
    /// - Parameters:
    ///   - key: the signal whose values select the case.
    ///   - cases: the signal to forward for each key.
    ///   - defaultSignal: the signal to forward for a key not in `cases`.
    /// - Returns: a signal of the values of the signal the latest key selected; it completes when
    ///   `key` and the selected signal have completed, and fails with the first error of either.
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
    /// key:                  -A---C-|        cases: A: a-a…   default(C): #
    /// switch, default(C):   -a-a-#
    /// ```
    ///
    /// - Parameters:
    ///   - key: the signal whose values select the case.
    ///   - cases: the signal to forward for each key.
    ///   - makeDefault: builds the signal to forward for a key not in `cases`.
    /// - Returns: a signal of the values of the signal the latest key selected; it completes when
    ///   `key` and the selected signal have completed, and fails with the first error of either.
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
    ///
    /// - Parameters:
    ///   - condition: the signal whose values choose between the two.
    ///   - trueSignal: the signal to forward after `true`.
    ///   - falseSignal: the signal to forward after `false`.
    /// - Returns: a signal of the values of the signal the latest condition chose; it completes when
    ///   `condition` and the chosen signal have completed, and fails with the first error of either.
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
