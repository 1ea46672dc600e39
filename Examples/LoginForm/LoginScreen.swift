import Observation
import RACFoundationBridge

/// A headless login screen: what a UI toolkit's text fields, button, spinner and label would hold,
/// as an `@Observable` object, bound to a `LoginViewModel`.
///
/// The bindings are RAC's: `RACChannelTo(field, text) = RACChannelTo(viewModel, username)` for the
/// fields (two-way), `RAC(button, enabled) = command.enabled` and friends for the rest (one way).
/// None of them retains the screen; they end when it is deallocated.
///
/// ```
/// type "ann", "secret":   usernameField/passwordField -> viewModel.username/password
/// submitEnabled:          f-----------t
/// tapSubmit():            spinnerVisible  t---f,  errorLabel  ""---"Wrong username or password."
/// ```
@Observable
public final class LoginScreen {
    /// The username text field's text.
    public var usernameField = ""
    /// The password text field's text.
    public var passwordField = ""
    /// Whether the submit button is enabled.
    public var submitEnabled = false
    /// Whether the spinner shows.
    public var spinnerVisible = false
    /// The error label's text; empty when there is no error.
    public var errorLabel = ""

    /// The view model the screen shows.
    public let viewModel: LoginViewModel

    /// Creates the screen and binds it to `viewModel`; the view model's values win at once.
    public init(viewModel: LoginViewModel) {
        self.viewModel = viewModel
        rac.channelTerminal(\.usernameField) <~> viewModel.username.channelTerminal
        rac.channelTerminal(\.passwordField) <~> viewModel.password.channelTerminal
        rac[\.submitEnabled] <~ viewModel.submit.enabled
        rac[\.spinnerVisible] <~ viewModel.isSubmitting
        rac[\.errorLabel] <~ viewModel.errorMessage.signal.map { $0 ?? "" }
    }

    /// The user taps the submit button: executes the command (nothing starts while it is
    /// disabled).
    public func tapSubmit() {
        viewModel.submit.execute(())
    }
}
