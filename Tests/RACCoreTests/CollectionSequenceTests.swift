import RACCore
import RACTestSupport
import Testing

/// A type that opts in to the `.rac` namespace, with a member added the way other modules do.
private struct Thermometer: RACCompatible {
    var readings: [Int]
}

extension RACExtension where Base == Thermometer {
    fileprivate var readingsSignal: Signal<Int, Never> {
        Signal(values: base.readings)
    }
}

@Suite(.checksRelease) struct CollectionSequenceTests {
    @Test func arraySequence() {
        let sequence = [1, 2, 3].rac.sequence
        #expect(sequence.array == [1, 2, 3])
        #expect(sequence.isEager == false)
        #expect([Int]().rac.sequence.isEmpty)
        #expect(ContiguousArray([4, 5]).rac.sequence.array == [4, 5])
        #expect([1, 2, 3, 4][1...2].rac.sequence.array == [2, 3])
    }

    @Test func mutationAfterwardsDoesNotLeakIn() {
        var array = [1, 2]
        let sequence = array.rac.sequence
        array.append(3)
        array[0] = 0
        #expect(sequence.array == [1, 2])

        var dictionary = ["a": 1]
        let pairs = dictionary.rac.sequence
        dictionary["b"] = 2
        #expect(pairs.array.map(\.key) == ["a"])

        var set: Set = [1]
        let members = set.rac.sequence
        set.insert(2)
        #expect(members.array == [1])

        var string = "ab"
        let characters = string.rac.sequence
        string += "c"
        #expect(characters.array == ["a", "b"])
    }

    @Test func dictionaryYieldsKeyValuePairs() {
        let dictionary = ["a": 1, "b": 2, "c": 3]
        let pairs = dictionary.rac.sequence.array
        #expect(pairs.count == 3)
        #expect(Dictionary(uniqueKeysWithValues: pairs.map { ($0.key, $0.value) }) == dictionary)
        #expect(pairs.map(\.key) == Array(dictionary.keys))
        #expect(dictionary.rac.keySequence().array == Array(dictionary.keys))
        #expect(dictionary.rac.valueSequence().array == Array(dictionary.values))
        #expect([String: Int]().rac.sequence.isEmpty)
    }

    @Test func setYieldsMembers() {
        let set: Set = [3, 1, 2]
        let members = set.rac.sequence.array
        #expect(members == Array(set))
        #expect(Set(members) == set)
    }

    @Test func stringYieldsCharacters() {
        let word = "he\u{301}llo🇫🇷"
        let characters = word.rac.sequence.array
        #expect(characters == ["h", "e\u{301}", "l", "l", "o", "🇫🇷"])
        #expect(characters.count == 6)
        #expect(word.utf16.rac.sequence.array == Array(word.utf16))
        #expect(word.utf8.rac.sequence.array.count == word.utf8.count)
        #expect(word.unicodeScalars.rac.sequence.array.count == 8)
        #expect(word.dropFirst(4).rac.sequence.array == ["o", "🇫🇷"])
        #expect("".rac.sequence.isEmpty)
    }

    @Test func rangesYieldTheirIntegers() {
        #expect((1..<4).rac.sequence.array == [1, 2, 3])
        #expect((1...3).rac.sequence.array == [1, 2, 3])
        #expect((0..<0).rac.sequence.isEmpty)
    }

    @Test func collectionSequenceToSignal() {
        var received: [String] = []
        var completed = false
        let subscription = ["x", "y"].rac.sequence.signal.subscribe(
            next: { received.append($0) }, completed: { completed = true })
        #expect(received == ["x", "y"])
        #expect(completed)
        expectReleased(subscription, "the subscriber")
    }

    @Test func namespaceIsOpenToOtherTypes() {
        let thermometer = Thermometer(readings: [20, 21])
        #expect(thermometer.rac.base.readings == [20, 21])
        var received: [Int] = []
        let subscription = thermometer.rac.readingsSignal.subscribe(next: { received.append($0) })
        #expect(received == [20, 21])
        expectReleased(subscription, "the subscriber")
        #expect(RACExtension([1]).base == [1])
    }
}

/// A non-final class and a subclass, both reaching `.rac` through one conformance.
private class Gauge: RACCompatible {}
private final class PressureGauge: Gauge {}

extension RACExtension where Base: Gauge {
    fileprivate var kind: String {
        "\(type(of: base))"
    }
}

@Suite(.checksRelease) struct RACNamespaceClassTests {
    @Test func nonFinalClassesConformAndSubclassesKeepTheirType() {
        let gauge: Gauge = PressureGauge()
        #expect(gauge.rac.kind == "PressureGauge")
        #expect(type(of: PressureGauge().rac) == RACExtension<PressureGauge>.self)
        func namespace<T: RACCompatible>(of value: T) -> RACExtension<T.RACBase> { value.rac }
        #expect(namespace(of: [1]).base == [1])
    }
}
