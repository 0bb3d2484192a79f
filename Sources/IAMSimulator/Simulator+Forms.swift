import IAMEngine
import IAMRender

/// The short forms behind the prompt line: each step asks one value, shows a default,
/// offers known choices on Tab, and Esc cancels the whole form.
enum Form: Equatable {
    case customEventName
    case customEventProperties(name: String)
    case purchaseProduct
    case purchaseProperties(product: String)
    case pushCampaign
    case localType
    case localText(kind: Message.Kind)
    case localDuration(kind: Message.Kind, text: String)
    case delegateImplements
    case delegateAnswer(implements: Delegate.Implements)
    case integration
    case campaign
    case traceSearch
    case openScenario
    /// `@`: a platform, with its SDK version (versions.md); in the split view, B's.
    case profileName
    /// `U`: the user `changeUser` identifies (R11).
    case userID
}

extension Simulator {
    /// Names the triggers know, for defaults and Tab choices.
    var knownEventNames: [String] {
        unique(
            engine.state.serverTriggers.flatMap { $0.conditions }.compactMap {
                switch $0 {
                case .customEvent(let name), .customEventProperty(let name, _): name
                default: nil
                }
            })
    }

    var knownProducts: [String] {
        unique(
            engine.state.serverTriggers.flatMap { $0.conditions }.compactMap {
                switch $0 {
                case .purchase(let product): product
                case .purchaseProperty(let product, _): product
                default: nil
                }
            })
    }

    var knownCampaigns: [String] {
        unique(
            engine.state.serverTriggers.flatMap { $0.conditions }.compactMap {
                if case .pushClick(let campaign) = $0 { campaign } else { nil }
            })
    }

    /// The ids a per-message delegate answer can name: the messages on the stack and on screen,
    /// then every trigger of the scenario.
    var knownMessageIDs: [String] {
        let s = engine.state
        return unique(
            (s.visible.map { [$0.pending.id] } ?? []) + s.stack.reversed().map(\.id) + s.serverTriggers.map(\.id))
    }

    /// The delegate methods this platform has (X13).
    var offeredImplements: [Delegate.Implements] { engine.state.settings.profile.delegateNames.implementable }

    /// The status after `g`: what the app's delegate answers now, in the platform's names; with
    /// none, that nothing answers and the SDK decides (L4, X3 as the engine reads it).
    static func delegateStatus(_ s: EngineState) -> String {
        let delegate = s.delegate
        let names = s.settings.profile.delegateNames
        guard delegate.implements != .none else {
            return "delegate: none, so no app answers: the SDK shows each message"
                + (s.keyboardGateApplies ? " (later while the keyboard is up)" : "")
        }
        let byID = delegate.answers.keys.sorted().map { "\($0) \(names.name(of: delegate.answers[$0]!))" }
        return "delegate: \(names.method) answers \(names.name(of: delegate.answer))"
            + (byID.isEmpty ? "" : "; " + byID.joined(separator: ", "))
    }

    /// The delegate's answers as the prompt takes them: `now, welcome=discard`.
    static func spell(_ delegate: Delegate) -> String {
        ([delegate.answer.rawValue] + delegate.answers.keys.sorted().map { "\($0)=\(delegate.answers[$0]!.rawValue)" })
            .joined(separator: ", ")
    }

    struct AnswerFailure: Error, Equatable {
        var message: String
    }

