import Foundation
import RACFoundationBridge
import RACTestSupport
import Testing

/// Runs `body` with defaults in a suite of its own, and removes the suite (and its file) afterwards.
private func withSuite(_ body: (UserDefaults, String) throws -> Void) throws {
    let name = "RACFoundationBridgeTests.\(UUID().uuidString)"
    let defaults = try #require(UserDefaults(suiteName: name))
    defer {
        defaults.removePersistentDomain(forName: name)
        let file = FileManager.default.homeDirectoryForCurrentUser
            .appendingPathComponent(".config/\(name).plist")
        try? FileManager.default.removeItem(at: file)
    }
    try body(defaults, name)
}

/// Posts the notification that Linux does not post for plain `set(_:forKey:)`.
private func announceChange() {
    NotificationCenter.default.post(name: UserDefaults.didChangeNotification, object: nil)
}

/// Serialized: the tests share `NotificationCenter.default`, and some post change notifications
/// from other threads continuously. swift-corelibs-foundation's `setPersistentDomain(_:forName:)`
/// removes every key before storing the new ones, so a re-read prompted by another test's post
/// in the middle of it would (rightly) report the passing `nil`, and exact expectations need quiet.
@Suite("UserDefaults.rac.values(forKey:) and channelTerminal(forKey:)", .serialized, .checksRelease)
struct UserDefaultsTests {
    @Test("values(forKey:) sends the current value first, nil when absent, and never completes")
    func currentValueFirst() throws {
        try withSuite { defaults, _ in
            defaults.set(3, forKey: "count")
            let present = EventLog<Int?, Never>()
            let first = defaults.rac.values(forKey: "count", as: Int.self).subscribe(present.subscriber())
            let absent = EventLog<String?, Never>()
            let second = defaults.rac.values(forKey: "missing", as: String.self).subscribe(
                absent.subscriber())
            #expect(present.events == [.next(3)])
            #expect(absent.events == [.next(nil)])
            first.dispose()
            second.dispose()
        }
    }

    @Test(
        "a write through a terminal reaches other terminals and values(forKey:), not the writer's own subscribers"
    )
    func writesReachOthersButAreNotEchoed() throws {
        try withSuite { defaults, _ in
            defaults.set(1, forKey: "volume")
            let writer = defaults.rac.channelTerminal(forKey: "volume", as: Int.self)
            let other = defaults.rac.channelTerminal(forKey: "volume", as: Int.self)
            let own = EventLog<Int?, Never>()
            let others = EventLog<Int?, Never>()
            let reader = EventLog<Int?, Never>()
            let subscriptions = [
                writer.subscribe(own.subscriber()),
                other.subscribe(others.subscriber()),
                defaults.rac.values(forKey: "volume", as: Int.self).subscribe(reader.subscriber()),
            ]

            writer.sendNext(2)
            writer.sendNext(5)
            writer.sendNext(nil)

            #expect(own.events == [.next(1)])
            #expect(others.events == [.next(1), .next(2), .next(5), .next(nil)])
            #expect(reader.events == [.next(1), .next(2), .next(5), .next(nil)])
            #expect(defaults.object(forKey: "volume") == nil)
            for subscription in subscriptions { subscription.dispose() }
        }
    }

    @Test("sendNext writes the key, synchronously, through set(_:forKey:) / removeObject(forKey:)")
    func writesTheKey() throws {
        try withSuite { defaults, name in
            let terminal = defaults.rac.channelTerminal(forKey: "name", as: String.self)
            terminal.sendNext("Ada")
            #expect(defaults.string(forKey: "name") == "Ada")
            // Visible through another instance of the same suite.
            #expect(UserDefaults(suiteName: name)?.string(forKey: "name") == "Ada")
            terminal.sendNext(nil)
            #expect(defaults.object(forKey: "name") == nil)
            expectReleased(terminal, "the terminal")
        }
    }

