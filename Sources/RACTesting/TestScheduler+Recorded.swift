import RACCore

extension TestScheduler {
    /// A `next` event at frame `frame`, printed in frames (`next(1) @ frame 2`) as recorded events
    /// are. RAC: none; RxTest: `.next(210, 1)`.
    ///
    /// ```
    /// "--a"  with a = 1   [scheduler.next(atFrame: 2, 1)]
    /// ```
    public func next<Value, Failure>(atFrame frame: Int, _ value: Value) -> Recorded<Event<Value, Failure>> {
        Recorded(time: frames(frame), value: .next(value), frameDuration: frameDuration)
    }

    /// An `error` event at frame `frame`, printed in frames. RAC: none; RxTest:
    /// `.error(210, error)`.
    ///
    /// ```
    /// "---#"   [scheduler.error(atFrame: 3, failure)]
    /// ```
    public func error<Value, Failure>(atFrame frame: Int, _ error: Failure) -> Recorded<Event<Value, Failure>>
    {
        Recorded(time: frames(frame), value: .error(error), frameDuration: frameDuration)
    }

    /// A `completed` event at frame `frame`, printed in frames. RAC: none; RxTest:
    /// `.completed(300)`.
    ///
    /// ```
    /// "---|"   [scheduler.completed(atFrame: 3)]
    /// ```
    public func completed<Value, Failure>(atFrame frame: Int) -> Recorded<Event<Value, Failure>> {
        Recorded(time: frames(frame), value: .completed, frameDuration: frameDuration)
    }
}