    /// `answer, id=answer, …`: at most one answer for every message, then one per id. Each part
    /// is checked by name: an answer that is not one, an id that is not a message or trigger of
    /// the session, an id answered twice.
    static func parseAnswers(
        _ text: String, known: Set<String>
    ) -> Result<(answer: DisplayChoice?, byID: [String: DisplayChoice]), AnswerFailure> {
        let answers = spokenList(DisplayChoice.allCases.map(\.rawValue))
        func choice(_ word: String) -> DisplayChoice? { DisplayChoice(rawValue: word.lowercased()) }
        var answer: DisplayChoice?
        var byID: [String: DisplayChoice] = [:]
        for part in text.split(separator: ",").map({ PropertyParser.trim(String($0)) }) where !part.isEmpty {
            guard let eq = part.firstIndex(of: "=") else {
                guard let bare = choice(part) else {
                    return .failure(.init(message: "\"\(part)\" is not an answer: \(answers)"))
                }
                if let answer {
                    return .failure(
                        .init(message: "two answers for every message (\(answer.rawValue), \(bare.rawValue)): give one")
                    )
                }
                answer = bare
                continue
            }
            let id = PropertyParser.trim(String(part[..<eq]))
            let word = PropertyParser.trim(String(part[part.index(after: eq)...]))
            guard !id.isEmpty else { return .failure(.init(message: "\"\(part)\" has no id before =")) }
            guard let picked = choice(word) else {
                return .failure(.init(message: "\(id): \"\(word)\" is not an answer: \(answers)"))
            }
            guard known.contains(id) else {
                return .failure(.init(message: "\(id): no message or trigger of that id in this session"))
            }
            guard byID[id] == nil else { return .failure(.init(message: "\(id) is answered twice")) }
            byID[id] = picked
        }
        return .success((answer, byID))
    }

    /// The presenter `i` offers next: default → none → custom → default.
    static func nextPresenter(after ui: Integration.UI) -> Integration.UI {
        let all = Integration.UI.allCases
        return all[(all.firstIndex(of: ui)! + 1) % all.count]
    }

    /// `none`, `custom app`, `ui=custom impressions=never`: the keys of an `integration` step, as
    /// words. Each word is a presenter or an impressions value, bare or after its key; a word
    /// that is neither, or a key given twice, is refused by name.
    static func parseIntegration(_ text: String) -> Result<IntegrationChange, AnswerFailure> {
        let presenters = spokenList(Integration.UI.allCases.map(\.rawValue))
        let impressions = spokenList(Integration.Impressions.allCases.map(\.rawValue))
        var change = IntegrationChange()
        let words = text.split(whereSeparator: { $0 == " " || $0 == "," }).map { String($0).lowercased() }
        for word in words {
            let (key, value): (String?, String) =
                word.firstIndex(of: "=").map { (String(word[..<$0]), String(word[word.index(after: $0)...])) }
                ?? (nil, word)
            if key == nil || key == "ui", let ui = Integration.UI(rawValue: value) {
                guard change.ui == nil else { return .failure(.init(message: "two presenters: give one")) }
                change.ui = ui
            } else if key == nil || key == "impressions", let logged = Integration.Impressions(rawValue: value) {
                guard change.impressions == nil else {
                    return .failure(.init(message: "impressions given twice: give one"))
                }
                change.impressions = logged
            } else if key == "ui" {
                return .failure(.init(message: "ui: \"\(value)\" is not a presenter: \(presenters)"))
            } else if key == "impressions" {
                return .failure(.init(message: "impressions: \"\(value)\" is not one of \(impressions)"))
            } else if let key {
                return .failure(.init(message: "\(key): not a setting of the app's UI (ui, impressions)"))
            } else {
                return .failure(
                    .init(
                        message: "\"\(word)\" is neither a presenter (\(presenters)) nor impressions (\(impressions))"))
            }
        }
        guard change != IntegrationChange() else {
            return .failure(.init(message: "give a presenter (\(presenters)) or impressions (\(impressions))"))
        }
        return .success(change)
    }

    /// The status line after `i`: the presenter now, in words (I1–I3).
    static func integrationStatus(_ integration: Integration) -> UIState.StatusMessage {
        switch integration.ui {
        case .default:
            return .init("UI default: the SDK's own UI presents (I1)", kind: .success)
        case .none:
            return .init("UI none: nothing presents messages (I2)", kind: .warning)
        case .custom:
            return .init(
                "UI custom: handed to the app's code, impressions " + integration.impressions.rawValue + " (I3)")
        }
    }

    /// `a, b or c`.
    static func spokenList(_ words: [String]) -> String {
        words.count < 2 ? words.joined() : words.dropLast().joined(separator: ", ") + " or " + words.last!
    }

    private func unique(_ names: [String]) -> [String] {
        var seen = Set<String>()
        return names.filter { !$0.isEmpty && seen.insert($0).inserted }
    }

