import IAMEngine

/// The app around the SDK in one line of the side panel (integration.md, "In the simulator"):
/// what presents messages, the screen in front, test sends waiting for their push. Each piece of
/// state is one part with a long and a short wording; a new setting of the app (a bridge, the
/// Web SDK's subscribers) is one more part in `parts(of:)`.
package enum IntegrationLine {
    /// One piece of the integration: its words when there is room, its words when there is not,
    /// and whether it is a reason messages may not show.
    package struct Part: Sendable, Equatable {
        package var long: String
        package var short: String
        package var warns: Bool
    }

    /// Whether the side panel shows the line: when the scenario sets up the app around the SDK
    /// (`settings.integration`, `settings.screens`) or the session departs from the defaults (a
    /// presenter changed with `i`, a screen named, a test send waiting). With the defaults
    /// throughout, the SDK's own UI presents, as every rule of the delivery spec assumes, and
    /// the row goes to the rest of the status.
    package static func isShown(_ s: EngineState) -> Bool {
        s.integration != Integration() || s.settings.integration != Integration() || !s.settings.screens.isEmpty
            || s.screen != nil || !s.waitingTestSends.isEmpty
    }

    /// The parts, in the order the line shows them; the presenter always comes first.
    package static func parts(of s: EngineState) -> [Part] {
        var parts: [Part] = [presenter(s.integration)]
        // B1–B4: a bridge hands messages to the app's JavaScript, Dart or C# side.
        if let bridge = s.integration.bridge, s.integration.ui == .default {
            let kind = bridge.kind.rawValue
            let queued = s.bridgeQueue.count
            if !bridge.listener {
                parts.append(Part(long: kind + " bridge, no listener", short: kind + " no listener", warns: false))
            } else {
                var long = kind + " bridge, native UI " + (bridge.nativeUI ? "on" : "off")
                var short = kind + (bridge.nativeUI ? "" : " no UI")
                if !bridge.ready {
                    long += ", app side not ready"
                    short += " not ready"
                }
                if queued > 0 {
                    long += ", \(queued) queued"
                    short += " \(queued)q"
                }
                parts.append(Part(long: long, short: short, warns: !bridge.nativeUI || !bridge.ready))
            }
        }
        // I4: the Web SDK's automatic display and the app's subscribers.
        if s.integration.web != WebDisplay() {
            let web = s.integration.web
            let subscribers =
                web.subscribers.isEmpty ? "no subscriber" : web.subscribers.map(\.rawValue).joined(separator: ",")
            parts.append(
                Part(
                    long: "web " + (web.automaticallyShow ? "automatic" : "manual") + ", " + subscribers,
                    short: "web " + (web.automaticallyShow ? "auto" : "manual"),
                    warns: !web.automaticallyShow))
        }
        if let deferred = s.deferred {
            parts.append(Part(long: "deferred " + deferred.id, short: "1 deferred", warns: false))
        }
        if let name = s.screen {
            let screen = s.settings.screens[name]
            var long = "screen " + name
            var short = name
            var warns = false
            if s.settings.holdsBack(onScreen: name) {
                long += " (not registered)"
                short += " (unreg.)"
                warns = true
            }
            if let answer = screen?.delegate {
                long += " answers " + answer.rawValue
                short += ": " + answer.rawValue
                warns = warns || answer != .now
            }
            parts.append(Part(long: long, short: short, warns: warns))
        }
        // I3 with `impressions: app`: messages handed over whose impression the app has not logged.
        let unlogged = s.awaitingAppImpression.count
        if unlogged > 0 {
            parts.append(
                Part(
                    long: "\(unlogged) impression\(unlogged == 1 ? "" : "s") for the app to log",
                    short: "\(unlogged) imp. unlogged", warns: true))
        }
        let waiting = s.waitingTestSends.count
        if waiting > 0 {
            parts.append(
                Part(
                    long: "\(waiting) test send\(waiting == 1 ? "" : "s") waiting",
                    short: "\(waiting) test wait", warns: true))
        }
        return parts
    }

    /// I1–I3: who presents, and for the app's own UI who logs impressions.
    static func presenter(_ integration: Integration) -> Part {
        let long = integration.presenter
        switch integration.ui {
        case .default: return Part(long: long, short: long, warns: false)
        case .none: return Part(long: long + ": nothing presents", short: long, warns: true)
        case .custom:
            return Part(
                long: long, short: "UI custom/" + integration.impressions.rawValue,
                warns: integration.impressions == .never)
        }
    }

    /// The line for `width` cells: every part in its long words, else in its short ones, else as
    /// many short parts as fit with `+N` for the rest.
    package static func text(_ parts: [Part], width: Int, dot: String) -> String {
        let separator = " \(dot) "
        let long = parts.map(\.long).joined(separator: separator)
        if long.cellWidth <= width { return long }
        let short = parts.map(\.short).joined(separator: separator)
        if short.cellWidth <= width { return short }
        var shown = parts.map(\.short)
        while shown.count > 1 {
            shown.removeLast()
            let text = shown.joined(separator: separator) + " +\(parts.count - shown.count)"
            if text.cellWidth <= width { return text }
        }
        return shown.joined(separator: separator)
    }
}
