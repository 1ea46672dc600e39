import RACOperators
import RACTestSupport
import RACTesting
import Testing

// The doc marbles of Creation/Generate.swift, played and drawn as CreationDocTests does for RACCore's
// creation functions.
extension OperatorsDocTests {
    @Test("Signal.range, Signal.generate, Signal.repeatElement")
    func generatedCreation() throws {
        let file = "RACOperators/Creation/Generate.swift"
        try checkCreationDoc(file, "public static func range(", picture: "range(start: 1, count: 3)") {
            _, _ in
            [
                CreationSubscriber(
                    line: "range(start: 1, count: 3)",
                    signal: Signal<Int, TestError>.range(start: 1, count: 3).map(String.init))
            ]
        }
        let generateLine = "generate(initial: 1, condition: { $0 < 10 }, iterate: { $0 * 3 })"
        try checkCreationDoc(file, "public static func generate(", picture: generateLine) { _, _ in
            [
                CreationSubscriber(
                    line: generateLine,
                    signal: Signal<Int, TestError>.generate(
                        initial: 1, condition: { $0 < 10 }, iterate: { $0 * 3 }
                    )
                    .map(String.init))
            ]
        }
        try checkCreationDoc(file, "public static func repeatElement(", picture: "repeatElement(a, count: 3)")
        {
            _, _ in
            [CreationSubscriber(line: "repeatElement(a, count: 3)", signal: .repeatElement("a", count: 3))]
        }
    }
}