    mutating func openForm(_ form: Form, mono: Double) {
        self.form = form
        whyNotTrigger = nil
        ui.prompt = prompt(for: form)
    }

    func prompt(for form: Form) -> UIState.Prompt {
        let s = engine.state
        switch form {
        case .customEventName:
            return .init(
                label: "custom event name", defaultValue: knownEventNames.first ?? "my_event",
                choices: knownEventNames, step: "event 1/2")
        case .customEventProperties(let name):
            return .init(label: "\(name) properties key=value, …", defaultValue: "none", step: "event 2/2")
        case .purchaseProduct:
            return .init(
                label: "purchase product id", defaultValue: knownProducts.first ?? "product-1",
                choices: knownProducts, step: "purchase 1/2")
        case .purchaseProperties(let product):
            return .init(
                label: "\(product) properties key=value, …", defaultValue: "none", step: "purchase 2/2")
        case .pushCampaign:
            return .init(
                label: "campaign id (none = no campaign)", defaultValue: knownCampaigns.first ?? "none",
                choices: knownCampaigns + ["none"], step: "push click")
        case .localType:
            return .init(
                label: "local message type", defaultValue: "MODAL",
                choices: Message.Kind.allCases.map(\.rawValue), step: "local 1/3")
        case .localText(let kind):
            return .init(label: "\(kind.rawValue) text", defaultValue: "Hello from the app", step: "local 2/3")
        case .localDuration:
            return .init(
                label: "duration ms (or swipe)", defaultValue: "5000", choices: ["5000", "10000", "swipe"],
                step: "local 3/3")
        case .delegateImplements:
            // X13: the platform's own name for the delegate, and only the methods it has.
            let names = s.settings.profile.delegateNames
            let offered = names.implementable
            let current = offered.contains(s.delegate.implements) ? s.delegate.implements : .controller
            return .init(
                label: "delegate implements (\(names.method))", defaultValue: current.rawValue,
                choices: offered.map(\.rawValue), step: "delegate 1/2")
        case .delegateAnswer:
            let names = s.settings.profile.delegateNames
            let ids = knownMessageIDs.prefix(4).map { "\(s.delegate.answer.rawValue), \($0)=discard" }
            let spoken = DisplayChoice.allCases.map { "\($0.rawValue)=\(names.name(of: $0))" }.joined(separator: " ")
            return .init(
                label: "answer, id=answer, … (\(spoken))", defaultValue: Self.spell(s.delegate),
                choices: DisplayChoice.allCases.map(\.rawValue) + ids, step: "delegate 2/2")
        case .integration:
            // Enter takes the next presenter of the cycle default → none → custom.
            return .init(
                label: "presenter, impressions", defaultValue: Self.nextPresenter(after: s.integration.ui).rawValue,
                choices: ["default", "none", "custom", "custom sdk", "custom app", "custom never"], step: "app UI")
        case .traceSearch:
            return .init(
                label: "search the trace", defaultValue: lastSearch.isEmpty ? "" : lastSearch + ", older", step: "/")
        case .openScenario:
            return .init(label: "scenario file (Tab completes)", step: "open")
        case .profileName:
            // The named versions of the platform shown (versions-evidence §9 (a)), then the others.
            let profile = split?.engine.state.settings.profile ?? s.settings.profile
            func named(_ platform: String) -> [String] {
                VersionAxis.of(platform)?.named.map { "\(platform)@\($0.version)" } ?? []
            }
            // Every platform's named versions, so that Tab completes what was typed (`android@`).
            let others = Profile.all.map(\.platform).filter { $0 != profile.platform }.flatMap(named)
            return .init(
                label: split == nil ? "platform@version" : "B platform@version", defaultValue: profile.name,
                choices: named(profile.platform) + Profile.all.map(\.name) + others, step: "platform")
        case .userID:
            return .init(
                label: "changeUser to user id", defaultValue: "user-\(s.userEpoch + 1)", step: "user")
        case .campaign:
            let triggers = s.serverTriggers
            let selected = triggers.isEmpty ? "" : triggers[min(ui.selectedTrigger, triggers.count - 1)].id
            return .init(
                label: "enable/disable campaign", defaultValue: selected, choices: triggers.map(\.id), step: "server")
        }
    }

