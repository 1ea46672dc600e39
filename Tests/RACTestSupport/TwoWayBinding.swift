import RACTesting
import Testing

/// Plays "view <~> model" on two objects that hold a `String` at `viewKey` and `modelKey`, starting
/// at "view" and "model", whose changes `viewChanges` and `modelChanges` report (current value
/// first): binds them with `bind`, expects the model's value to win, then a change on either side
/// to reach the other, each side hearing each change exactly once (no echo, no loop). Returns the
/// binding, still live, for the caller to dispose and check what follows.
///
/// ```
/// let binding = expectTwoWayBindingFlows(
///     view: view, \.value, changes: view.signal, model: model, \.value, changes: model.signal
/// ) { view.channelTerminal <~> model.channelTerminal }
/// ```
package func expectTwoWayBindingFlows<View: AnyObject, Model: AnyObject>(
    view: View, _ viewKey: ReferenceWritableKeyPath<View, String>,
    changes viewChanges: Signal<String, Never>,
    model: Model, _ modelKey: ReferenceWritableKeyPath<Model, String>,
    changes modelChanges: Signal<String, Never>,
    sourceLocation: SourceLocation = #_sourceLocation, bind: () -> any Disposable
) -> any Disposable {
    let modelLog = EventLog.of(modelChanges)
    let viewLog = EventLog.of(viewChanges)
    let binding = bind()
    #expect(view[keyPath: viewKey] == "model", sourceLocation: sourceLocation)
    #expect(model[keyPath: modelKey] == "model", sourceLocation: sourceLocation)

    model[keyPath: modelKey] = "m1"
    view[keyPath: viewKey] = "v1"
    #expect(view[keyPath: viewKey] == "v1", sourceLocation: sourceLocation)
    #expect(model[keyPath: modelKey] == "v1", sourceLocation: sourceLocation)
    // Each change reached each side exactly once: no echo, no loop.
    #expect(modelLog.values == ["model", "m1", "v1"], sourceLocation: sourceLocation)
    #expect(viewLog.values == ["view", "model", "m1", "v1"], sourceLocation: sourceLocation)
    return binding
}
