import LoginFormExample
import RACFoundationBridge
import RACTestSupport
import RACTesting
import Testing

/// A scripted login service: each attempt plays the next marble on the test scheduler.
private final class FakeService: @unchecked Sendable {
    private let scheduler: TestScheduler
    private let replies = Locked<[(marble: String, error: LoginError)]>([])
    private let calls = Locked<[String]>([])

    init(scheduler: TestScheduler) {
        self.scheduler = scheduler
    }

    /// The credentials of every attempt, in order.
    var attempts: [String] { calls.current }

    /// Queues the marble of the next attempt: `s` is a session, `#` is `error`. An attempt with
    /// nothing queued succeeds one frame later.
    func reply(_ marble: String, error: LoginError = .invalidCredentials) {
        replies.withValue { $0.append((marble, error)) }
    }

    func login(_ username: String, _ password: String) -> Signal<Session, LoginError> {
        calls.withValue { $0.append("\(username)/\(password)") }
        let reply = replies.withValue { $0.isEmpty ? ("-s|", .invalidCredentials) : $0.removeFirst() }
        return try! scheduler.createColdSignal(
            reply.marble, values: ["s": Session(token: "token-\(username)")], error: reply.error)
    }

    var service: LoginService {
        { [self] username, password in login(username, password) }
    }
}

@Suite("LoginForm example", .checksRelease)
struct LoginViewModelTests {
    @Test("canSubmit: false until both fields are valid, then follows every validity change")
    func canSubmitTransitions() {
        let scheduler = TestScheduler(checksRelease: true)
        let service = FakeService(scheduler: scheduler)
        let viewModel = LoginViewModel(scheduler: scheduler, service: service.service)
        let canSubmit = EventLog.of(viewModel.canSubmit)
        viewModel.username.value = "ann"
        viewModel.password.value = "secr"
        viewModel.password.value = "secret"
        viewModel.username.value = "  "
        viewModel.username.value = "bob"
        viewModel.password.value = "secret!"
        #expect(canSubmit.values == [false, true, false, true])
        expectReleased(viewModel, "the view model")
    }

    @Test("submit: executing goes true then false at the service's frames; the session is kept")
    func submitSucceeds() throws {
        let scheduler = TestScheduler(checksRelease: true)
        let service = FakeService(scheduler: scheduler)
        let viewModel = LoginViewModel(scheduler: scheduler, service: service.service)
        viewModel.username.value = "ann"
        viewModel.password.value = "secret"
        service.reply("--s|")

        viewModel.submit.execute(())
        // isSubmitting lasts as long as the view model: end the subscription at frame 4.
        try scheduler.expect(
            viewModel.isSubmitting, toEmit: "(ft)--f", values: ["f": false, "t": true], disposeAt: 4)
        #expect(service.attempts == ["ann/secret"])
        #expect(viewModel.session.value == Session(token: "token-ann"))
        #expect(viewModel.errorMessage.value == nil)
        expectReleased(viewModel, "the view model")
    }