    #if !canImport(Darwin)
        @Test("Linux: a plain set(_:forKey:) is not reported until didChangeNotification is posted")
        func plainSetIsNotReportedOnLinux() throws {
            try withSuite { defaults, _ in
                let recorder = EventLog<Int?, Never>()
                let subscription = defaults.rac.values(forKey: "n", as: Int.self).subscribe(
                    recorder.subscriber())
                defaults.set(10, forKey: "n")
                #expect(recorder.events == [.next(nil)])  // swift-corelibs-foundation posts nothing
                announceChange()
                #expect(recorder.events == [.next(nil), .next(10)])
                defaults.removeObject(forKey: "n")
                #expect(recorder.events == [.next(nil), .next(10)])
                announceChange()
                #expect(recorder.events == [.next(nil), .next(10), .next(nil)])
                subscription.dispose()
            }
        }
    #endif

    @Test("persistent-domain changes made through any instance are reported to terminals and readers")
    func persistentDomainChanges() throws {
        try withSuite { defaults, name in
            defaults.set("old", forKey: "mode")
            let terminal = defaults.rac.channelTerminal(forKey: "mode", as: String.self)
            let recorder = EventLog<String?, Never>()
            let subscription = terminal.subscribe(recorder.subscriber())

            UserDefaults.standard.setPersistentDomain(["mode": "new", "other": 1], forName: name)
            #expect(defaults.string(forKey: "mode") == "new")
            UserDefaults.standard.setPersistentDomain(["other": 2], forName: name)  // "mode" removed
            UserDefaults.standard.setPersistentDomain(["other": 3], forName: name)  // "mode" unchanged
            defaults.removePersistentDomain(forName: name)  // still absent

            #expect(recorder.events == [.next("old"), .next("new"), .next(nil)])
            subscription.dispose()
        }
    }

    @Test("only changes are sent: the same value written again, or an unrelated post, sends nothing")
    func distinctValues() throws {
        try withSuite { defaults, _ in
            let writer = defaults.rac.channelTerminal(forKey: "flag", as: Bool.self)
            let recorder = EventLog<Bool?, Never>()
            let subscription = defaults.rac.values(forKey: "flag", as: Bool.self).subscribe(
                recorder.subscriber())
            writer.sendNext(true)
            writer.sendNext(true)
            announceChange()
            writer.sendNext(false)
            #expect(recorder.events == [.next(nil), .next(true), .next(false)])
            subscription.dispose()
        }
    }

    @Test("a stored object of another type reads as nil")
    func otherTypeReadsAsNil() throws {
        try withSuite { defaults, _ in
            defaults.set("not a number", forKey: "k")
            let recorder = EventLog<Int?, Never>()
            let subscription = defaults.rac.values(forKey: "k", as: Int.self).subscribe(recorder.subscriber())
            #expect(recorder.events == [.next(nil)])
            subscription.dispose()
        }
    }

    @Test("every storable type survives a write through a terminal and a read through another")
    func roundTrips() throws {
        try withSuite { defaults, _ in
            var keys = 0
            func roundTrip<Value: UserDefaultsValue>(
                _ value: Value, sourceLocation: SourceLocation = #_sourceLocation
            ) {
                keys += 1
                let key = "key\(keys)"
                let recorder = EventLog<Value?, Never>()
                let subscription = defaults.rac.values(forKey: key, as: Value.self).subscribe(
                    recorder.subscriber())
                defaults.rac.channelTerminal(forKey: key, as: Value.self).sendNext(value)
                #expect(recorder.events == [.next(nil), .next(value)], sourceLocation: sourceLocation)
                subscription.dispose()
            }
            roundTrip("text")
            roundTrip(42)
            roundTrip(Int.max)
            roundTrip(2.5)
            roundTrip(Float(1.25))
            roundTrip(true)
            roundTrip(Data([0, 1, 2, 255]))
            roundTrip(Date(timeIntervalSince1970: 1_000_000))
            roundTrip([1, 2, 3])
            roundTrip(["a": "x", "b": "y"])
            roundTrip([["k": [1.5, 2.5]]])
        }
    }

