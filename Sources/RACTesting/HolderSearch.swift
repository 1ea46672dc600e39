import RACCore

/// An object the library knows is alive when a release check fails, where the search for what
/// holds the leaked object starts, and what to call it.
struct HolderRoot {
    let object: AnyObject
    /// `"the subject" (Subject<Int, Never>)`, `the subscriber of map(_:) (MapStage<…>)`.
    let name: String
}

/// What holds an object that was not released, as far as the library knows: the objects reached
/// from the roots (the other objects a test watched, the subscribers a `SubscriberWatch` noted)
/// through their stored properties (reflection: optionals, arrays, dictionaries, structs and enums
/// on the way; a subject's subscriber list through its registry), and, once one of them is seen
/// to refer to the object, the path from the outermost of them. A closure's captures are out of
/// reflection's sight: then the search says so, with the closures it reached. It runs only once a
/// check has failed, visits at most `maxObjects` objects and `maxValueDepth` levels of values
/// inside one object, and tells objects apart by identity. Reflection does not tell a `weak`
/// reference from a strong one; an `UnownedDisposable` (the library's unowned link) is not
/// followed. It reads stored properties without taking their objects' locks, which is why it runs
/// only once a check has failed, after the wait for other threads to let go.
///
/// ```
/// held by: "the subject" (Subject<Int, Never>) → .registry → SubscriberRegistry → [0]
///          → MapStage<Int, Int, Never, Never> → .downstream → Subscriber<Int, Never>
/// ```
package struct HolderSearch {
    /// How many objects one search visits at most.
    package static let maxObjects = 4_000
    static let maxValueDepth = 8
    static let maxPathLength = 12
    /// How many elements of one collection are followed.
    static let maxElements = 256

    private enum Child {
        case object(AnyObject)
        case closure
    }

    private struct Edge {
        let from: ObjectIdentifier
        let label: String
    }

    private var objects: [ObjectIdentifier: AnyObject] = [:]
    private var names: [ObjectIdentifier: String] = [:]
    /// Every reference seen to each object, in the order found.
    private var incoming: [ObjectIdentifier: [Edge]] = [:]
    /// The reference by which each object was first reached (none for a root).
    private var parent: [ObjectIdentifier: Edge] = [:]
    /// The closures seen, with the object that holds each one.
    private var closures: [Edge] = []
    /// Whether the search stopped at `maxObjects` with objects left to visit.
    private(set) var reachedBound = false

    /// Searches from `roots`, without looking inside `excluded` (what it refers to cannot explain
    /// who holds it, except through a cycle, which `cycle(through:)` looks for on its own).
    /// `named` gives names to objects it may reach without starting from them.
    init(roots: [HolderRoot], excluding excluded: AnyObject? = nil, named: [HolderRoot] = []) {
        for known in named { names[ObjectIdentifier(known.object)] = known.name }
        var queue: [AnyObject] = []
        for root in roots {
            let id = ObjectIdentifier(root.object)
            names[id] = root.name
            if objects[id] == nil, objects.count < Self.maxObjects {
                objects[id] = root.object
                queue.append(root.object)
            }
        }
        let skipped = excluded.map(ObjectIdentifier.init)
        var next = 0
        while next < queue.count {
            let object = queue[next]
            next += 1
            let from = ObjectIdentifier(object)
            if from == skipped { continue }
            for (label, child) in Self.references(of: object) {
                switch child {
                case .closure:
                    closures.append(Edge(from: from, label: label))
                case .object(let target):
                    let id = ObjectIdentifier(target)
                    incoming[id, default: []].append(Edge(from: from, label: label))
                    if objects[id] == nil {
                        guard objects.count < Self.maxObjects else {
                            reachedBound = true
                            continue
                        }
                        objects[id] = target
                        parent[id] = Edge(from: from, label: label)
                        queue.append(target)
                    }
                }
            }
        }
    }

    /// The path to `target` from the outermost holder found: walking back from it, through a
    /// named root where there is a choice, until nothing found refers to the last holder.
    func holderPath(to target: AnyObject) -> String? {
        var current = ObjectIdentifier(target)
        var onPath: Set = [current]
        var steps: [Edge] = []
        while steps.count < Self.maxPathLength, let edges = incoming[current] {
            let candidates = edges.filter { !onPath.contains($0.from) }
            guard let edge = candidates.first(where: { names[$0.from] != nil }) ?? candidates.first else {
                break
            }
            steps.append(edge)
            onPath.insert(edge.from)
            current = edge.from
        }
        guard let outermost = steps.last else { return nil }
        var text = name(of: outermost.from)
        for (index, step) in steps.enumerated().reversed() {
            let next = index == 0 ? "\(type(of: target))" : name(of: steps[index - 1].from)
            text += " → \(step.label) → \(next)"
        }
        return text
    }

    /// A path of references from `object` back to itself, if the search (which must have started
    /// at `object`) found one.
    func cycle(through object: AnyObject) -> String? {
        let id = ObjectIdentifier(object)
        guard let last = incoming[id]?.first else { return nil }
        var steps = [last]
        var current = last.from
        while current != id, let edge = parent[current], steps.count < Self.maxPathLength {
            steps.append(edge)
            current = edge.from
        }
        guard current == id else { return nil }
        var text = name(of: id)
        for (index, step) in steps.enumerated().reversed() {
            text += " → \(step.label) → " + (index == 0 ? name(of: id) : name(of: steps[index - 1].from))
        }
        return text
    }

    /// The closures found (their holders and properties), at most `limit`, a subscriber's own
    /// dispatch function left out.
    func closuresReached(limit: Int) -> [String] {
        closures.lazy.filter { !$0.label.hasSuffix(".dispatch") }.prefix(limit).map {
            "\(name(of: $0.from)) → \($0.label) (closure)"
        }
    }

    private func name(of id: ObjectIdentifier) -> String {
        names[id] ?? objects[id].map { "\(type(of: $0))" } ?? "?"
    }

    /// The objects and closures `object` refers to through its stored properties (its classes'
    /// and superclasses'), each with the property path.
    private static func references(of object: AnyObject) -> [(String, Child)] {
        var found: [(String, Child)] = []
        if let registry = object as? SubscriberRegistry {
            for (index, subscriber) in registry.subscribersNow.enumerated() {
                found.append(("[\(index)]", .object(subscriber)))
            }
            return found
        }
        var mirror: Mirror? = Mirror(reflecting: object)
        while let current = mirror {
            for child in current.children {
                collect(child.value, label: "." + (child.label ?? "_"), depth: 0, into: &found)
            }
            mirror = current.superclassMirror
        }
        return found
    }

    /// Adds what `value`, reached by `label`, refers to: itself if it is an object or a closure,
    /// else what its parts refer to.
    private static func collect(_ value: Any, label: String, depth: Int, into found: inout [(String, Child)])
    {
        let mirror = Mirror(reflecting: value)
        switch mirror.displayStyle {
        case .class?:
            found.append((label, .object(value as AnyObject)))
        case nil:
            if isFunctionValue(value) { found.append((label, .closure)) }
        case _ where depth >= maxValueDepth || value is UnownedDisposable:
            return
        case .optional?:
            if let some = mirror.children.first {
                collect(some.value, label: label, depth: depth + 1, into: &found)
            }
        case .collection?, .set?:
            for (index, element) in mirror.children.prefix(maxElements).enumerated() {
                collect(element.value, label: label + "[\(index)]", depth: depth + 1, into: &found)
            }
        case .dictionary?:
            for pair in mirror.children.prefix(maxElements) {
                let parts = Array(Mirror(reflecting: pair.value).children)
                guard parts.count == 2 else { continue }
                collect(parts[1].value, label: label + "[\(parts[0].value)]", depth: depth + 1, into: &found)
            }
        default:
            // A struct, tuple or enum; an `Unmanaged` reference's `_value` adds no step.
            let transparent = "\(type(of: value))".hasPrefix("Unmanaged<")
            for child in mirror.children {
                let step = transparent ? "" : "." + (child.label ?? "_")
                collect(child.value, label: label + step, depth: depth + 1, into: &found)
            }
        }
    }
}

