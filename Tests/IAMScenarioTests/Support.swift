import IAMEngine

@testable import IAMScenario

/// Loads `json` as `scenario.json`; the error's description, or nil when it loads.
func loadError(_ json: String, file: String = "scenario.json") -> String? {
    do {
        _ = try ScenarioLoader.load(json: json, file: file)
        return nil
    } catch {
        return error.description
    }
}

func loadError(bytes: [UInt8]) -> ScenarioError? {
    do {
        _ = try ScenarioLoader.load(bytes: bytes, file: "scenario.json")
        return nil
    } catch {
        return error
    }
}

/// Loads `json`, failing the test on an error.
func load(_ json: String) throws -> LoadedScenario {
    try ScenarioLoader.load(json: json, file: "scenario.json")
}

/// The warnings of `json` as `path: message` lines.
func warnings(_ json: String) throws -> [String] {
    try load(json).warnings.map(\.description)
}

/// A minimal valid trigger: an `open` condition and a slide-up.
func trigger(
    _ id: String,
    conditions: String = #"[{"type": "open"}]"#,
    extra: String = "",
    data: String = #"{"type": "SLIDEUP", "message": "hi"}"#
) -> String {
    #"{"id": "\#(id)", "type": "inapp", "trigger_condition": \#(conditions)\#(extra.isEmpty ? "" : ", " + extra), "data": \#(data)}"#
}

/// A scenario holding `triggers` and, optionally, other top-level members.
func scenario(_ triggers: [String], _ more: String = "") -> String {
    #"{"triggers": [\#(triggers.joined(separator: ", "))]\#(more.isEmpty ? "" : ", " + more)}"#
}

/// A scenario whose single trigger has one `custom_event_property` condition with `filters`.
func filterScenario(_ filters: String) -> String {
    scenario([
        trigger(
            "t",
            conditions:
                #"[{"type": "custom_event_property", "data": {"event_name": "e", "property_filters": \#(filters)}}]"#)
    ])
}

/// A scenario with `steps` as its timeline, and triggers `a` and `b`.
func timelineScenario(_ steps: String) -> String {
    scenario([trigger("a"), trigger("b")], #""timeline": \#(steps)"#)
}
