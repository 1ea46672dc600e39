// RxSwift's names for operators this package has under RAC's: each is unavailable, and the compiler
// names ours (`renamed:` gives a fix-it where the call maps one to one). A name whose RxSwift
// meaning differs from ours says so in its message. Nothing here can be called; the declarations
// are not operators and are not in Docs/Operators.md (scripts/operators-table.py skips them).
// Docs/Migrating.md, "Coming from RxSwift, Combine or ReactiveSwift", lists them; scripts/
// peer-names-check.sh compiles a use of each and checks the diagnostic.

extension Signal {
    /// RAC: none (RxSwift `subscribe(onNext:onError:onCompleted:)`); unavailable, renamed to
    /// `subscribe(next:error:completed:)`, RAC's `-subscribeNext:error:completed:`.
    ///
    /// ```
    /// subscribe(onNext: f)   →   subscribe(next: f)
    /// ```
    @available(*, unavailable, renamed: "subscribe(next:error:completed:)")
    @discardableResult
    public func subscribe(
        onNext: ((Value) -> Void)? = nil, onError: ((Failure) -> Void)? = nil,
        onCompleted: (() -> Void)? = nil
    ) -> any Disposable {
        fatalError("unavailable")
    }

    /// RAC: none (RxSwift `subscribe(onNext:onError:onCompleted:onDisposed:)`); unavailable:
    /// `doDisposed(_:)` runs an action when the subscription ends, then
    /// `subscribe(next:error:completed:)`.
    ///
    /// ```
    /// subscribe(onNext: f, onDisposed: g)   →   doDisposed(g).subscribe(next: f)
    /// ```
    @available(
        *, unavailable,
        message: "use doDisposed(_:) for onDisposed, then subscribe(next:error:completed:)"
    )
    @discardableResult
    public func subscribe(
        onNext: ((Value) -> Void)? = nil, onError: ((Failure) -> Void)? = nil,
        onCompleted: (() -> Void)? = nil,
        onDisposed: @escaping () -> Void
    ) -> any Disposable {
        fatalError("unavailable")
    }

    /// RAC: none (RxSwift `subscribe(_:)` with an event closure); unavailable, renamed to
    /// `observe(_:)` (the events are `.next`, `.error` and `.completed`, as RxSwift's).
    ///
    /// ```
    /// subscribe { event in … }   →   observe { event in … }
    /// ```
    @available(*, unavailable, renamed: "observe(_:)")
    @discardableResult
    public func subscribe(_ handler: @escaping (Event<Value, Failure>) -> Void) -> any Disposable {
        fatalError("unavailable")
    }

    /// RAC: none (RxCocoa `bind(to:)`); unavailable: bind with `target <~ signal`
    /// (`object.rac[\.property] <~ signal`, a `MutableProperty` or a subject), or
    /// `setKeyPath(_:on:)`, or subscribe a subject (`signal.subscribe(subject)`).
    ///
    /// ```
    /// bind(to: label.rx.text)   →   label.rac[\.text] <~ signal
    /// ```
    @available(
        *, unavailable,
        message: """
            bind with 'target <~ signal' (object.rac[\\.property], a MutableProperty), setKeyPath(_:on:), \
            or subscribe(_:) a subject
            """
    )
    @discardableResult
    public func bind<Target>(to target: Target) -> any Disposable {
        fatalError("unavailable")
    }

    /// RAC: `-throttle:` under RxSwift's name (`debounce(_:scheduler:)`); unavailable, renamed to
    /// `throttle(_:on:)`: RAC's throttle is a debounce (it sends a value once `interval` has passed
    /// without a newer one, and the held value on completion, as RxSwift's `debounce`).
    ///
    /// ```
    /// self:                        -a-b-----c-|
    /// debounce(3) = throttle(3):   ------b----(c|)
    /// ```
    @available(*, unavailable, renamed: "throttle(_:on:)", message: "RAC's throttle is RxSwift's debounce")
    public func debounce<S>(_ dueTime: Duration, scheduler: S) -> Signal<Value, Failure> {
        fatalError("unavailable")
    }

