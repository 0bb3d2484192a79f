import IAMEngine

/// A trigger's state at a glance, as the trigger list shows it.
public struct TriggerStatus: Sendable, Equatable {
    public enum Kind: Sendable, Equatable {
        case eligible, coolingDown, notReEligible, waitingReEligibility, outsideWindow
        case disabled, notDelivered
    }
    public var kind: Kind
    public var text: String

    /// Computes the state from the engine state (P2, P3, T2, D1, D5).
    public static func of(_ trigger: Trigger, in s: EngineState) -> TriggerStatus {
        let now = s.now
        let delivered = s.delivered[trigger.id] != nil
        if s.disabledCampaigns.contains(trigger.id) {
            return .init(kind: .disabled, text: delivered ? "disabled on server (next session)" : "disabled on server")
        }
        guard delivered else { return .init(kind: .notDelivered, text: "not delivered") }
        // The engine's one eligibility function: the list can never disagree with what the
        // engine will decide for an event now (E2 included).
        switch s.exclusion(of: trigger, at: now) {
        case nil: break
        case .outsideTimeWindow(let notYet)?:
            return .init(kind: .outsideWindow, text: notYet ? "outside window (not yet)" : "outside window (ended)")
        case .reEligibility(again: nil)?:
            return .init(kind: .notReEligible, text: "not re-eligible")
        case .reEligibility(let again?)?:
            return .init(kind: .waitingReEligibility, text: "re-eligible in \(formatWholeSeconds(again - now))s")
        case .minimumInterval(let next)?:
            return .init(kind: .coolingDown, text: "cooling down \(formatWholeSeconds(next - now))s")
        }
        return .init(kind: .eligible, text: "eligible")
    }
}

/// The TRIGGERS section: one row per server trigger, the selected one highlighted.
enum TriggerList {
    static func draw(_ grid: inout Grid, _ ctx: RenderContext, rect: Rect, hotspots: inout [Hotspot]) {
        guard rect.height >= 1 else { return }
        let triggers = ctx.engine.serverTriggers
        grid.put(
            SidePanel.header(
                "TRIGGERS", triggers.isEmpty ? "(none)" : "\(ctx.glyphs.up)\(ctx.glyphs.down) select, Enter why not"),
            x: rect.x, y: rect.y, limit: rect.maxX)
        let rows = rect.height - 1
        guard rows > 0, !triggers.isEmpty else { return }
        let selected = min(max(0, ctx.ui.selectedTrigger), triggers.count - 1)
        let first = min(max(0, selected - rows + 1), max(0, triggers.count - rows))
        let idWidth = max(8, min(18, rect.width / 4))
        let condWidth = max(6, min(18, rect.width / 4))
        for row in 0..<min(rows, triggers.count - first) {
            let index = first + row
            let t = triggers[index]
            let y = rect.y + 1 + row
            let status = TriggerStatus.of(t, in: ctx.engine)
            let (mark, role): (Character, StyleRole) =
                switch status.kind {
                case .eligible: (ctx.glyphs.bullet, .success)
                case .coolingDown, .waitingReEligibility: (ctx.glyphs.half, .warning)
                case .notReEligible, .outsideWindow: (ctx.glyphs.hollow, .error)
                case .disabled, .notDelivered: (ctx.glyphs.hollow, .muted)
                }
            let isSelected = index == selected
            let name = ctx.clean(t.id)
            var line: Line = [Span(" \(mark) ", role)]
            line.append(
                Span(
                    name.clipped(to: idWidth, ellipsis: ctx.glyphs.ellipsis).padded(to: idWidth) + " ", .normal,
                    bold: isSelected))
            line.append(
                Span(
                    conditionSummary(t, ctx).clipped(to: condWidth, ellipsis: ctx.glyphs.ellipsis).padded(to: condWidth)
                        + " ", .muted))
            line.append(Span("p\(t.priority) ".padded(to: 4), .muted))
            line.append(Span(status.text, role))
            let impressions = ctx.engine.analytics[t.id]?.impressions ?? 0
            if impressions > 0 {
                line.append(Span(" \(ctx.glyphs.dot) shown \(impressions)\(ctx.ascii ? "x" : "×")", .normal))
            }
            if isSelected {
                grid.fill(Rect(x: rect.x, y: y, width: rect.width, height: 1), role: .selected, reverse: true)
                line = line.map { Span($0.text, .selected, bold: $0.bold, reverse: true) }
            }
            grid.put(line, x: rect.x, y: y, limit: rect.maxX)
            hotspots.append(Hotspot(Rect(x: rect.x, y: y, width: rect.width, height: 1), .triggerRow(index)))
        }
    }

    static func conditionSummary(_ t: Trigger, _ ctx: RenderContext) -> String {
        guard let first = t.conditions.first else { return "—".asciiFallback(ctx.ascii) }
        let text: String =
            switch first {
            case .open: "open"
            case .purchase(let p): p.map { "purchase:" + $0 } ?? "purchase"
            case .purchaseProperty(let p, _): "purchase:" + p + "+f"
            case .customEvent(let n): "event:" + n
            case .customEventProperty(let n, _): "event:" + n + "+f"
            case .pushClick(let c): c.map { "push:" + $0 } ?? "push"
            case .iamClick(let id, _): "click:" + id
            case .test: "test"
            case .unsupported(let type): "?" + type
            }
        return ctx.clean(text) + (t.conditions.count > 1 ? " +\(t.conditions.count - 1)" : "")
    }
}
