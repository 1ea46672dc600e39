import Foundation
import Observation
import RACFoundationBridge
import RACTestSupport
import Testing

/// A main-actor model, as a Swift 6 app's view model or store is.
@Observable @MainActor
private final class Profile {
    var name = ""

    nonisolated init() {}
}

/// Observation of a `@MainActor @Observable` model (Docs/Concepts.md, "Actors and isolation"): from
/// nonisolated code, with the key path formed and the subscription made on the main actor; on the
/// main actor itself, directly. The Swift Testing runner drains the main queue.
@Suite("Observing a @MainActor @Observable model")
struct MainActorObservationTests {
    @Test("from nonisolated code: observe on the main actor, subscribe(on: Scheduler.main), consume anywhere")
    func fromNonisolatedCode() async {
        let profile = Profile()
        let names = await MainActor.run { profile.rac.observe(\.name).subscribe(on: Scheduler.main) }
        let received = Locked<[String]>([])
        // Nonisolated closures: unchecked, on the main queue here.
        let subscription = names.subscribe(next: { name in received.withValue { $0.append(name) } })
        // Main-actor jobs run on the main queue after the subscription queued there.
        await MainActor.run { profile.name = "a" }
        await MainActor.run { profile.name = "b" }
        subscription.dispose()
        #expect(received.current == ["", "a", "b"])
    }

    @Test("on the main actor: values arrive there, and main-actor closures pass the check")
    @MainActor
    func onTheMainActor() {
        let profile = Profile()
        var names: [String] = []
        let subscription = profile.rac.observe(\.name).subscribe(next: { names.append($0) })
        profile.name = "a"
        profile.name = "b"
        subscription.dispose()
        profile.name = "c"
        #expect(names == ["", "a", "b"])
    }

    @Test("on the main actor, bound into a main-actor model with deliverOnMainActor()")
    @MainActor
    func bindFromBackground() async {
        let profile = Profile()
        let source = Subject<String, Never>()
        profile.rac[\.name] <~ source.deliverOnMainActor()
        await withCheckedContinuation { (finished: CheckedContinuation<Void, Never>) in
            source.deliverOnMainActor().subscribe(completed: { finished.resume() })
            onThreads(1) { _ in
                source.sendNext("x")
                source.sendCompleted()
            }
        }
        #expect(profile.name == "x")
    }
}
