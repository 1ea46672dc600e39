import Dispatch
import RACCore
import RACTestSupport
import Testing

@Suite("Disposables", .checksRelease)
struct DisposableTests {
    @Test("ActionDisposable runs its action exactly once across 100 threads (RACDisposable.m -dispose)")
    func actionOnceConcurrently() {
        let runs = Locked(0)
        let disposable = ActionDisposable { runs.withValue { $0 += 1 } }
        onThreads(100) { _ in disposable.dispose() }
        #expect(runs.current == 1)
        #expect(disposable.isDisposed)
    }

    @Test("a disposable with no action reports not disposed until disposed (RACDisposable.m -isDisposed)")
    func emptyAction() {
        let disposable = ActionDisposable()
        #expect(!disposable.isDisposed)
        disposable.dispose()
        #expect(disposable.isDisposed)
    }

    @Test("CompoundDisposable disposes every child, as a tree (RACCompoundDisposable.m -dispose)")
    func compoundTree() {
        let leaf = ActionDisposable()
        let inner = CompoundDisposable([leaf])
        let outer = CompoundDisposable([inner, ActionDisposable()])
        #expect(outer.count == 2)
        outer.dispose()
        #expect(inner.isDisposed)
        #expect(leaf.isDisposed)
        #expect(outer.count == 0)
    }

    @Test(
        "adding to a disposed compound disposes the newcomer at once (RACCompoundDisposable.m -addDisposable:)"
    )
    func addToDisposedCompound() {
        let compound = CompoundDisposable()
        compound.dispose()
        let late = ActionDisposable()
        compound += late
        #expect(late.isDisposed)
        compound.add(nil)
        #expect(compound.count == 0)
    }

    @Test(
        "remove takes a child out without disposing it; removing an absent one does nothing (RACCompoundDisposable.m -removeDisposable:)"
    )
    func compoundRemove() {
        let kept = ActionDisposable()
        let removed = ActionDisposable()
        let compound = CompoundDisposable([kept, removed])
        compound.remove(removed)
        compound.remove(ActionDisposable())
        compound.dispose()
        #expect(kept.isDisposed)
        #expect(!removed.isDisposed)
    }

    @Test("compound add/remove/dispose from many threads loses nothing (RACCompoundDisposable.m)")
    func compoundConcurrent() {
        let compound = CompoundDisposable()
        let children = (0..<1000).map { _ in ActionDisposable() }
        onThreads(children.count) { index in
            compound.add(children[index])
            if index % 2 == 0 { compound.remove(children[index]) }
        }
        #expect(compound.count == 500)
        compound.dispose()
        for (index, child) in children.enumerated() {
            #expect(child.isDisposed == (index % 2 == 1))
        }
    }

    @Test(
        "SerialDisposable disposes the previous inner when swapped, and later ones once disposed (RACSerialDisposable.m -swapInDisposable:)"
    )
    func serial() {
        let serial = SerialDisposable()
        let first = ActionDisposable()
        let second = ActionDisposable()
        serial.inner = first
        serial.inner = second
        #expect(first.isDisposed)
        #expect(!second.isDisposed)
        let swapped = serial.swap(ActionDisposable())
        #expect(swapped === second)
        #expect(!second.isDisposed)
        serial.dispose()
        #expect(serial.inner == nil)
        let late = ActionDisposable()
        serial.inner = late
        #expect(late.isDisposed)
        #expect(serial.inner == nil)
        #expect(serial.swap(ActionDisposable()) == nil)
    }

    @Test("ScopedDisposable disposes what it wraps when released (RACScopedDisposable.m -dealloc)")
    func scoped() {
        let inner = ActionDisposable()
        do {
            let scoped = inner.scoped()
            #expect(!scoped.isDisposed)
        }
        #expect(inner.isDisposed)
        let other = ActionDisposable()
        let scoped = ScopedDisposable(other)
        #expect(scoped.scoped() === scoped)
        scoped.dispose()
        #expect(other.isDisposed)
    }

    @Test("ActionDisposable releases its closure once disposed")
    func releasesClosure() {
        weak var weakToken: Token?
        let disposable: ActionDisposable
        do {
            let token = Token()
            weakToken = token
            disposable = ActionDisposable { withExtendedLifetime(token) {} }
        }
        #expect(weakToken != nil)
        disposable.dispose()
        #expect(weakToken == nil)
    }
}