    mutating func promptKey(_ key: Key, mono: Double) -> [Effect] {
        guard var prompt = ui.prompt else { return [] }
        switch key {
        case .escape:
            ui.prompt = nil
            form = nil
            // An error the form gave (a file that did not load) stays, whole with `m`.
            if ui.status?.kind != .error { ui.status = .init("cancelled") }
            return []
        case .enter:
            if form == .traceSearch {
                close()
                search(prompt.text)
                return []
            }
            let value = prompt.text.isEmpty ? prompt.defaultValue : prompt.text
            if form == .openScenario { return requestOpen(path: PropertyParser.trim(value)) }
            if form == .profileName, split != nil { return chooseSplitProfile(PropertyParser.trim(value), mono: mono) }
            return Self.effects(submit(value, mono: mono))
        case .backspace, .delete:
            prompt.deleteBackward()
        case .ctrl("u"):
            prompt.replaceText("")
        case .tab where form == .openScenario:
            completePath(&prompt)
        case .tab, .backTab:
            guard !prompt.choices.isEmpty else { break }
            // What was typed is kept when no choice starts with it.
            if !prompt.complete(forward: key == .tab) {
                ui.status = .init("no choice starts with \"\(prompt.text)\"", kind: .warning)
            }
        case .character(let c):
            if !prompt.type(c) {
                ui.status = .init(
                    "input is limited to \(UIState.Prompt.maxLength) characters; the rest was left out", kind: .error)
            }
        default:
            break
        }
        ui.prompt = prompt
        return []
    }

    /// Takes the value of the current step: opens the next step or performs the action.
    mutating func submit(_ value: String, mono: Double) -> [TraceRecord] {
        guard let form else {
            ui.prompt = nil
            return []
        }
        let value = PropertyParser.trim(value)
        switch form {
        case .customEventName:
            guard !value.isEmpty else { return reject("an event needs a name") }
            next(.customEventProperties(name: value))
        case .customEventProperties(let name):
            switch PropertyParser.parse(value) {
            case .failure(let failure): return reject(Self.describe(failure))
            case .success(let parsed):
                close()
                let records = act(.customEvent(name: name, properties: parsed.properties), mono: mono)
                if !parsed.properties.isEmpty { ui.status?.text += " · " + parsed.summary }
                return records
            }
        case .purchaseProduct:
            guard !value.isEmpty else { return reject("a purchase needs a product id") }
            next(.purchaseProperties(product: value))
        case .purchaseProperties(let product):
            switch PropertyParser.parse(value) {
            case .failure(let failure): return reject(Self.describe(failure))
            case .success(let parsed):
                close()
                return act(.purchase(productID: product, properties: parsed.properties), mono: mono)
            }
        case .pushCampaign:
            close()
            return act(.pushClick(campaignID: value.isEmpty || value == "none" ? nil : value), mono: mono)
        case .localType:
            guard let kind = Message.Kind(rawValue: value.uppercased()) else {
                return reject("type is one of SLIDEUP, MODAL, FULL, HTML, HTML_FULL")
            }
            next(.localText(kind: kind))
        case .localText(let kind):
            next(.localDuration(kind: kind, text: value))
        case .localDuration(let kind, let text):
            var message = Message(kind: kind, text: text)
            if kind == .modal || kind == .full { message.header = "Local message" }
            if value.lowercased() == "swipe" {
                message.close = .swipe
            } else if let ms = Int(value), ms >= 0 {
                message.duration = ms
            } else {
                return reject("duration is milliseconds or swipe")
            }
            close()
            return act(.addLocal(message), mono: mono)
        case .delegateImplements:
            guard let implements = Delegate.Implements(rawValue: value) else {
                return reject("implements is one of " + Self.spokenList(offeredImplements.map(\.rawValue)))
            }
            guard offeredImplements.contains(implements) else {
                return reject(
                    "\(value): \(engine.state.settings.profile.name) has no such delegate method; one of "
                        + Self.spokenList(offeredImplements.map(\.rawValue)))
            }
            // No delegate answers nothing: there is no second question to ask (L4).
            guard implements != .none else {
                close()
                let records = act(.delegate(Delegate(implements: .none)), mono: mono)
                ui.status = .init(Self.delegateStatus(engine.state))
                return records
            }
            next(.delegateAnswer(implements: implements))
        case .delegateAnswer(let implements):
            var delegate = engine.state.delegate
            delegate.implements = implements
            switch Self.parseAnswers(value, known: Set(knownMessageIDs)) {
            case .failure(let failure): return reject(failure.message)
            case .success(let parsed):
                delegate.answer = parsed.answer ?? delegate.answer
                delegate.answers = parsed.byID
            }
            close()
            let records = act(.delegate(delegate), mono: mono)
            ui.status = .init(Self.delegateStatus(engine.state))
            return records
        case .integration:
            switch Self.parseIntegration(value) {
            case .failure(let failure): return reject(failure.message)
            case .success(let change):
                close()
                let records = act(.integration(change), mono: mono)
                ui.status = Self.integrationStatus(engine.state.integration)
                return records
            }
        case .traceSearch:
            close()
            search(value)
        case .openScenario:
            break // Enter in this form asks the main loop to read the file (`requestOpen`)
        case .profileName:
            switch Profile.resolve(value) {
            case .failure(let error): return reject(error.description)
            case .success(let profile):
                close()
                let records = act(.profile(profile), mono: mono)
                ui.status = .init("profile \(profile.name): \(profile.title) · P for the next platform")
                return records
            }
        case .userID:
            guard !value.isEmpty else { return reject("changeUser needs a user id") }
            close()
            return act(.changeUser(id: value), mono: mono)
        case .campaign:
            guard engine.state.serverTriggers.contains(where: { $0.id == value }) else {
                return reject("no campaign \"\(value)\" in this scenario")
            }
            close()
            let enable = engine.state.disabledCampaigns.contains(value)
            let records = act(.campaign(id: value, enabled: enable), mono: mono)
            ui.status = .init(
                "\(value) \(enable ? "enabled" : "disabled") on the server: takes effect at the next session (D5)")
            return records
        }
        return []
    }