    /// RAC: none (RxSwift `throttle(_:latest:scheduler:)`); unavailable: RxSwift's throttle is
    /// not RAC's. It is `rateLimit(_:latest:on:)` (with `latest: false`, `rateLimit(_:on:)`: the
    /// first value of a burst, at once); RAC's `throttle(_:on:)` is RxSwift's `debounce` (the last
    /// value, once quiet).
    ///
    /// ```
    /// self:           -a-b-c------d-e--|
    /// rateLimit(5):   -a----------d----|
    /// throttle(5):    ----------c------(e|)
    /// ```
    @available(
        *, unavailable,
        message: """
            RxSwift's throttle is RAC's rateLimit(_:latest:on:) (with latest: false, rateLimit(_:on:)); \
            RAC's throttle(_:on:) is RxSwift's debounce
            """
    )
    public func throttle<S>(_ dueTime: Duration, latest: Bool = true, scheduler: S) -> Signal<Value, Failure>
    {
        fatalError("unavailable")
    }

    /// RAC: `-distinctUntilChanged` with a comparer (RxSwift `distinctUntilChanged(_:)`);
    /// unavailable, renamed to `distinctUntilChanged(by:)`.
    ///
    /// ```
    /// self:                            -a-a-b-|
    /// distinctUntilChanged(by: ==):    -a---b-|
    /// ```
    @available(*, unavailable, renamed: "distinctUntilChanged(by:)")
    public func distinctUntilChanged(_ comparer: @escaping (Value, Value) -> Bool) -> Signal<Value, Failure> {
        fatalError("unavailable")
    }

    /// RAC: none (RxSwift `distinctUntilChanged(_:)` with a key selector); unavailable: compare
    /// the keys in `distinctUntilChanged(by:)`.
    ///
    /// ```
    /// distinctUntilChanged { $0.id }   →   distinctUntilChanged(by: { $0.id == $1.id })
    /// ```
    @available(*, unavailable, message: "compare the keys: distinctUntilChanged(by: { $0.key == $1.key })")
    public func distinctUntilChanged<Key: Equatable>(
        _ keySelector: @escaping (Value) -> Key
    ) -> Signal<Value, Failure> {
        fatalError("unavailable")
    }

    /// RAC: none (RxSwift `distinctUntilChanged(at:)`); unavailable: compare the key paths in
    /// `distinctUntilChanged(by:)`.
    ///
    /// ```
    /// distinctUntilChanged(at: \.id)   →   distinctUntilChanged(by: { $0.id == $1.id })
    /// ```
    @available(*, unavailable, message: "compare the keys: distinctUntilChanged(by: { $0.key == $1.key })")
    public func distinctUntilChanged<Key: Equatable>(at keyPath: KeyPath<Value, Key>) -> Signal<
        Value, Failure
    > {
        fatalError("unavailable")
    }

    /// RAC: `-flattenMap:` under RxSwift's and Combine's name (`flatMap(_:)`, which merges the
    /// inner signals as RAC's does); unavailable, renamed to `flattenMap(_:)`.
    ///
    /// ```
    /// self:            -a---b-|        a → -1-2|, b → -3|
    /// flattenMap(f):   --1-2--3|
    /// ```
    @available(*, unavailable, renamed: "flattenMap(_:)")
    public func flatMap<NewValue>(
        _ transform: @escaping (Value) -> Signal<NewValue, Failure>
    ) -> Signal<NewValue, Failure> {
        fatalError("unavailable")
    }

    /// RAC: `-switchToLatest` under RxSwift's name (`switchLatest()`); unavailable, renamed to
    /// `switchToLatest()`.
    ///
    /// ```
    /// switchLatest()   →   switchToLatest()
    /// ```
    @available(*, unavailable, renamed: "switchToLatest()")
    public func switchLatest() -> Signal<Value, Failure> {
        fatalError("unavailable")
    }

    /// RAC: `-flatten` under RxSwift's name (`merge()` of a signal of signals); unavailable,
    /// renamed to `flatten()`.
    ///
    /// ```
    /// merge()   →   flatten()
    /// ```
    @available(*, unavailable, renamed: "flatten()")
    public func merge() -> Signal<Value, Failure> {
        fatalError("unavailable")
    }

    /// RAC: `-catch:` (RxSwift 5 `catchError(_:)`); unavailable, renamed to `catch(_:)`.
    ///
    /// ```
    /// catchError(f)   →   catch(f)
    /// ```
    @available(*, unavailable, renamed: "catch(_:)")
    public func catchError<NewFailure: Error>(
        _ handler: @escaping (Failure) -> Signal<Value, NewFailure>
    ) -> Signal<Value, NewFailure> {
        fatalError("unavailable")
    }

