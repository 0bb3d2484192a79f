import IAMEngine

/// A TestStore-like wrapper: every step returns the exact trace lines it produced.
/// Lines are the text form with runs of spaces folded, e.g. `0.500 delivery_completed 1 triggers`.
struct Harness {
    var engine: Engine

    init(_ triggers: [Trigger], settings: Settings = Settings(), assets: [String: AssetSpec] = [:]) {
        engine = Engine(scenario: Scenario(settings: settings, assets: assets, triggers: triggers))
    }

    var state: EngineState { engine.state }

    mutating func apply(_ action: Action, at time: Double) -> [String] {
        engine.apply(action, at: time).map(Self.line)
    }

    mutating func advance(to time: Double) -> [String] {
        engine.advance(to: time).map(Self.line)
    }

    /// Launches at `time` and lets the delivery and its queued `open` settle (0.5 s later).
    @discardableResult
    mutating func launch(at time: Double = 0) -> [String] {
        apply(.launch, at: time) + advance(to: time + 0.5)
    }

    static func line(_ record: TraceRecord) -> String {
        TraceFormat.text(record).split(separator: " ", omittingEmptySubsequences: true).joined(separator: " ")
    }
}

func message(
    _ kind: Message.Kind = .modal, _ text: String = "hi", image: String? = nil,
    orientation: Message.Orientation = .any, close: Message.Close = .swipe,
    duration: Int = 5000, buttons: [Button] = [], control: Bool = false,
    style: Message.ImageStyle = .top, click: ClickAction = .none
) -> Message {
    Message(
        kind: kind, text: text, imageURL: image, imageStyle: style, buttons: buttons, clickAction: click,
        close: close, duration: duration, orientation: orientation, isControl: control)
}

func trigger(
    _ id: String, _ conditions: Condition..., priority: Int = 0, delay: Double = 0,
    interval: Double = -1, timeout: Double = -1, reEligibility: Double = -1,
    prefetch: Bool = true, start: Double? = nil, end: Double? = nil,
    message: Message = message()
) -> Trigger {
    Trigger(
        id: id, conditions: conditions, startTime: start, endTime: end, priority: priority,
        minSecondsSinceLastTrigger: interval, delay: delay, timeout: timeout,
        reEligibility: reEligibility, prefetch: prefetch, message: message)
}

func event(_ name: String, _ properties: [String: PropertyValue] = [:]) -> Action {
    .customEvent(name: name, properties: properties)
}

/// The standard launch trace with `n` delivered triggers and no session-start match.
func launchLines(at t: String = "0.000", settle: String = "0.500", triggers n: Int, session: Int = 1) -> [String] {
    [
        "\(t) app launch",
        "\(t) session_started session \(session)",
        "\(t) delivery_started until=\(settle) \(n) triggers",
        "\(t) event open",
        "\(t) event_queued open",
        "\(settle) delivery_completed \(n) triggers",
        "\(settle) no_match open",
    ]
}
