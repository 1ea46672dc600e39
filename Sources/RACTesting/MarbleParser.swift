/// Which grammar a marble follows; see Docs/Marbles.md.
enum MarbleKind {
    /// Events, time relative to each subscription; no `^`, no `!`.
    case cold
    /// Events, time relative to the `^` (virtual time zero); one optional `^`, no `!`.
    case hot
    /// The events a recorder should see, in virtual time; no `^`, no `!`.
    case expected
    /// One subscription: `-`, one `^`, at most one `!` after it, groups; no events.
    case subscription
}

/// One event of a marble, not yet mapped to a value.
struct MarbleToken: Equatable {
    enum Kind: Equatable {
        case value(String)
        case completed
        case error
    }

    let kind: Kind
    /// The frame, counted from the marble's first character (0-based).
    let frame: Int
    /// The 1-based column where the event is written (the `{` of a braced name).
    let column: Int
}

/// A marble checked and broken into frames.
struct ParsedMarble: Equatable {
    var tokens: [MarbleToken] = []
    /// The frame of `^`, if any.
    var subscriptionFrame: Int?
    /// The frame of `!`, if any.
    var disposalFrame: Int?
}

/// Checks a marble and breaks it into frames, or throws a `MarbleError` naming the column.
///
/// Time: `-`, an event, `^`, `!` and a whole group `( … )` each take one frame; spaces take none.
enum MarbleParser {
    static func parse(_ marble: String, as kind: MarbleKind) throws(MarbleError) -> ParsedMarble {
        var state = ParserState(marble: marble, kind: kind)
        let characters = Array(marble)
        var index = 0
        while index < characters.count {
            let column = index + 1
            let character = characters[index]
            switch character {
            case " ", "\t", "\n":
                break
            case "-": try state.frameMark(at: column)
            case "(": try state.openGroup(at: column)
            case ")": try state.closeGroup(at: column)
            case "^": try state.subscriptionPoint(at: column)
            case "!": try state.disposalPoint(at: column)
            case "|": try state.event(.completed, written: "|", at: column)
            case "#": try state.event(.error, written: "#", at: column)
            case "}": throw state.error(.unopenedValueName, at: column)
            case "{":
                var end = index + 1
                while end < characters.count, characters[end] != "}" {
                    if characters[end] == "{" { throw state.error(.unexpectedCharacter("{"), at: end + 1) }
                    end += 1
                }
                guard end < characters.count else { throw state.error(.unterminatedValueName, at: column) }
                let name = String(characters[(index + 1)..<end])
                guard !name.isEmpty else { throw state.error(.emptyValueName, at: column) }
                try state.event(.value(name), written: "{\(name)}", at: column)
                index = end
            default:
                guard character.isLetter || character.isNumber else {
                    throw state.error(.unexpectedCharacter(character), at: column)
                }
                try state.event(.value(String(character)), written: String(character), at: column)
            }
            index += 1
        }
        return try state.finish()
    }
}

/// The parser's position in the marble.
private struct ParserState {
    let marble: String
    let kind: MarbleKind
    var result = ParsedMarble()
    var frame = 0
    /// The column of the open `(`, while inside a group.
    var groupColumn: Int?
    var groupIsEmpty = true
    var terminated = false

    init(marble: String, kind: MarbleKind) {
        self.marble = marble
        self.kind = kind
    }

    func error(_ problem: MarbleError.Problem, at column: Int) -> MarbleError {
        MarbleError(marble: marble, column: column, problem: problem)
    }

    /// Ends the frame of an item outside a group (inside one, `)` ends the frame).
    mutating func endItem() {
        if groupColumn == nil {
            frame += 1
        } else {
            groupIsEmpty = false
        }
    }

    mutating func frameMark(at column: Int) throws(MarbleError) {
        guard groupColumn == nil else { throw error(.frameInsideGroup, at: column) }
        frame += 1
    }

    mutating func openGroup(at column: Int) throws(MarbleError) {
        guard groupColumn == nil else { throw error(.nestedGroup, at: column) }
        groupColumn = column
        groupIsEmpty = true
    }

    mutating func closeGroup(at column: Int) throws(MarbleError) {
        guard groupColumn != nil else { throw error(.unopenedGroup, at: column) }
        guard !groupIsEmpty else { throw error(.emptyGroup, at: column) }
        groupColumn = nil
        frame += 1
    }

    mutating func subscriptionPoint(at column: Int) throws(MarbleError) {
        guard kind == .hot || kind == .subscription else {
            throw error(.subscriptionPointNotAllowed, at: column)
        }
        guard result.subscriptionFrame == nil else { throw error(.duplicateSubscriptionPoint, at: column) }
        result.subscriptionFrame = frame
        endItem()
    }

    mutating func disposalPoint(at column: Int) throws(MarbleError) {
        guard kind == .subscription else { throw error(.disposalPointNotAllowed, at: column) }
        guard result.subscriptionFrame != nil else { throw error(.disposalBeforeSubscription, at: column) }
        guard result.disposalFrame == nil else { throw error(.duplicateDisposalPoint, at: column) }
        result.disposalFrame = frame
        endItem()
    }

    mutating func event(_ token: MarbleToken.Kind, written: String, at column: Int) throws(MarbleError) {
        if kind == .subscription {
            throw error(.unexpectedCharacter(written.first ?? " "), at: column)
        }
        guard !terminated else { throw error(.eventAfterTermination(written), at: column) }
        if token == .completed || token == .error {
            terminated = true
        }
        result.tokens.append(MarbleToken(kind: token, frame: frame, column: column))
        endItem()
    }

    func finish() throws(MarbleError) -> ParsedMarble {
        if let groupColumn { throw error(.unclosedGroup, at: groupColumn) }
        if kind == .subscription, result.subscriptionFrame == nil {
            throw error(.missingSubscriptionPoint, at: 1)
        }
        return result
    }
}
