// Top-level code that uses `await` (which makes main.swift an async main). Argument: `block`
// blocks 1 s on a semaphore before the first await; `sleep` (default) does not.
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
report("top level before await")
Scheduler.main.schedule { report("Scheduler.main action") }
if CommandLine.arguments.dropFirst().first == "block" {
    _ = DispatchSemaphore(value: 0).wait(timeout: .now() + 1)
    print("top level: blocking wait ended")
}
try? await Task.sleep(for: .milliseconds(300))
report("top level after await")
Scheduler.main.schedule { report("Scheduler.main action scheduled after the await") }
print("top level: ends")
