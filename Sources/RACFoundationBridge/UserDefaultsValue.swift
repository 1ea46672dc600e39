import Foundation

/// A type that `UserDefaults` can store and that the `.rac` defaults signals can compare, so they
/// send a value only when it changed: the property-list types and arrays and string-keyed
/// dictionaries of them.
///
/// RAC: the defaults category worked with untyped `id` values and `-isEqual:`; in Swift the key's
/// type is chosen at the call site (`defaults.rac.values(forKey: "count", as: Int.self)`) and
/// only storable types compile, so writing a value can never hit Foundation's "value is not
/// supported" trap. A stored object of another type reads as `nil` (as `as?` would).
///
/// ```
/// stored 5            Int: 5      Double: 5.0     String: nil
/// stored "on"         Int: nil    String: "on"
/// ```
public protocol UserDefaultsValue: Equatable, Sendable {
    /// Reads a value from what `UserDefaults.object(forKey:)` returned, or fails if the object is
    /// of another type.
    init?(userDefaultsObject object: Any)
    /// The property-list object that `UserDefaults.set(_:forKey:)` stores for this value.
    var userDefaultsObject: Any { get }
}

extension String: UserDefaultsValue {
    /// Reads a string; any other object fails.
    public init?(userDefaultsObject object: Any) {
        guard let value = object as? String else { return nil }
        self = value
    }

    /// The string itself.
    public var userDefaultsObject: Any { self }
}

extension Int: UserDefaultsValue {
    /// Reads an integer, or any stored number that is exactly an `Int` (`2.0` reads as `2`).
    public init?(userDefaultsObject object: Any) {
        if let value = object as? Int {
            self = value
        } else if let number = object as? NSNumber, Double(number.int64Value) == number.doubleValue,
            let value = Int(exactly: number.int64Value)
        {
            self = value
        } else {
            return nil
        }
    }

    /// The integer itself.
    public var userDefaultsObject: Any { self }
}

extension Double: UserDefaultsValue {
    /// Reads any stored number as a `Double`.
    public init?(userDefaultsObject object: Any) {
        if let value = object as? Double {
            self = value
        } else if !(object is Bool), let number = object as? NSNumber {
            self = number.doubleValue
        } else {
            return nil
        }
    }

    /// The number itself.
    public var userDefaultsObject: Any { self }
}

extension Float: UserDefaultsValue {
    /// Reads any stored number as a `Float` (rounded).
    public init?(userDefaultsObject object: Any) {
        if let value = object as? Float {
            self = value
        } else if !(object is Bool), let number = object as? NSNumber {
            self = number.floatValue
        } else {
            return nil
        }
    }

    /// The number itself.
    public var userDefaultsObject: Any { self }
}

extension Bool: UserDefaultsValue {
    /// Reads a stored Boolean, or a stored number that is exactly 0 or 1.
    public init?(userDefaultsObject object: Any) {
        if let value = object as? Bool {
            self = value
        } else if let number = object as? NSNumber, number.doubleValue == 0 || number.doubleValue == 1 {
            self = number.doubleValue == 1
        } else {
            return nil
        }
    }

    /// The Boolean itself.
    public var userDefaultsObject: Any { self }
}

extension Data: UserDefaultsValue {
    /// Reads stored bytes; any other object fails.
    public init?(userDefaultsObject object: Any) {
        guard let value = object as? Data else { return nil }
        self = value
    }

    /// The bytes themselves.
    public var userDefaultsObject: Any { self }
}

extension Date: UserDefaultsValue {
    /// Reads a stored date; any other object fails.
    public init?(userDefaultsObject object: Any) {
        guard let value = object as? Date else { return nil }
        self = value
    }

    /// The date itself.
    public var userDefaultsObject: Any { self }
}

extension Array: UserDefaultsValue where Element: UserDefaultsValue {
    /// Reads a stored array whose every element reads as `Element`; otherwise fails.
    public init?(userDefaultsObject object: Any) {
        guard let items = object as? [Any] else { return nil }
        var values: [Element] = []
        values.reserveCapacity(items.count)
        for item in items {
            guard let value = Element(userDefaultsObject: item) else { return nil }
            values.append(value)
        }
        self = values
    }

    /// An array of the elements' property-list objects.
    public var userDefaultsObject: Any { map(\.userDefaultsObject) }
}

extension Dictionary: UserDefaultsValue where Key == String, Value: UserDefaultsValue {
    /// Reads a stored dictionary with string keys whose every value reads as `Value`; otherwise
    /// fails.
    public init?(userDefaultsObject object: Any) {
        guard let items = object as? [String: Any] else { return nil }
        var values: [String: Value] = [:]
        values.reserveCapacity(items.count)
        for (key, item) in items {
            guard let value = Value(userDefaultsObject: item) else { return nil }
            values[key] = value
        }
        self = values
    }

    /// A dictionary of the values' property-list objects.
    public var userDefaultsObject: Any { mapValues(\.userDefaultsObject) }
}