    @Test("the submit button is disabled while the attempt runs, enabled again after it")
    func enabledWhileExecuting() throws {
        let scheduler = TestScheduler(checksRelease: true)
        let enabled: TestRecorder<Bool, Never>
        do {
            let service = FakeService(scheduler: scheduler)
            let viewModel = LoginViewModel(scheduler: scheduler, service: service.service)
            enabled = scheduler.record(viewModel.submit.enabled)
            viewModel.username.value = "ann"
            viewModel.password.value = "secret"
            service.reply("---s|")
            scheduler.advance(frames: 2)
            viewModel.submit.execute(())
            scheduler.run()
            expectReleased(viewModel, "the view model")
        }
        // The command's release completes `enabled` on the scheduler.
        scheduler.run()
        #expect(
            enabled.events == [
                .next(scheduler.frames(0), false),
                .next(scheduler.frames(0), true),
                .next(scheduler.frames(2), false),
                .next(scheduler.frames(6), true),
                .completed(scheduler.frames(6)),
            ])
        expectReleased(enabled, "the subscription to enabled, which the command's release ends")
    }

    @Test("a failed attempt shows its message; the next attempt clears it")
    func failureShowsTheError() throws {
        let scheduler = TestScheduler(checksRelease: true)
        let service = FakeService(scheduler: scheduler)
        let viewModel = LoginViewModel(scheduler: scheduler, service: service.service)
        let messages = EventLog.of(viewModel.errorMessage.signal)
        viewModel.username.value = "ann"
        viewModel.password.value = "wrong!"
        service.reply("-#")
        service.reply("-#", error: .unreachable)
        service.reply("-s|")

        viewModel.submit.execute(())
        scheduler.run()
        #expect(viewModel.errorMessage.value == "Wrong username or password.")
        viewModel.submit.execute(())
        scheduler.run()
        viewModel.submit.execute(())
        scheduler.run()
        #expect(
            messages.values == [
                nil, nil, "Wrong username or password.",
                nil, "The server cannot be reached. Try again later.",
                nil,
            ])
        #expect(viewModel.session.value == Session(token: "token-ann"))
        expectReleased(viewModel, "the view model")
    }

    @Test("submitting while disabled fails with notEnabled and starts no work")
    func disabledSubmitStartsNothing() throws {
        let scheduler = TestScheduler(checksRelease: true)
        let service = FakeService(scheduler: scheduler)
        let viewModel = LoginViewModel(scheduler: scheduler, service: service.service)
        viewModel.username.value = "ann"  // the password is still empty
        try scheduler.expect(
            viewModel.submit.execute(()), toEmit: "#", values: [String: Session](),
            error: CommandError<LoginError>.notEnabled)
        #expect(service.attempts.isEmpty)

        // And while an attempt runs, a second tap is refused too.
        viewModel.password.value = "secret"
        service.reply("----s|")
        viewModel.submit.execute(())
        scheduler.advance(frames: 1)
        let second = scheduler.record(viewModel.submit.execute(()))
        scheduler.run()
        #expect(second.events == [.error(scheduler.frames(1), .notEnabled)])
        #expect(service.attempts == ["ann/secret"])
        expectReleased(second, "the refused execution's subscription")
        expectReleased(viewModel, "the view model")
    }

    @Test("a service that answers on another thread: the session is written on the scheduler")
    func sessionWrittenOnScheduler() {
        let scheduler = TestScheduler(checksRelease: true)
        let reply = Subject<Session, LoginError>()
        let viewModel = LoginViewModel(scheduler: scheduler, service: { _, _ in reply })
        viewModel.username.value = "ann"
        viewModel.password.value = "secret"
        // Whether each write of the session ran on the scheduler.
        let writes = Log<Bool>()
        let observation = viewModel.session.signal.skip(1).subscribe(next: { [weak scheduler] _ in
            writes.append(Scheduler.current === scheduler)
        })
        viewModel.submit.execute(())
        scheduler.run()

        // The service answers on a thread of its own (an `async` service would, on a background
        // task); the thread has ended when onThreads returns.
        onThreads(1) { _ in
            reply.sendNext(Session(token: "token-ann"))
            reply.sendCompleted()
        }
        #expect(viewModel.session.value == nil)
        scheduler.run()
        #expect(viewModel.session.value == Session(token: "token-ann"))
        #expect(writes.all == [true])
        observation.dispose()
        expectReleased(viewModel, "the view model")
    }

    @Test("the screen binds both ways to the fields and one way to the button, spinner and label")
    func screenBindings() {
        let scheduler = TestScheduler(checksRelease: true)
        let service = FakeService(scheduler: scheduler)
        let viewModel = LoginViewModel(scheduler: scheduler, service: service.service)
        viewModel.username.value = "ann"
        let screen = LoginScreen(viewModel: viewModel)
        #expect(screen.usernameField == "ann")  // the view model's value wins at once
        #expect(!screen.submitEnabled)

        screen.passwordField = "wrong!"  // typing reaches the view model
        #expect(viewModel.password.value == "wrong!")
        scheduler.run()
        #expect(screen.submitEnabled)

        service.reply("--#")
        screen.tapSubmit()
        scheduler.advance(by: .zero)
        #expect(screen.spinnerVisible)
        #expect(!screen.submitEnabled)
        scheduler.run()
        #expect(!screen.spinnerVisible)
        #expect(screen.errorLabel == "Wrong username or password.")

        viewModel.password.value = ""  // the view model can reset a field
        #expect(screen.passwordField == "")
        scheduler.run()
        #expect(!screen.submitEnabled)
        expectReleased(screen, "the screen")
        expectReleased(viewModel, "the view model")
    }

    @Test("the view model and the screen are deallocated after use: nothing retains them")
    func deallocation() {
        let scheduler = TestScheduler(checksRelease: true)
        let service = FakeService(scheduler: scheduler)
        weak var weakViewModel: LoginViewModel?
        weak var weakScreen: LoginScreen?
        weak var weakCommand: Command<Void, Session, LoginError>?
        let spinner: EventLog<Bool, Never>
        do {
            let viewModel = LoginViewModel(scheduler: scheduler, service: service.service)
            let screen = LoginScreen(viewModel: viewModel)
            weakViewModel = viewModel
            weakScreen = screen
            weakCommand = viewModel.submit
            spinner = EventLog.of(viewModel.isSubmitting)
            screen.usernameField = "ann"
            screen.passwordField = "secret"
            service.reply("-#")
            screen.tapSubmit()
            scheduler.run()
            service.reply("-s|")
            screen.tapSubmit()
            scheduler.run()
        }
        #expect(weakScreen == nil)
        #expect(weakViewModel == nil)
        #expect(weakCommand == nil)
        #expect(spinner.values == [false, true, false, true, false])
    }
}
