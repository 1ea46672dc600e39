import RACFoundationBridge

/// A signed-in session, the result of a successful login.
public struct Session: Equatable, Sendable {
    /// The token the service issued.
    public let token: String

    /// Creates a session with `token`.
    public init(token: String) {
        self.token = token
    }
}

/// Why a login failed.
public enum LoginError: Error, Equatable, Sendable {
    /// The service rejected the username or password.
    case invalidCredentials
    /// The service could not be reached.
    case unreachable

    /// The text the form shows for this error.
    public var message: String {
        switch self {
        case .invalidCredentials: return "Wrong username or password."
        case .unreachable: return "The server cannot be reached. Try again later."
        }
    }
}

/// The login request: a cold signal per attempt that sends one session, or fails.
///
/// ```
/// service("ann", "secret"):   --s|     or   --#(invalidCredentials)
/// ```
public typealias LoginService = (_ username: String, _ password: String) -> Signal<Session, LoginError>

/// The view model of a login form, the scenario of RAC's README: two text fields, a submit
/// button enabled only when both are valid, a spinner while the request runs, an error label.
///
/// It holds no reference to any view. A view binds to it (see `LoginScreen`): two-way to
/// `username` and `password`, one way from `canSubmit`, `isSubmitting` and `errorMessage`.
///
/// ```
/// username:       ""--ann----------
/// password:       ""------secret---
/// canSubmit:      f-------t--------
/// submit.execute: ------------x----
/// isSubmitting:   f-----------t--f-
/// ```
public final class LoginViewModel {
    /// The username typed so far.
    public let username = MutableProperty("")
    /// The password typed so far.
    public let password = MutableProperty("")
    /// The message to show for the last failed attempt; `nil` once a new attempt starts.
    public let errorMessage = MutableProperty<String?>(nil)
    /// The session of the last successful attempt.
    public let session = MutableProperty<Session?>(nil)

    /// Whether both fields are valid: the current answer at once, then each change.
    /// RAC: `[RACSignal combineLatest:@[RACObserve(username), RACObserve(password)] reduce:…]`.
    ///
    /// ```
    /// username:   ""---ann------------
    /// password:   ""---------secret---
    /// canSubmit:  f----------t--------
    /// ```
    public let canSubmit: Signal<Bool, Never>

    /// Logs in with the current username and password. Disabled while `canSubmit` is false or
    /// an attempt is running. RAC: `RACCommand` bound to the login button.
    public let submit: Command<Void, Session, LoginError>

    /// Whether an attempt is running (the spinner): `submit.executing`.
    ///
    /// ```
    /// submit:         --x------
    /// isSubmitting:   f-t---f--
    /// ```
    public var isSubmitting: Signal<Bool, Never> {
        submit.executing
    }

    /// The minimum length of a valid password.
    public static let minimumPasswordLength = 6

    /// Creates the view model.
    /// - Parameters:
    ///   - scheduler: where the command runs its work and publishes its state (the main queue in
    ///     an app, a `TestScheduler` in tests).
    ///   - service: performs one login attempt.
    public init(scheduler: Scheduler, service: @escaping LoginService) {
        let username = self.username
        let password = self.password
        canSubmit = Signal.combineLatest(
            username.signal.map(LoginViewModel.isValidUsername),
            password.signal.map(LoginViewModel.isValidPassword)
        )
        .map { $0 && $1 }
        .distinctUntilChanged()

        // The work reads the properties, never `self`: the command does not keep the view model.
        submit = Command(enabled: canSubmit, scheduler: scheduler) { _ in
            service(username.value, password.value)
        }

        // A new attempt clears the previous error; a failure shows its message.
        errorMessage
            <~ Signal.merge([
                submit.executionSignals.mapReplace(String?.none),
                submit.errors.map { Optional($0.message) },
            ])
        session <~ submit.executionSignals.switchToLatest().map { Optional($0) }
    }

    /// Whether `name` can be submitted: not blank.
    public static func isValidUsername(_ name: String) -> Bool {
        name.contains { !$0.isWhitespace }
    }

    /// Whether `password` can be submitted: at least `minimumPasswordLength` characters.
    public static func isValidPassword(_ password: String) -> Bool {
        password.count >= minimumPasswordLength
    }
}
