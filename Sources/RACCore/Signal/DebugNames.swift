import Foundation

/// Whether operators give their results descriptive names, as RAC does when the environment
/// variable `RAC_DEBUG_SIGNAL_NAMES` is set.
@usableFromInline
package enum SignalDebugNames {
    // Off, a name costs nothing.
    /// Read once from the environment.
    @usableFromInline
    package static let enabled: Bool = ProcessInfo.processInfo.environment["RAC_DEBUG_SIGNAL_NAMES"] != nil

    /// `name()` when debug names are on, `"anonymous"` otherwise (the closure is not evaluated).
    @inlinable @inline(__always)
    package static func name(_ name: @autoclosure () -> String) -> String {
        enabled ? name() : "anonymous"
    }
}
