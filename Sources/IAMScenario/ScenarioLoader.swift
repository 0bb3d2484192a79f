import IAMEngine

/// A scenario decoded completely, with the warnings about things that load but look wrong.
public struct LoadedScenario: Sendable {
    public var scenario: Scenario
    public var warnings: [ScenarioWarning]
    /// What the file held (§9, revision 2); Braze's data alone gets the default timeline.
    public var shape: PayloadShape
    /// Braze fields that load and are not simulated (`message.animate_in`, `sync response.feed`),
    /// once each, in the order first seen.
    public var ignoredFields: [String]
    /// The top-level `until` (§9), seconds: a recorded session ends with one.
    public var until: Double?
    /// The top-level `expect` list (issue 47), in file order: what `iamterm test` checks.
    public var expectations: [Expectation]
    /// The file as read, when `load` was asked to keep it (`.null` otherwise): a recorded
    /// session keeps everything of it but its timeline and `until`.
    public var json: JSONValue

    public init(
        scenario: Scenario, warnings: [ScenarioWarning], shape: PayloadShape = .scenario, ignoredFields: [String] = [],
        until: Double? = nil, json: JSONValue = .null, expectations: [Expectation] = []
    ) {
        self.scenario = scenario
        self.warnings = warnings
        self.shape = shape
        self.ignoredFields = ignoredFields
        self.until = until
        self.json = json
        self.expectations = expectations
    }
}

/// Loads a scenario file (spec §9) into a `Scenario`.
///
/// Loading is all or nothing: `load` returns a complete value or throws the first problem,
/// naming the file, the JSON path and what was expected.
///
/// Limits (each exceeded limit is a load error):
/// - file size: `maxFileBytes` (64 MiB);
/// - JSON nesting: `JSONReader.maxDepth` (64 levels);
/// - string length: `JSONReader.maxStringBytes` (1 MiB);
/// - triggers: `maxTriggers` (100,000);
/// - timeline steps: `maxTimelineSteps` (1,000,000);
/// - asset table entries: `maxAssets` (100,000).
///
/// Times and durations (spec §9): every `at`, delay, timeout, duration, latency and download
/// time is below 10^9 seconds (`TimeLimit.seconds`), and so is the last step's `at` plus
/// `TimeLimit.horizon` (the longest chain of deadlines it can start).
///
/// Numbers must be finite `Double`s; "integer" fields take whole numbers within ±2^53.
public struct ScenarioLoader {
    public static let maxFileBytes = 64 << 20
    public static let maxTriggers = 100_000
    public static let maxTimelineSteps = 1_000_000
    public static let maxAssets = 100_000

    /// Decodes `bytes` (UTF-8 JSON); `file` names it in errors and warnings. `keepingJSON`
    /// keeps the parsed document in the result (the simulator needs it to save a session; a
    /// headless run does not hold it in memory).
    public static func load(bytes: [UInt8], file: String, keepingJSON: Bool = false) throws(ScenarioError)
        -> LoadedScenario
    {
        if bytes.count > maxFileBytes {
            throw ScenarioError(
                file: file, path: "$",
                message: "file of \(bytes.count) bytes is larger than the limit of \(maxFileBytes) bytes (64 MiB)")
        }
        let tape: JSONTape
        // A headless load decodes the long lists while reading (see `ListStream`); a load that
        // keeps the document needs all of it on the tape.
        let stream = keepingJSON ? nil : ListStream(bytes: bytes)
        do {
            tape = try JSONReader.tape(bytes, sink: stream)
        } catch {
            throw ScenarioError(
                file: file, path: error.path.description,
                message: "line \(error.line), column \(error.column): \(error.message)",
                line: error.line, column: error.column)
        }
        var decoder = ScenarioDecoder()
        decoder.stream = stream
        let scenario: Scenario
        let root = Node(tape: tape, entry: 0, parent: .root, step: .none)
        let shape = ScenarioDecoder.shape(of: root)
        do {
            scenario = shape.isBrazeOnly ? try decoder.brazeOnly(root, shape: shape) : try decoder.scenario(root)
        } catch {
            throw ScenarioError(file: file, path: error.path.description, message: error.message)
        }
        let warnings = decoder.warnings.map {
            ScenarioWarning(file: file, path: $0.path.description, message: $0.message)
        }
        return LoadedScenario(
            scenario: scenario, warnings: warnings, shape: shape, ignoredFields: decoder.ignoredFields,
            until: decoder.until, json: keepingJSON ? tape.value(0) : .null, expectations: decoder.expectations)
    }

