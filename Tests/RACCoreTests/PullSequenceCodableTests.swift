import Foundation
import RACCore
import RACTestSupport
import Testing

@Suite("PullSequence: Equatable, Hashable, Codable", .checksRelease)
struct PullSequenceCodableTests {
    @Test("sequences with the same values are equal, whatever their kind; others are not")
    func equality() {
        let array = PullSequence(values: [1, 2, 3])
        #expect(array == lazyCells([1, 2, 3]))
        #expect(array == array.eager)
        #expect(array == naturals(from: 1).take(3))
        #expect(array == array)
        #expect(array != PullSequence(values: [1, 2]))
        #expect(array != PullSequence(values: [1, 2, 4]))
        #expect(PullSequence<Int>.empty == PullSequence(values: []))
        #expect(PullSequence<Int>.empty != PullSequence(value: 0))
        // Unequal infinite sequences compare to their first difference.
        #expect(naturals() != naturals(from: 1))
    }

    @Test("equal sequences hash equally; they work as set members and dictionary keys")
    func hashing() {
        let lazy = lazyCells(["a", "b"])
        let eager = PullSequence(values: ["a", "b"]).eager
        #expect(lazy.hashValue == eager.hashValue)
        let set: Set = [lazy, eager, PullSequence(values: ["b", "a"]), .empty]
        #expect(set.count == 3)
        #expect(set.contains(PullSequence(values: ["a", "b"])))
        let counts = [PullSequence(values: [1]): "one"]
        #expect(counts[PullSequence(value: 1)] == "one")
        #expect(counts[PullSequence<Int>.empty] == nil)
    }

    @Test("encoding writes a plain list, decoding gives a lazy sequence of the same values")
    func jsonRoundTrip() throws {
        let encoder = JSONEncoder()
        let data = try encoder.encode(naturals().take(3))
        #expect(String(decoding: data, as: UTF8.self) == "[0,1,2]")
        let decoded = try JSONDecoder().decode(PullSequence<Int>.self, from: data)
        #expect(decoded.array == [0, 1, 2])
        #expect(decoded.isEager == false)
        #expect(decoded == naturals().take(3))
        let empty = try JSONDecoder().decode(
            PullSequence<Int>.self, from: try encoder.encode(PullSequence<Int>.empty))
        #expect(empty.isEmpty)
    }

    @Test("nested and optional values round-trip through a property list")
    func propertyListRoundTrip() throws {
        let nested = PullSequence(values: [
            PullSequence(values: ["a"]), .empty, PullSequence(values: ["b", "c"]),
        ])
        let encoder = PropertyListEncoder()
        let decoded = try PropertyListDecoder().decode(
            PullSequence<PullSequence<String>>.self, from: try encoder.encode(nested))
        #expect(decoded == nested)
        #expect(decoded.flatten().array == ["a", "b", "c"])
        let optionals = PullSequence<Int?>(values: [1, nil, 3])
        let json = try JSONEncoder().encode(optionals)
        #expect(String(decoding: json, as: UTF8.self) == "[1,null,3]")
        #expect(try JSONDecoder().decode(PullSequence<Int?>.self, from: json).array == [1, nil, 3])
    }

    @Test("decoding something that is not a list fails")
    func decodingAnObjectFails() {
        #expect(throws: DecodingError.self) {
            try JSONDecoder().decode(PullSequence<Int>.self, from: Data("{\"a\":1}".utf8))
        }
    }
}
