/// A whole scenario: settings, the server-side trigger set, the asset table and a timeline (§9).
public struct Scenario: Sendable, Equatable {
    public var name: String
    public var description: String
    public var settings: Settings
    public var assets: [String: AssetSpec]
    public var triggers: [Trigger]
    public var timeline: [TimelineStep]
    /// SV3 (integration.md): the device mid-life at t = 0; `nil`: a fresh install, app not running.
    public var initial: InitialState?

    public init(
        name: String = "", description: String = "", settings: Settings = Settings(),
        assets: [String: AssetSpec] = [:], triggers: [Trigger] = [], timeline: [TimelineStep] = [],
        initial: InitialState? = nil
    ) {
        self.initial = initial
        self.name = name
        self.description = description
        self.settings = settings
        self.assets = assets
        self.triggers = triggers
        self.timeline = timeline
    }
}

/// One timeline step: an action at a simulation time (seconds, non-decreasing).
public struct TimelineStep: Sendable, Equatable {
    public var at: Double
    public var action: Action
    /// The step's `note` in the scenario file: what it shows, for the reader (and a front end).
    public var note: String?

    public init(at: Double, action: Action, note: String? = nil) {
        self.at = at
        self.action = action
        self.note = note
    }
}