    @Test("numbers read across numeric types when exact; Bool reads only 0 and 1")
    func numericConversions() throws {
        try withSuite { defaults, _ in
            defaults.set(2.0, forKey: "two")
            defaults.set(2.5, forKey: "twoAndAHalf")
            defaults.set(7, forKey: "seven")
            defaults.set(1, forKey: "one")
            #expect(Int(userDefaultsObject: defaults.object(forKey: "two")!) == 2)
            #expect(Int(userDefaultsObject: defaults.object(forKey: "twoAndAHalf")!) == nil)
            #expect(Double(userDefaultsObject: defaults.object(forKey: "seven")!) == 7)
            #expect(Bool(userDefaultsObject: defaults.object(forKey: "one")!) == true)
            #expect(Bool(userDefaultsObject: defaults.object(forKey: "seven")!) == nil)
            #expect(String(userDefaultsObject: defaults.object(forKey: "seven")!) == nil)
        }
    }

    @Test("sendCompleted ends the terminal: subscribers complete, later ones at once, writes stop")
    func completion() throws {
        try withSuite { defaults, _ in
            let terminal = defaults.rac.channelTerminal(forKey: "k", as: Int.self)
            let before = EventLog<Int?, Never>()
            terminal.subscribe(before.subscriber())
            let feed = Subject<Int?, Never>()
            let feeding = feed.subscribe(terminal)
            feed.sendNext(4)
            #expect(defaults.integer(forKey: "k") == 4)

            terminal.sendCompleted()
            #expect(before.events == [.next(nil), .completed])
            #expect(feed.subscriberCount == 0)  // the feeding subscription was disposed
            terminal.sendNext(9)
            #expect(defaults.integer(forKey: "k") == 4)
            let after = EventLog<Int?, Never>()
            terminal.subscribe(after.subscriber())
            #expect(after.events == [.completed])
            expectReleased(feeding, "the feed the terminal's completion ended")
            expectReleased(terminal, "the completed terminal")
        }
    }

    @Test("a terminal does not keep its defaults alive; once they are gone it completes at its next use")
    func terminalReleasesDefaults() throws {
        let name = "RACFoundationBridgeTests.\(UUID().uuidString)"
        weak var weakDefaults: UserDefaults?
        let terminal: UserDefaultsTerminal<Int>
        let log = EventLog<Int?, Never>()
        let late = EventLog<Int?, Never>()
        do {
            let defaults = try #require(UserDefaults(suiteName: name))
            weakDefaults = defaults
            defaults.set(3, forKey: "volume")
            terminal = defaults.rac.channelTerminal(forKey: "volume")
            terminal.subscribe(log.subscriber())
            #expect(terminal.defaults === defaults)
        }
        #expect(weakDefaults == nil)
        #expect(terminal.defaults == nil)
        #expect(log.descriptions == ["Optional(3)"])
        announceChange()  // the next change notification finds them gone
        #expect(log.descriptions == ["Optional(3)", "|"])
        terminal.sendNext(4)  // nowhere to write: dropped, the terminal has ended
        terminal.subscribe(late.subscriber())
        #expect(late.descriptions == ["|"])
        let file = FileManager.default.homeDirectoryForCurrentUser.appendingPathComponent(
            ".config/\(name).plist")
        try? FileManager.default.removeItem(at: file)
    }

