import Observation
import RACOperators

extension Observable where Self: AnyObject {
    /// The reactive namespace of an `@Observable` object: `model.rac.observe(\.title)`,
    /// `model.rac[\.title] <~ signal`, `model.rac.channelTerminal(\.title)`. RAC: the `rac_`
    /// members that KVO gave every `NSObject`.
    ///
    /// Every `@Observable` class gets it with no opt-in. Do not also declare `RACCompatible` on
    /// an `@Observable` class (it would have two `rac` implementations to choose from); a class
    /// that inherits `RACCompatible` from its superclass keeps that `rac`, which is the same
    /// namespace, and its members here still apply.
    ///
    /// ```
    /// @Observable final class Model { var title = "" }
    /// model.rac.observe(\.title):   ""--a--b--|   (| when the model is deallocated)
    /// ```
    @_disfavoredOverload
    public var rac: RACExtension<Self> {
        RACExtension(self)
    }
}
