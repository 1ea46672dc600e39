import RACTestSupport
import RACTesting
import Testing

@Suite("Malformed marbles throw a MarbleError naming the marble, the column and the problem", .checksRelease)
struct MarbleErrorTests {
    let scheduler = TestScheduler()
    let values = ["a": 1, "b": 2]

    static let coldCases: [(String, Int, MarbleError.Problem)] = [
        ("-a*", 3, .unexpectedCharacter("*")),
        ("-a-(b|", 4, .unclosedGroup),
        ("-a)", 3, .unopenedGroup),
        ("-(a(b))", 4, .nestedGroup),
        ("-()", 3, .emptyGroup),
        ("(a-b)", 3, .frameInsideGroup),
        ("-a-|-b", 6, .eventAfterTermination("b")),
        ("-#a", 3, .eventAfterTermination("a")),
        ("-||", 3, .eventAfterTermination("|")),
        ("-|#", 3, .eventAfterTermination("#")),
        ("(|a)", 3, .eventAfterTermination("a")),
        ("-|-{ab}", 4, .eventAfterTermination("{ab}")),
        ("-a-x", 4, .unknownValueName("x")),
        ("-{foo}", 2, .unknownValueName("foo")),
        ("-{ab", 2, .unterminatedValueName),
        ("{a{b}", 3, .unexpectedCharacter("{")),
        ("-{}", 2, .emptyValueName),
        ("-a}", 3, .unopenedValueName),
        ("-^-a", 2, .subscriptionPointNotAllowed),
        ("-a-!", 4, .disposalPointNotAllowed),
        ("- a -  (b", 8, .unclosedGroup),
    ]

    @Test("cold marbles", arguments: coldCases)
    func cold(marble: String, column: Int, problem: MarbleError.Problem) {
        #expect(throws: MarbleError(marble: marble, column: column, problem: problem)) {
            try scheduler.createColdSignal(marble, values: values, error: TestError(1))
        }
    }

    static let hotCases: [(String, Int, MarbleError.Problem)] = [
        ("^-a-^", 5, .duplicateSubscriptionPoint),
        ("-a-^-!", 6, .disposalPointNotAllowed),
        ("a|^-b", 5, .eventAfterTermination("b")),
        ("((^a))", 2, .nestedGroup),
    ]

    @Test("hot marbles", arguments: hotCases)
    func hot(marble: String, column: Int, problem: MarbleError.Problem) {
        #expect(throws: MarbleError(marble: marble, column: column, problem: problem)) {
            try scheduler.createHotSignal(marble, values: values, error: TestError(1))
        }
    }

    static let subscriptionCases: [(String, Int, MarbleError.Problem)] = [
        ("----", 1, .missingSubscriptionPoint),
        ("", 1, .missingSubscriptionPoint),
        ("-!-^", 2, .disposalBeforeSubscription),
        ("^-!-!", 5, .duplicateDisposalPoint),
        ("^-^-!", 3, .duplicateSubscriptionPoint),
        ("^-a-!", 3, .unexpectedCharacter("a")),
        ("^-|", 3, .unexpectedCharacter("|")),
        ("(^!", 1, .unclosedGroup),
    ]

    @Test("subscription marbles", arguments: subscriptionCases)
    func subscription(marble: String, column: Int, problem: MarbleError.Problem) throws {
        let source = try scheduler.createColdSignal("-a-|")
        let capture = FailureCapture(scheduler)
        #expect(throws: MarbleError(marble: marble, column: column, problem: problem)) {
            try scheduler.expect(source, toHaveSubscriptions: ["^", marble])
        }
        #expect(capture.all.isEmpty)
    }

    @Test("expected-event marbles throw before subscribing or reporting anything")
    func expected() throws {
        let source = try scheduler.createColdSignal("-a-|", values: values)
        let capture = FailureCapture(scheduler)
        #expect(throws: MarbleError(marble: "^-a-|", column: 1, problem: .subscriptionPointNotAllowed)) {
            try scheduler.expect(source, toEmit: "^-a-|", values: values)
        }
        #expect(throws: MarbleError(marble: "-a-b-!", column: 6, problem: .disposalPointNotAllowed)) {
            try scheduler.expect(source, toEmit: "-a-b-!", values: values)
        }
        #expect(throws: MarbleError(marble: "-z-|", column: 2, problem: .unknownValueName("z"))) {
            try scheduler.expect(source, toEmit: "-z-|", values: values)
        }
        #expect(source.subscriptions.isEmpty)
        #expect(capture.all.isEmpty)
    }

    @Test("'#' needs an error: argument, and a signal that cannot fail has none")
    func missingError() {
        #expect(throws: MarbleError(marble: "-a-#", column: 4, problem: .missingError)) {
            try scheduler.createColdSignal("-a-#", values: values)
        }
        #expect(throws: MarbleError(marble: "--#", column: 3, problem: .missingError)) {
            try scheduler.createHotSignal("--#")
        }
        #expect(throws: MarbleError(marble: "#", column: 1, problem: .missingError)) {
            let _: TestSignal<String, TestError> = try scheduler.createColdSignal("#")
        }
    }

    @Test("the description names the marble and column, and points at the column")
    func description() {
        var thrown: MarbleError?
        do {
            _ = try scheduler.createColdSignal("-a-(b|", values: values)
        } catch {
            thrown = error
        }
        #expect(
            thrown?.description == """
                malformed marble "-a-(b|", column 4: '(' is never closed by ')'
                  -a-(b|
                     ^
                """)
    }

    @Test("every problem explains itself in one line")
    func problemDescriptions() {
        let problems: [MarbleError.Problem] = [
            .unexpectedCharacter("*"), .unclosedGroup, .unopenedGroup, .nestedGroup, .emptyGroup,
            .frameInsideGroup, .eventAfterTermination("b"), .unknownValueName("x"), .unterminatedValueName,
            .emptyValueName, .unopenedValueName, .duplicateSubscriptionPoint, .subscriptionPointNotAllowed,
            .missingSubscriptionPoint, .disposalPointNotAllowed, .disposalBeforeSubscription,
            .duplicateDisposalPoint, .valuesNeeded("a"), .missingError,
        ]
        let descriptions = problems.map(\.description)
        #expect(Set(descriptions).count == problems.count)
        #expect(descriptions.allSatisfy { !$0.isEmpty && !$0.contains("\n") })
        #expect(MarbleError.Problem.eventAfterTermination("b").description.contains("'b'"))
        #expect(MarbleError.Problem.unknownValueName("x").description == "no value named 'x' in values:")
    }
}