    /// RAC: `-catchTo:` with one value (RxSwift `catchAndReturn(_:)`); unavailable: on an error,
    /// continue with a signal of that value.
    ///
    /// ```
    /// self:                             -a-#
    /// catch(to: Signal(value: x)):      -a-(x|)
    /// ```
    @available(*, unavailable, message: "use catch(to: Signal(value: element))")
    public func catchAndReturn(_ element: Value) -> Signal<Value, Never> {
        fatalError("unavailable")
    }

    /// RAC: `-catchTo:` with one value (RxSwift 5 `catchErrorJustReturn(_:)`); unavailable: on
    /// an error, continue with a signal of that value.
    ///
    /// ```
    /// self:                             -a-#
    /// catch(to: Signal(value: x)):      -a-(x|)
    /// ```
    @available(*, unavailable, message: "use catch(to: Signal(value: element))")
    public func catchErrorJustReturn(_ element: Value) -> Signal<Value, Never> {
        fatalError("unavailable")
    }

    /// RAC: `-deliverOn:` under RxSwift's and ReactiveSwift's name (`observe(on:)`); unavailable,
    /// renamed to `deliver(on:)`.
    ///
    /// ```
    /// observe(on: s)   →   deliver(on: s)
    /// ```
    @available(*, unavailable, renamed: "deliver(on:)")
    public func observe<S>(on scheduler: S) -> Signal<Value, Failure> {
        fatalError("unavailable")
    }

    /// RAC: `-deliverOn:` (RxSwift 5 `observeOn(_:)`); unavailable, renamed to `deliver(on:)`.
    ///
    /// ```
    /// observeOn(s)   →   deliver(on: s)
    /// ```
    @available(*, unavailable, renamed: "deliver(on:)")
    public func observeOn<S>(_ scheduler: S) -> Signal<Value, Failure> {
        fatalError("unavailable")
    }

    /// RAC: `-subscribeOn:` (RxSwift 5 `subscribeOn(_:)`); unavailable, renamed to
    /// `subscribe(on:)`.
    ///
    /// ```
    /// subscribeOn(s)   →   subscribe(on: s)
    /// ```
    @available(*, unavailable, renamed: "subscribe(on:)")
    public func subscribeOn<S>(_ scheduler: S) -> Signal<Value, Failure> {
        fatalError("unavailable")
    }

    /// RAC: `-doNext:`, `-doError:`, `-doCompleted:`, `-initially:` (RxSwift
    /// `do(onNext:afterNext:onError:afterError:onCompleted:afterCompleted:onSubscribe:onSubscribed:onDispose:)`);
    /// unavailable: one operator per hook, `doNext(_:)`, `doAfterNext(_:)`, `doError(_:)`,
    /// `doAfterError(_:)`, `doCompleted(_:)`, `doAfterCompleted(_:)`, `initially(_:)`,
    /// `doSubscribed(_:)`, `doDisposed(_:)` (`doSubscribed(_:)` gives the chain in RxSwift's order).
    ///
    /// ```
    /// do(onNext: f, onError: g)   →   doNext(f).doError(g)
    /// ```
    @available(
        *, unavailable,
        message: """
            use doNext(_:), doAfterNext(_:), doError(_:), doAfterError(_:), doCompleted(_:), \
            doAfterCompleted(_:), initially(_:) (onSubscribe), doSubscribed(_:) (onSubscribed) and \
            doDisposed(_:) (onDispose)
            """
    )
    public func `do`(
        onNext: ((Value) -> Void)? = nil, afterNext: ((Value) -> Void)? = nil,
        onError: ((Failure) -> Void)? = nil,
        afterError: ((Failure) -> Void)? = nil, onCompleted: (() -> Void)? = nil,
        afterCompleted: (() -> Void)? = nil, onSubscribe: (() -> Void)? = nil,
        onSubscribed: (() -> Void)? = nil,
        onDispose: (() -> Void)? = nil
    ) -> Signal<Value, Failure> {
        fatalError("unavailable")
    }

    /// RAC: none (RxSwift `asObservable()`); unavailable: a `Signal` needs no conversion.
    ///
    /// ```
    /// signal.asObservable()   →   signal
    /// ```
    @available(*, unavailable, message: "a Signal is already the type to hand out: remove asObservable()")
    public func asObservable() -> Signal<Value, Failure> {
        fatalError("unavailable")
    }
}
