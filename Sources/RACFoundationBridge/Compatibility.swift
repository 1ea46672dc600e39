import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

// The Foundation types that get reactive members under `.rac`, as RAC's `rac_` categories did.
// Members live in extensions of `RACExtension where Base: …` in this module's other files.
//
// These classes are not `final`, and `RACCompatible`'s requirement `var rac: RACExtension<Self>`
// cannot be met by a non-final class (Swift rejects `Self` as a generic argument there), so each
// class gets its `rac` property directly. The property has the same name and type shape as the
// protocol's, so call sites read the same: `center.rac.notifications(named:)`.

extension NotificationCenter {
    /// The reactive namespace of the center. RAC: the `rac_` prefix of
    /// `NSNotificationCenter (RACSupport)`. Works on Linux with swift-corelibs-foundation's center.
    ///
    /// ```
    /// center.rac.notifications(named: name):   -n-n-n-   (never completes)
    /// ```
    public var rac: RACExtension<NotificationCenter> {
        RACExtension(self)
    }
}

extension FileHandle {
    /// The reactive namespace of the handle. RAC: the `rac_` prefix of `NSFileHandle (RACSupport)`.
    /// On Linux the reading is done with `poll(2)`/`read(2)` on a thread of its own, not with
    /// `readInBackgroundAndNotify`.
    ///
    /// ```
    /// handle.rac.readInBackground():   -[chunk]-[chunk]-|
    /// handle.rac.lines():              -"a"-"b"-|
    /// ```
    public var rac: RACExtension<FileHandle> {
        RACExtension(self)
    }
}

extension URLSession {
    /// The reactive namespace of the session. RAC: the `rac_` prefix of
    /// `NSURLConnection (RACSupport)`. On Linux it needs `FoundationNetworking`, which this module
    /// imports and re-exports (`import RACFoundationBridge` is enough).
    ///
    /// ```
    /// session.rac.data(for: request):   ----((data, response)|)
    /// ```
    public var rac: RACExtension<URLSession> {
        RACExtension(self)
    }
}

extension UserDefaults {
    /// The reactive namespace of the defaults. RAC: the `rac_` prefix of
    /// `NSUserDefaults (RACSupport)`. On Linux only some changes are reported; see
    /// `values(forKey:as:)`.
    ///
    /// ```
    /// defaults.rac.values(forKey: "k", as: Int.self):   1--2--nil-
    /// ```
    public var rac: RACExtension<UserDefaults> {
        RACExtension(self)
    }
}

extension FileManager {
    /// The reactive namespace of the file manager: following a file by path. RAC: none (RAC had no
    /// `NSFileManager` category).
    ///
    /// ```
    /// FileManager.default.rac.followLines(atPath: p, pollingEvery: 1 s, on: s):   -l--l-l--
    /// ```
    public var rac: RACExtension<FileManager> {
        RACExtension(self)
    }
}
