// libFuzzer entry point for the marble parser. Built by scripts/fuzz-marbles.sh together with
// Sources/RACTesting/MarbleParser.swift and MarbleError.swift (they need nothing from RACCore).
// Every input is parsed as each kind of marble; a malformed marble must throw a MarbleError
// whose column lies inside the marble, never crash, hang or return an inconsistent parse.

/// libFuzzer's entry point: parses one input as every kind of marble and checks the result.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzMarble(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let marble = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    let length = marble.count
    for kind in [MarbleKind.cold, .hot, .expected, .subscription] {
        do {
            let parsed = try MarbleParser.parse(marble, as: kind)
            var lastFrame = -1
            for token in parsed.tokens {
                precondition(token.frame >= lastFrame, "frames go backwards in \(marble.debugDescription)")
                precondition(token.column >= 1 && token.column <= length, "column outside the marble")
                lastFrame = token.frame
            }
            if let disposal = parsed.disposalFrame, let subscription = parsed.subscriptionFrame {
                precondition(disposal >= subscription, "disposal before subscription accepted")
            }
        } catch {
            precondition(
                error.column >= 1 && error.column <= max(length, 1) + 1,
                "error column \(error.column) outside \(marble.debugDescription)")
            _ = error.description
        }
    }
    return 0
}