extension HolderSearch {
    /// What the library knows of who holds `object`, as lines for a failure message (each
    /// beginning with a line break and `indent`): the path from the outermost holder found among
    /// `roots`, a cycle back to the object, or, when no stored reference to it was found, that a
    /// closure's capture or an unknown object holds it, with the closures reached.
    static func report(for object: AnyObject, roots: [HolderRoot], indent: String = "  ") -> String {
        let others = roots.filter { $0.object !== object }
        let search = HolderSearch(roots: others, excluding: object)
        var lines: [String] = []
        if let path = search.holderPath(to: object) {
            lines.append("held by: " + path)
        }
        let ownName = roots.first { $0.object === object }?.name ?? "\(type(of: object))"
        let own = HolderSearch(roots: [HolderRoot(object: object, name: ownName)], named: roots)
        if let cycle = own.cycle(through: object) {
            lines.append("in a cycle: " + cycle)
        }
        if lines.isEmpty {
            lines.append(
                "held by a closure's capture or by an object the library does not know ("
                    + (others.isEmpty
                        ? "no other object it knows of is alive)"
                        : "nothing reached from the \(others.count) other object\(others.count == 1 ? "" : "s") "
                            + "it knows of refers to it"
                            + (search.reachedBound ? ", within the \(maxObjects) objects it looks at)" : ")"))
            )
            let reached = search.closuresReached(limit: 3)
            if !reached.isEmpty {
                lines.append(
                    "closures it reached, one of which may capture it: " + reached.joined(separator: "; "))
            }
        }
        return lines.map { "\n" + indent + $0 }.joined()
    }
}

/// Whether `value` is a function value: reflection shows a closure as a value with no display
/// style, and its type as `(…) -> …`.
func isFunctionValue(_ value: Any) -> Bool {
    Mirror(reflecting: value).displayStyle == nil && "\(type(of: value))".contains("->")
}
