/// A malformed marble: which marble, where (1-based column, counting every character, spaces
/// included) and what is wrong.
///
/// RxJS's and RxTest's marble parsers either ignore a bad character or build a wrong timeline;
/// RAC had no marbles. Here every API that takes a marble `throws` this error instead of yielding
/// a signal that is not what the marble says.
///
/// ```
/// try scheduler.createColdSignal("-a-(b|", values: ["a": 1, "b": 2])
/// // throws:  malformed marble "-a-(b|", column 4: '(' is never closed by ')'
/// //            -a-(b|
/// //               ^
/// ```
public struct MarbleError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The marble as it was given, e.g. `"-a-(b|"`.
    public let marble: String
    /// The 1-based column of the offending character, counting every character (spaces too):
    /// `4` for the `(` of `"-a-(b|"`, `5` for the `(` of `"- a (b|"`.
    public let column: Int
    /// What is wrong there, e.g. `.unclosedGroup` for `"-a-(b|"`.
    public let problem: Problem

    /// Creates the error for `problem` at `column` of `marble`, as tests of malformed marbles
    /// expect it: `MarbleError(marble: "-a)", column: 3, problem: .unopenedGroup)`.
    public init(marble: String, column: Int, problem: Problem) {
        self.marble = marble
        self.column = column
        self.problem = problem
    }

    /// `malformed marble "-a-(b|", column 4: '(' is never closed by ')'`, then the marble and a caret
    /// under the column.
    public var description: String {
        let caret = String(repeating: " ", count: max(column - 1, 0)) + "^"
        return """
            malformed marble "\(marble)", column \(column): \(problem)
              \(marble)
              \(caret)
            """
    }

    /// What can be wrong with a marble.
    ///
    /// ```
    /// "-a-(b|"    unclosedGroup          "(a(b))"   nestedGroup
    /// "-|-a"      eventAfterTermination  "^-^"      duplicateSubscriptionPoint
    /// ```
    public enum Problem: Equatable, Sendable, CustomStringConvertible {
        /// A character with no meaning in this kind of marble, e.g. `*` in `"-a*"` or `a` in a
        /// subscription marble `"^-a-!"`.
        case unexpectedCharacter(Character)
        /// A `(` without its `)`: `"-(ab"`.
        case unclosedGroup
        /// A `)` that closes nothing: `"-a)"`.
        case unopenedGroup
        /// A `(` inside a group: `"((a))"`.
        case nestedGroup
        /// A group with no event in it: `"-()-"`.
        case emptyGroup
        /// A `-` inside a group; a group is one frame: `"(a-b)"`.
        case frameInsideGroup
        /// An event after `|` or `#`: `"-a-|-b"` (the associated value is the event as written).
        case eventAfterTermination(String)
        /// A value name absent from `values:`: `"-x-"` with `values: ["a": 1]`.
        case unknownValueName(String)
        /// A `{` without its `}`: `"-{abc"`.
        case unterminatedValueName
        /// `{}`: braces that name nothing.
        case emptyValueName
        /// A `}` with no `{` before it: `"-a}"`.
        case unopenedValueName
        /// A second `^`: `"^-^"`.
        case duplicateSubscriptionPoint
        /// A `^` where none may be: cold-signal and expected-event marbles have no subscription
        /// point (their time is the subscriber's own).
        case subscriptionPointNotAllowed
        /// A subscription marble without `^`: `"---!"`.
        case missingSubscriptionPoint
        /// A `!` outside a subscription marble: `"-a-!"` as an event marble (use `disposeAt:`).
        case disposalPointNotAllowed
        /// A `!` before the `^`: `"-!-^"`.
        case disposalBeforeSubscription
        /// A second `!`: `"^-!-!"`.
        case duplicateDisposalPoint
        /// A value name in a marble given without `values:` (only `String` values and marbles that
        /// name no value may leave it out): `"-a-|"` expected of a `Signal<Int, Never>`.
        case valuesNeeded(String)
        /// A `#` with no `error:` argument to stand for (or a signal whose `Failure` is `Never`).
        case missingError

        /// A one-line explanation.
        public var description: String {
            switch self {
            case .unexpectedCharacter(let character):
                return "unexpected character '\(character)'"
            case .unclosedGroup: return "'(' is never closed by ')'"
            case .unopenedGroup: return "')' closes no group"
            case .nestedGroup: return "groups cannot be nested"
            case .emptyGroup: return "a group must hold at least one event"
            case .frameInsideGroup: return "'-' inside a group (a group is a single frame)"
            case .eventAfterTermination(let event):
                return "'\(event)' comes after the signal terminated ('|' or '#' must be the last event)"
            case .unknownValueName(let name): return "no value named '\(name)' in values:"
            case .unterminatedValueName: return "'{' is never closed by '}'"
            case .emptyValueName: return "'{}' names no value"
            case .unopenedValueName: return "'}' closes no '{'"
            case .duplicateSubscriptionPoint: return "a second '^' (a marble has one subscription point)"
            case .subscriptionPointNotAllowed:
                return "'^' is only allowed in hot-signal and subscription marbles"
            case .missingSubscriptionPoint: return "a subscription marble needs a '^'"
            case .disposalPointNotAllowed:
                return "'!' is only allowed in subscription marbles (use disposeAt: to dispose)"
            case .disposalBeforeSubscription: return "'!' comes before '^'"
            case .duplicateDisposalPoint: return "a second '!' (a subscription is disposed once)"
            case .valuesNeeded(let name):
                return
                    "'\(name)' names a value, but no values: were given (without values:, a marble names none)"
            case .missingError: return "'#' needs an error: argument"
            }
        }
    }
}