    @Test("a write into a terminal whose defaults are gone completes its subscribers")
    func writeAfterDefaultsGone() throws {
        let log = EventLog<Int?, Never>()
        let terminal: UserDefaultsTerminal<Int>
        do {
            let defaults = try #require(
                UserDefaults(suiteName: "RACFoundationBridgeTests.\(UUID().uuidString)"))
            terminal = defaults.rac.channelTerminal(forKey: "volume")
            terminal.subscribe(log.subscriber())
        }
        terminal.sendNext(1)
        #expect(log.descriptions == ["nil", "|"])
    }

    @Test("disposing removes the observer: later changes are not sent and the closures are released")
    func disposal() throws {
        try withSuite { defaults, _ in
            let writer = defaults.rac.channelTerminal(forKey: "k", as: Int.self)
            weak var weakToken: Token?
            weak var weakSubscriber: Subscriber<Int?, Never>?
            let recorder = EventLog<Int?, Never>()
            var subscription: (any Disposable)?
            do {
                let token = Token()
                weakToken = token
                let record = recorder.subscriber()
                let subscriber = Subscriber<Int?, Never> { event in
                    withExtendedLifetime(token) { record.send(event) }
                }
                weakSubscriber = subscriber
                subscription = defaults.rac.channelTerminal(forKey: "k", as: Int.self).subscribe(subscriber)
            }
            writer.sendNext(1)
            subscription?.dispose()
            subscription = nil
            #expect(weakToken == nil)
            // The notification observer let go of it. (A post running on another thread when the
            // observer was removed may hold it until that post ends: other tests post too.)
            #expect(eventually { weakSubscriber == nil })
            writer.sendNext(2)
            announceChange()
            #expect(recorder.events == [.next(nil), .next(1)])
        }
    }

    @Test("a terminal binds to a Channel both ways, as RAC's rac_channelTerminalForKey: result does")
    func channelBinding() throws {
        try withSuite { defaults, _ in
            defaults.set(1, forKey: "k")
            let terminal = defaults.rac.channelTerminal(forKey: "k", as: Int.self)
            let channel = Channel<Int?>()
            let toChannel = terminal.subscribe(channel.leadingTerminal)
            let toDefaults = channel.leadingTerminal.subscribe(terminal)

            let view = EventLog<Int?, Never>()
            let viewSubscription = channel.followingTerminal.subscribe(view.subscriber())
            channel.followingTerminal.sendNext(8)  // the view writes
            #expect(defaults.integer(forKey: "k") == 8)
            defaults.rac.channelTerminal(forKey: "k", as: Int.self).sendNext(9)  // someone else writes
            #expect(view.events == [.next(1), .next(9)])  // its own 8 is not echoed

            for subscription in [toChannel, toDefaults, viewSubscription] {
                subscription.dispose()
                expectReleased(subscription, "a disposed subscription of the binding")
            }
            expectReleased(terminal, "the terminal")
            expectReleased(channel, "the channel")
        }
    }

    @Test("no echo of its own writes even while other threads keep posting change notifications")
    func noEchoUnderConcurrentNotifications() throws {
        try withSuite { defaults, _ in
            defaults.set(0, forKey: "k")
            let terminal = defaults.rac.channelTerminal(forKey: "k", as: Int.self)
            let own = EventLog<Int?, Never>()
            let subscription = terminal.subscribe(own.subscriber())
            let writing = ActionDisposable()
            let poster = Thread {
                while !writing.isDisposed { announceChange() }
            }
            poster.start()
            for value in 1...1_000 {
                terminal.sendNext(value)
            }
            writing.dispose()
            #expect(own.events == [.next(0)])
            #expect(defaults.integer(forKey: "k") == 1_000)
            subscription.dispose()
        }
    }

    @Test("concurrent writers on several threads: every observer ends on the stored value")
    func concurrentWriters() throws {
        try withSuite { defaults, _ in
            let readers = (0..<3).map { _ in EventLog<Int?, Never>() }
            let subscriptions = readers.map {
                defaults.rac.values(forKey: "k", as: Int.self).subscribe($0.subscriber())
            }
            let terminals = (0..<4).map { _ in defaults.rac.channelTerminal(forKey: "k", as: Int.self) }
            onThreads(4) { thread in
                for index in 0..<100 {
                    terminals[thread].sendNext(thread * 1_000 + index)
                }
            }
            let stored = defaults.integer(forKey: "k")
            for reader in readers {
                #expect(reader.values.last == stored)
                #expect(zip(reader.values, reader.values.dropFirst()).allSatisfy { $0 != $1 })
            }
            for subscription in subscriptions { subscription.dispose() }
        }
    }
}
