/// The one wording of a trace record (issue 29): its parts in the trace's own vocabulary (the
/// kind's and the reason's raw values, `EventWords` for an event, `Fact.words` for a detail), in
/// the trace's order. Every view (the trace panel, the split view, the status line after a step,
/// the why-not panel, compare's fates, the SVG timeline) takes its words from here; a view picks
/// which parts it shows, how wide and with what emphasis, never other words.
public struct RecordWords: Sendable, Equatable {
    /// A part of a record's words, in the order a line shows them.
    public enum Part: Sendable, CaseIterable {
        /// `displayed`: the record's kind.
        case kind
        /// What the record is about: its message or trigger id, else its event (`customEvent promo`).
        case subject
        /// `impression`: the record's reason.
        case reason
        /// `button b`.
        case button
        /// `(next 40.0)`.
        case next
        /// `(until 12.5)`.
        case until
        /// `on customEvent promo`: the event behind a record about a message or trigger.
        case event
        /// The record's detail (`1 trigger`, a URL, a screen's name), a fact made grammatical.
        case detail
        /// The platform of an `app profile` record.
        case profile
        /// `(120 more)`.
        case more
        /// `[a b c]`: the stack, bottom to top.
        case stack
    }

    public struct Word: Sendable, Equatable {
        public var part: Part
        public var text: String
    }

    /// The parts the record has, in `Part`'s order.
    public var parts: [Word] = []

    /// One part's words, if the record has it.
    public subscript(_ part: Part) -> String? { parts.first { $0.part == part }?.text }

    /// The parts joined by a space: all of them, or those `include` keeps.
    public func text(_ include: (Part) -> Bool = { _ in true }) -> String {
        var out = ""
        for word in parts where include(word.part) {
            if !out.isEmpty { out += " " }
            out += word.text
        }
        return out
    }

    /// `displayed promo impression`: the kind, the subject and the reason.
    public var brief: String { text { $0 == .kind || $0 == .subject || $0 == .reason } }
}

extension TraceRecord {
    /// The record's words (see `RecordWords`). `time` writes the instants of `next` and `until`;
    /// `clean` makes the text the user gave (ids, names, details) safe for the view's surface.
    public func words(
        time: (Double) -> String = TraceFormat.number, clean: (String) -> String = TraceFormat.visible
    ) -> RecordWords {
        var words = RecordWords()
        func add(_ part: RecordWords.Part, _ text: String) { words.parts.append(.init(part: part, text: text)) }
        add(.kind, kind.rawValue)
        let id = message ?? trigger
        if let subject = id ?? event?.label() { add(.subject, clean(subject)) }
        if let reason { add(.reason, reason.rawValue) }
        if let button { add(.button, "button " + clean(button)) }
        if let next { add(.next, "(next \(time(next)))") }
        if let until { add(.until, "(until \(time(until)))") }
        if id != nil, let event { add(.event, "on " + clean(event.label())) }
        // A fact is worded for people (`1 trigger`); the trace keeps its bytes (`1 triggers`).
        if let detail = fact.map({ $0.words(grammatical: true) }) ?? detail { add(.detail, clean(detail)) }
        if let profile { add(.profile, clean(profile)) }
        if let more { add(.more, "(\(more) more)") }
        if let stack { add(.stack, "[" + stack.map(clean).joined(separator: " ") + "]") }
        return words
    }

    /// What the record did to its own message, as a message's fate is told (compare's fates, the
    /// why-not panel's last outcome): `displayed`, `discarded timeout`, `dropped min_interval`,
    /// `handed to the app`; `nil` for a record that is no outcome of its message.
    public var outcomeWords: String? {
        let reasonWords = reason?.rawValue ?? ""
        switch kind {
        case .displayed: return reason == .controlImpression ? "control impression" : "displayed"
        case .discarded: return "discarded " + reasonWords
        case .reenqueued: return "reenqueued"
        case .triggerDropped: return "dropped " + reasonWords
        // I3, B1, I4: the app's code received it.
        case .handedToApp: return "handed to the app"
        // B4: the app's side never got it.
        case .app where reason == .bridgeNotReady: return "missed by the app (bridge_not_ready)"
        case .returnedToStack, .parked, .waitingForAsset:
            return kind.rawValue + (reason.map { " " + $0.rawValue } ?? "")
        default: return nil
        }
    }

    /// `cleared by launch`: what a launch or a reset did to each message its record lists on
    /// the stack; `nil` for any other record.
    public var clearedWords: String? {
        guard kind == .app, let reason, reason == .launch || reason == .reset else { return nil }
        return "cleared by " + reason.rawValue
    }
}

extension Action {
    /// The action in words, as a saved session's note and `check`'s default timeline name it:
    /// its timeline name and what it was given (`customEvent promo {size}`, `click button 2
    /// ("button": 1)`, `keyboard up`, `pushClick spring`). `values`: each property's value
    /// too (`{size="L"}`); `clean`: the view's cleaning of the names the scenario gave.
    public func words(values: Bool = false, clean: (String) -> String = { $0 }) -> String {
        func properties(_ properties: [String: PropertyValue]) -> String {
            guard !properties.isEmpty else { return "" }
            let keys = properties.keys.sorted()
            return " {"
                + keys.map { values ? clean($0) + "=" + properties[$0]!.words : clean($0) }.joined(separator: ", ")
                + "}"
        }
        var text = name
        switch self {
        case .customEvent(let name, let given): text += " " + clean(name) + properties(given)
        case .purchase(let product, let given): text += " " + clean(product) + (values ? properties(given) : "")
        case .pushClick(let campaign), .unforwardedPushClick(let campaign):
            if let campaign { text += " " + clean(campaign) }
        // The file's `button` is 0-based: the words name both, so they never seem to disagree.
        case .click(let button): text += button.map { " button \($0 + 1) (\"button\": \($0))" } ?? " body"
        case .keyboard(let shown): text += shown ? " up" : " down"
        case .rotate(let orientation): text += " " + orientation.rawValue
        case .campaign(let id, let enabled): text += " " + clean(id) + (enabled ? " on" : " off")
        case .network(let online): text += online ? " online" : " offline"
        case .delegate(let delegate) where delegate.implements == .none: text += " none"
        case .delegate(let delegate):
            text += " " + delegate.implements.rawValue + " → " + delegate.answer.rawValue
            for id in delegate.answers.keys.sorted() { text += ", \(clean(id)) → \(delegate.answers[id]!.rawValue)" }
        case .integration(let change):
            if let ui = change.ui { text += " ui=" + ui.rawValue }
            if let impressions = change.impressions { text += " impressions=" + impressions.rawValue }
        default: break
        }
        return text
    }
}
