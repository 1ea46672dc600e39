import RACOperators
import RACTestSupport
import Testing

@Suite("Channel (RACChannel)", .checksRelease)
struct ChannelTests {
    @Test(
        "a value sent into one terminal reaches the other terminal's subscribers only (RACChannel.m, RACChannelTerminal -sendNext:)"
    )
    func valuesCrossOver() {
        let channel = Channel<Int>()
        let leading = EventLog<Int, Never>()
        let following = EventLog<Int, Never>()
        leading.record(channel.leadingTerminal)
        following.record(channel.followingTerminal)
        channel.leadingTerminal.sendNext(1)
        channel.followingTerminal.sendNext(2)
        #expect(following.values == [1])
        #expect(leading.values == [2])
        channel.leadingTerminal.sendCompleted()
        expectReleased(channel, "the channel")
    }

    @Test("the following side replays the latest value; the leading side replays none (RACChannel.m -init)")
    func replayRules() {
        let channel = Channel<Int>()
        channel.leadingTerminal.sendNext(1)
        channel.leadingTerminal.sendNext(2)
        channel.followingTerminal.sendNext(3)
        let lateFollowing = EventLog<Int, Never>()
        let lateLeading = EventLog<Int, Never>()
        lateFollowing.record(channel.followingTerminal)
        lateLeading.record(channel.leadingTerminal)
        #expect(lateFollowing.values == [2])
        #expect(lateLeading.values == [])
        channel.leadingTerminal.sendCompleted()
        expectReleased(channel, "the channel")
    }

    @Test("completion sent into either terminal reaches subscribers of both (RACChannel.m -init)")
    func completionReachesBoth() {
        for fromLeading in [true, false] {
            let channel = Channel<Int>()
            let leading = EventLog<Int, Never>()
            let following = EventLog<Int, Never>()
            leading.record(channel.leadingTerminal)
            following.record(channel.followingTerminal)
            if fromLeading {
                channel.leadingTerminal.sendCompleted()
            } else {
                channel.followingTerminal.sendCompleted()
            }
            #expect(leading.events == [.completed])
            #expect(following.events == [.completed])
            expectReleased(channel, "the completed channel")
        }
    }

    @Test("a terminal can be fed by a signal; completion of the channel ends that feed")
    func terminalAsSubscriber() {
        let channel = Channel<Int>()
        let following = EventLog<Int, Never>()
        following.record(channel.followingTerminal)
        let source = Subject<Int, Never>()
        let feed = source.subscribe(channel.leadingTerminal)
        source.sendNext(5)
        #expect(following.values == [5])
        channel.followingTerminal.sendCompleted()
        #expect(source.subscriberCount == 0)
        expectReleased(feed, "the feed the channel's completion ended")
        expectReleased(channel, "the completed channel")
    }

    @Test("two-way binding: the leader's current value wins, changes flow both ways, nothing loops")
    func twoWayBinding() {
        // Two parties, each owning the leading terminal of its own channel and echoing nothing.
        let model = Channel<String>()
        let view = Channel<String>()
        let modelSide = EventLog<String, Never>()
        let viewSide = EventLog<String, Never>()
        modelSide.record(model.leadingTerminal)
        viewSide.record(view.leadingTerminal)
        model.leadingTerminal.sendNext("model value")
        view.leadingTerminal.sendNext("view value")

        let binding = view.followingTerminal <~> model.followingTerminal
        #expect(viewSide.values == ["model value"])
        #expect(modelSide.values == [])

        view.leadingTerminal.sendNext("typed")
        #expect(modelSide.values == ["typed"])
        model.leadingTerminal.sendNext("reset")
        #expect(viewSide.values == ["model value", "reset"])
        // No feedback: each change arrived exactly once at the other side and never came back.
        #expect(modelSide.values == ["typed"])

        binding.dispose()
        model.leadingTerminal.sendNext("after dispose")
        view.leadingTerminal.sendNext("after dispose")
        #expect(viewSide.values == ["model value", "reset"])
        #expect(modelSide.values == ["typed"])
        model.leadingTerminal.sendCompleted()
        view.leadingTerminal.sendCompleted()
        expectReleased(binding, "the disposed binding")
        expectReleased(model, "the model's channel")
        expectReleased(view, "the view's channel")
    }

    @Test("binding to a terminal with nothing to replay never drops the first real change")
    func firstChangeNotDropped() {
        weak var weakLeft: Channel<Int>?
        weak var weakRight: Channel<Int>?
        do {
            let left = Channel<Int>()
            let right = Channel<Int>()
            (weakLeft, weakRight) = (left, right)
            let leftSide = EventLog<Int, Never>()
            leftSide.record(left.leadingTerminal)
            let rightSide = EventLog<Int, Never>()
            rightSide.record(right.leadingTerminal)
            let binding = bind(left.followingTerminal, to: right.followingTerminal)
            left.leadingTerminal.sendNext(1)
            #expect(rightSide.values == [1])
            #expect(leftSide.values == [])
            // Each bound terminal's subscriptions hold the other: ending the binding releases both.
            binding.dispose()
        }
        #expect(weakLeft == nil)
        #expect(weakRight == nil)
    }

    @Test("a channel and its subscriptions are released after completion")
    func deallocation() {
        weak var weakChannel: Channel<Int>?
        do {
            let channel = Channel<Int>()
            weakChannel = channel
            let log = EventLog<Int, Never>()
            log.record(channel.followingTerminal)
            channel.leadingTerminal.sendNext(1)
            channel.leadingTerminal.sendCompleted()
        }
        #expect(weakChannel == nil)
    }

    @Test("a channel that never completes is released with its last owner")
    func deallocationWithoutCompletion() {
        weak var weakChannel: Channel<Int>?
        weak var weakTerminal: ChannelTerminal<Int>?
        do {
            let channel = Channel<Int>()
            weakChannel = channel
            weakTerminal = channel.followingTerminal
            channel.leadingTerminal.sendNext(1)
        }
        #expect(weakChannel == nil)
        #expect(weakTerminal == nil)
    }
}
