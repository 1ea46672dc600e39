// PackInputEvent and PackEventKind: an event as the parameter-pack combineLatest and zip inputs see it.

/// What an event of one input of `Signal.combineLatest` or `Signal.zip` over a parameter pack was,
/// once its value (if any) is stored.
@usableFromInline
enum PackEventKind {
    case next
    case error
    case completed
}

/// An event, as the generic input handlers of the parameter-pack operators see it.
///
/// Those handlers are generic code; switching over an `Event<Value, Failure>` there would look up
/// the event type's metadata in the runtime's cache for every event. These requirements are called
/// on a class generic over the event type itself, whose metadata holds the event type and this
/// conformance, so `Event`'s witnesses receive the event type's metadata and look nothing up.
@usableFromInline
protocol PackInputEvent {
    associatedtype Value
    associatedtype Failure: Error

    /// Writes the value of a `next` event into `element`: initialises it if `initialized` is
    /// false, assigns it otherwise. Returns the event's kind.
    func storeValue(in element: UnsafeMutablePointer<Value>, initialized: Bool) -> PackEventKind

    /// Appends the value of a `next` event to `queue`. Returns the event's kind.
    func enqueueValue(in queue: FIFO<Value>) -> PackEventKind

    /// The error of an `error` event, `nil` for the others.
    var failure: Failure? { get }
}

extension Event: PackInputEvent {
    @usableFromInline
    func storeValue(in element: UnsafeMutablePointer<Value>, initialized: Bool) -> PackEventKind {
        switch self {
        case .next(let value):
            if initialized {
                element.pointee = value
            } else {
                element.initialize(to: value)
            }
            return .next
        case .error: return .error
        case .completed: return .completed
        }
    }

    @usableFromInline
    var failure: Failure? {
        if case .error(let error) = self { return error }
        return nil
    }

    @usableFromInline
    func enqueueValue(in queue: FIFO<Value>) -> PackEventKind {
        switch self {
        case .next(let value):
            queue.append(value)
            return .next
        case .error: return .error
        case .completed: return .completed
        }
    }
}