    /// Decodes the UTF-8 text of `json`.
    public static func load(json: String, file: String, keepingJSON: Bool = false) throws(ScenarioError)
        -> LoadedScenario
    {
        try load(bytes: Array(json.utf8), file: file, keepingJSON: keepingJSON)
    }
}

extension ScenarioDecoder {
    /// Spec §9: the deadlines the last step can start stay below 10^9 seconds too.
    func checkHorizon(of scenario: Scenario, timeline: Node) throws(DecodeIssue) {
        guard let last = scenario.timeline.last else { return }
        let horizon = TimeLimit.horizon(of: scenario)
        if !(last.at + horizon < TimeLimit.seconds) {
            let path = timeline.path.appending(.index(scenario.timeline.count - 1)).appending(.key(StepKey.at.rawValue))
            throw DecodeIssue(
                path: path,
                message:
                    "at \(JSONText.number(JSONNumber(last.at))) plus the longest chain of deadlines it can start "
                    + "(\(JSONText.number(JSONNumber(horizon))) s: delivery, delay, timeout, asset, duration, session) "
                    + "reaches 1e9 seconds; times stay below 1e9 seconds")
        }
    }

    /// T6 (issue 35): one price list for every trigger source. `triggers` alone was priced when
    /// read; with `campaign` steps that add triggers, the whole set is priced by the same
    /// function and the excess named at its source's path.
    func checkEventWork(of scenario: Scenario, timeline: Node) throws(DecodeIssue) {
        guard scenario.timeline.contains(where: { if case .addCampaign = $0.action { true } else { false } }),
            let (excess, source) = EventWork.firstExcess(in: scenario)
        else { return }
        let path =
            switch source {
            case .list(let index): JSONPath.root.appending(.key(ScenarioKey.triggers.rawValue)).appending(.index(index))
            case .campaignStep(let index):
                timeline.path.appending(.index(index)).appending(.key(StepKey.trigger.rawValue))
            }
        throw DecodeIssue(path: path, message: Self.explain(excess))
    }

    /// The keys of a scenario file (§9); a file with `triggers` and none of the others is a sync response.
    enum ScenarioKey: String, SchemaKey {
        case name, description, settings, assets, triggers, timeline, until, initial
        /// Issue 47: what `iamterm test` checks of the trace (`Expectation`).
        case expect
        static let schema = KeySchema<Self>()
    }

    /// The whole file. Triggers are read before the timeline, whatever the key order, because
    /// `campaign` steps must name a trigger.
    mutating func scenario(_ node: Node) throws(DecodeIssue) -> Scenario {
        try node.members(ScenarioKey.self) { object throws(DecodeIssue) in
            var scenario = Scenario()
            if let node = object.optionalNode(.name) { scenario.name = try node.string() }
            if let node = object.optionalNode(.description) { scenario.description = try node.string() }
            if let node = object.optionalNode(.settings) { scenario.settings = try settings(node) }
            if let node = object.optionalNode(.assets) { scenario.assets = try assets(node) }
            scenario.triggers = try triggerList(object.required(.triggers))
            if let timeline = object.optionalNode(.timeline) {
                scenario.timeline = try self.timeline(timeline)
                try checkHorizon(of: scenario, timeline: timeline)
                try checkEventWork(of: scenario, timeline: timeline)
            }
            if let node = object.optionalNode(.until) { until = try node.seconds() }
            if let node = object.optionalNode(.initial) { scenario.initial = try initial(node) }
            if let node = object.optionalNode(.expect) { expectations = try self.expectations(node) }
            warnUnknownKeys(object, in: "the scenario")
            return scenario
        }
    }
}
