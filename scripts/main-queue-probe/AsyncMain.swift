// An @main type whose main() is async.
import Foundation
import RACSchedulers

nonisolated(unsafe) var mainThread = pthread_self()
func report(_ what: String) {
    let onMain = pthread_equal(pthread_self(), mainThread) != 0
    print("\(what): isMainThread=\(Thread.isMainThread) sameThreadAsMain=\(onMain)")
}

@main struct Probe {
    static func main() async {
        mainThread = pthread_self()
        report("main() before await")
        Scheduler.main.schedule { report("Scheduler.main action") }
        try? await Task.sleep(for: .milliseconds(300))
        report("main() after await")
        Scheduler.main.schedule { report("Scheduler.main action scheduled after the await") }
        print("main(): returns")
    }
}
