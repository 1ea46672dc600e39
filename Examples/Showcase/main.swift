import RACOperators

// rac-showcase: short demos of the framework, each printing the events it observes.
// `swift run rac-showcase` runs the tour; `swift run rac-showcase tour` does the same.

/// Prints a heading for one demo.
func section(_ title: String) {
    print("\n== \(title) ==")
}

/// Subscribes to `signal` and prints every event with a label.
func show<Value, Failure: Error>(_ label: String, _ signal: Signal<Value, Failure>) -> any Disposable {
    signal.observe { event in print("  \(label): \(event)") }
}

func coldVersusHot() {
    section("cold signal: the work runs once per subscription")
    var runs = 0
    let cold = Signal<Int, Never> { subscriber in
        runs += 1
        subscriber.sendNext(runs * 10)
        subscriber.sendCompleted()
        return nil
    }
    _ = show("first ", cold)
    _ = show("second", cold)

    section("hot subject: subscribers see only what is sent after they arrive")
    let subject = Subject<String, Never>()
    subject.sendNext("lost: nobody listening")
    let early = show("early", subject)
    subject.sendNext("a")
    let late = show("late ", subject)
    subject.sendNext("b")
    subject.sendCompleted()
    early.dispose()
    late.dispose()
}

func replay() {
    section("replay subject (capacity 2): late subscribers get the last two values and the end")
    let subject = ReplaySubject<Int, Never>(capacity: 2)
    for value in 1...4 { subject.sendNext(value) }
    subject.sendCompleted()
    _ = show("late", subject)

    section("behavior subject: current value first")
    let temperature = BehaviorSubject<Double, Never>(value: 20.5)
    let subscription = show("thermometer", temperature)
    temperature.sendNext(21.0)
    subscription.dispose()
}

func disposal() {
    section("disposal: cleanup runs once, nothing arrives afterwards")
    let subject = Subject<Int, Never>()
    let signal = Signal<Int, Never> { subscriber in
        let inner = subject.subscribe(subscriber)
        return CompoundDisposable([inner, ActionDisposable { print("  cleanup ran") }])
    }
    let subscription = show("numbers", signal)
    subject.sendNext(1)
    subscription.dispose()
    subscription.dispose()
    subject.sendNext(2)
    print("  subject subscribers left: \(subject.subscriberCount)")
}

coldVersusHot()
replay()
disposal()