    /// `@` in the split view: B runs the platform and version typed (versions.md: two versions
    /// of one platform side by side), replaying the session as `V` does.
    private mutating func chooseSplitProfile(_ value: String, mono: Double) -> [Effect] {
        switch Profile.resolve(value) {
        case .failure(let error):
            _ = reject(error.description)
            return []
        case .success(let profile):
            guard profile.name != engine.state.settings.profile.name else {
                _ = reject("A runs \(profile.name) already: give B another platform or version")
                return []
            }
            close()
            return openSplit(right: profile, records: tick(mono: mono))
        }
    }

    /// Tab in the open-file prompt: the longest common start of the matching paths; the
    /// matches are listed on the hint row.
    private mutating func completePath(_ prompt: inout UIState.Prompt) {
        let matches = files.complete(prompt.text)
        prompt.choices = Array(matches.prefix(50))
        guard var common = matches.first else {
            ui.status = .init("no file starts with \(prompt.text.isEmpty ? "that" : prompt.text)", kind: .error)
            return
        }
        for match in matches.dropFirst() {
            while !match.hasPrefix(common) { common.removeLast() }
        }
        if common.count > prompt.text.count { prompt.replaceText(common) }
        ui.status = nil
    }

    private mutating func next(_ form: Form) {
        self.form = form
        ui.prompt = prompt(for: form)
    }

    mutating func close() {
        form = nil
        ui.prompt = nil
    }

    /// Keeps the prompt open with what was typed and says what is wrong.
    private mutating func reject(_ message: String) -> [TraceRecord] {
        ui.status = .init(message, kind: .error)
        return []
    }

    static func describe(_ failure: PropertyParser.Failure) -> String {
        switch failure {
        case .missingEquals(let item): "\"\(item)\" is not key=value"
        case .emptyKey(let item): "\"\(item)\" has no key"
        case .badDate(let item): "\"\(item)\": $date: needs an ISO-8601 date like 2026-01-01T10:00:00Z"
        }
    }
}
