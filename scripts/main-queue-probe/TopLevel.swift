// Plain top-level code (main.swift with no `await`). Argument: what the top level does after
// scheduling on Scheduler.main: `end` (falls off the end), `block` (waits 2 s on a semaphore),
// `dispatchMain` (calls dispatchMain()) or `runLoop` (runs RunLoop.main). A global-queue timer ends the process after 1 s.
import Foundation
import RACSchedulers

let mainThread = pthread_self()
nonisolated(unsafe) let mainKey = DispatchSpecificKey<Int>()
DispatchQueue.main.setSpecific(key: mainKey, value: 1)
func report(_ what: String) {
    let onMain = pthread_equal(pthread_self(), mainThread) != 0
    print(
        "\(what): onMainQueue=\(DispatchQueue.getSpecific(key: mainKey) != nil) "
            + "isMainThread=\(Thread.isMainThread) sameThreadAsTopLevel=\(onMain)")
}
Scheduler.main.schedule { report("Scheduler.main action") }
DispatchQueue.global().asyncAfter(deadline: .now() + 1) {
    print("after 1 s on a global queue: exit(0)")
    exit(0)
}
let mode = CommandLine.arguments.dropFirst().first ?? "end"
switch mode {
case "block":
    _ = DispatchSemaphore(value: 0).wait(timeout: .now() + 2)
    print("top level: wait ended")
case "dispatchMain":
    dispatchMain()
case "runLoop":
    RunLoop.main.run()
default:
    print("top level: falls off the end")
}
