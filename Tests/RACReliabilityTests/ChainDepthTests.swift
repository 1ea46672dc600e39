import RACOperators
import RACTestSupport
import Testing

/// Long chains of single-source operators (`map`, `filter`, `scan` …), each operator's signal
/// holding the one before it: building and releasing one, and subscribing, delivering through,
/// completing and disposing one, must not grow the stack with the chain's length.
@Suite("Chain depth: long chains of single-source operators")
struct ChainDepthTests {
    /// Length of the chains that are only built and released.
    private let depth = ReliabilityEnvironment.depth
    /// Length of the chains that are subscribed: every value goes through each of their stages.
    private let deliveryDepth = 100_000

    @Test("a chain of map built and released without subscribing")
    func releaseMapChain() {
        weak var first: Signal<Int, Never>?
        do {
            let source = Signal<Int, Never>(value: 0)
            var chain = source.map { $0 + 1 }
            first = chain
            for _ in 1..<depth { chain = chain.map { $0 + 1 } }
            #expect(first != nil)
        }
        #expect(first == nil)
    }

    @Test("a chain of alternating map, filter and scan built and released without subscribing")
    func releaseAlternatingChain() {
        // The source, not the first `map`: a `filter` applied to a `map` subscribes to the map's
        // upstream itself (one fused stage), so the chain does not hold that map.
        weak var first: Signal<Int, Never>?
        do {
            let source = Signal<Int, Never>(value: 0)
            first = source
            var chain = source.map { $0 + 1 }
            for index in 1..<depth { chain = ChainStep(index).apply(to: chain) }
            #expect(first != nil)
        }
        #expect(first == nil)
    }

    /// Signals made with a creation closure (as `named(_:)` makes them) hold their upstream in it.
    @Test("a chain of signals made with creation closures built and released without subscribing")
    func releaseClosureChain() {
        weak var first: Signal<Int, Never>?
        do {
            var chain = Signal<Int, Never>(value: 0).named("first")
            first = chain
            for _ in 1..<depth { chain = chain.named("next") }
            #expect(first != nil)
        }
        #expect(first == nil)
    }

    @Test("values and completion delivered through a chain of map 100 000 deep")
    func deliverThroughMapChain() {
        var chain = Signal<Int, Never>(values: Array(0..<10))
        for _ in 0..<deliveryDepth { chain = chain.map { $0 &+ 1 } }
        var values: [Int] = []
        var completed = false
        chain.subscribe(next: { values.append($0) }, completed: { completed = true })
        #expect(values == Array(deliveryDepth..<deliveryDepth + 10))
        #expect(completed)
    }

    @Test("values and completion delivered through alternating map, filter and scan 100 000 deep")
    func deliverThroughAlternatingChain() {
        let steps = (0..<deliveryDepth).map(ChainStep.init)
        let input = Array(1...10)
        var chain = Signal<Int, Never>(values: input)
        for step in steps { chain = step.apply(to: chain) }
        var values: [Int] = []
        var completed = false
        chain.subscribe(next: { values.append($0) }, completed: { completed = true })
        let expected = steps.reduce(input) { values, step in step.apply(to: values) }
        #expect(!expected.isEmpty)
        #expect(values == expected)
        #expect(completed)
    }

    @Test("disposing a subscription to a chain 100 000 deep over a live source")
    func disposeDeepChain() {
        let disposals = Locked(0)
        let live = Signal<Int, Never> { subscriber in
            subscriber.sendNext(1)
            return ActionDisposable { disposals.withValue { $0 += 1 } }
        }
        for alternating in [false, true] {
            let steps = (0..<deliveryDepth).map { alternating ? ChainStep($0) : .map { $0 &+ 1 } }
            var chain = live
            for step in steps { chain = step.apply(to: chain) }
            var values: [Int] = []
            var completed = false
            let subscription = chain.subscribe(next: { values.append($0) }, completed: { completed = true })
            #expect(values == steps.reduce([1]) { values, step in step.apply(to: values) })
            #expect(!values.isEmpty)
            subscription.dispose()
            #expect(!completed)
        }
        #expect(disposals.current == 2)
    }

    @Test("a chain 100 000 deep is released once its subscription completes")
    func releaseAfterSubscription() {
        weak var first: Signal<Int, Never>?
        var received: [Int] = []
        do {
            var chain = Signal<Int, Never>(values: [1, 2]).map { $0 &+ 1 }
            first = chain
            for index in 1..<deliveryDepth { chain = ChainStep(index).apply(to: chain) }
            chain.subscribe(next: { received.append($0) })
        }
        #expect(first == nil)
        #expect(!received.isEmpty)
    }
}

/// One step of an alternating chain: a `map`, a `filter` or a `scan`, chosen by its index. Its
/// closures are also applied to an array, to compute what the chain must deliver.
private enum ChainStep {
    case map((Int) -> Int)
    case filter((Int) -> Bool)
    case scan((Int, Int) -> Int)

    init(_ index: Int) {
        switch index % 3 {
        case 0: self = .map { $0 &+ index }
        // A filter that drops something only every 20 000th stage, so that values survive.
        case 1: self = .filter { index % 20_000 != 1 || $0 % 10 != 0 }
        default: self = .scan { ($0 &+ $1) % 1_000_003 }
        }
    }

    func apply(to signal: Signal<Int, Never>) -> Signal<Int, Never> {
        switch self {
        case .map(let transform): signal.map(transform)
        case .filter(let isIncluded): signal.filter(isIncluded)
        case .scan(let reduce): signal.scan(0, reduce)
        }
    }

    func apply(to values: [Int]) -> [Int] {
        switch self {
        case .map(let transform): return values.map(transform)
        case .filter(let isIncluded): return values.filter(isIncluded)
        case .scan(let reduce):
            var running = 0
            return values.map { value in
                running = reduce(running, value)
                return running
            }
        }
    }
}
