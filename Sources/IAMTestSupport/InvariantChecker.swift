import IAMEngine

/// Checks, record by record, what must hold in any trace of the engine (used by the property
/// test and the fuzzer):
/// - at most one message is visible (M1), except on a platform whose page holds several (X58);
/// - a carried-over message (X54) is the one that was visible, or one not yet shown; only it is
///   redisplayed;
/// - two `performed` records of triggers without an interval override are never closer than the
///   minimum interval within one launch, once rolled-back stamps (L5) are set aside (P2), on the
///   platform's clock (X52: whole seconds) and except a hand-over the trace puts down to X50
///   (or X51, X52 where P3 would have stopped it first);
/// - an offered message is the top of the stack as the records describe it (L3);
/// - every performed or local message ends in exactly one recorded way (displayed, discarded,
///   reenqueued, cleared by launch or reset) or is still on the stack or waiting;
/// - a message taken off the stack without being offered (X15 `duplicate_on_stack`, X1
///   `no_stack`) is recorded with the stack that remains;
/// - per platform (profiles.md): without a stack (web, X1) nothing is returned to it and it is
///   empty after every step.
public struct InvariantChecker: Sendable {
    /// Performed or local messages that have not ended yet.
    public private(set) var live: [String] = []
    /// The stack as the records describe it, bottom to top.
    public private(set) var stack: [String] = []
    public private(set) var visible: String?
    /// X58: the messages on the page beneath `visible`, oldest first.
    public private(set) var beneath: [String] = []
    /// The messages waiting for their assets, as the records say (a subscriber's hand-over does
    /// not end a copy that waits).
    private var waitingIDs: [String] = []
    /// X54: the carried-over message, and whether it was shown before (then it is no longer live).
    public private(set) var carried: (id: String, shownBefore: Bool)?
    /// X2: the parked message, on platforms that park.
    public private(set) var parked: String?
    public private(set) var failures: [String] = []

    private let triggers: [String: Trigger]
    private let interval: Double
    private let epoch: Double
    private var lastPerformed: Double?
    /// X35, X39: the last performed record and the P2 stamp before it, while a discard at the
    /// same instant may still undo it.
    /// The P2 violation of that record, judged only once the next record shows it was kept.
    private var unstamp: (id: String, t: Double, previous: Double?, violation: (context: String, text: String)?)?
    private var performedAt: [String: [Double]] = [:]
    /// The platform in force, from the `app profile` records.
    public private(set) var profile: Profile

    public init(scenario: Scenario) {
        profile = scenario.settings.profile
        var byID: [String: Trigger] = [:]
        for trigger in scenario.triggers where byID[trigger.id] == nil { byID[trigger.id] = trigger }
        triggers = byID
        interval = scenario.settings.minimumTriggerInterval
        epoch = scenario.settings.epoch
    }

    /// P2 between two performed records, on the platform's clock (X52).
    private func apart(_ time: Double, _ last: Double) -> Bool {
        switch profile.gateReading.gateClock {
        case .asGiven: time >= last + interval - 1e-9
        case .wholeSeconds: (epoch + time).rounded(.down) >= (epoch + last).rounded(.down) + interval
        }
    }

    public mutating func check(_ r: TraceRecord) {
        checkRecord(r)
        if !profile.keepsStack, r.kind == .returnedToStack || (r.kind == .parked && r.reason != .deferred) {
            fail(r, "\(profile.name) has no stack, but a message is returned to it")
        }
    }

    private mutating func checkRecord(_ r: TraceRecord) {
        // X35, X39: a message the platform drops at its hand-over, before the stamps, leaves P2's
        // last trigger time as it was.
        // Such a message is dropped before P2 is asked, so the interval is judged after it.
        if let stamped = unstamp {
            unstamp = nil
            if r.kind == .discarded, r.message == stamped.id, stamped.t == r.t,
                (profile.checksHandOverBeforeStamp && (r.reason == .timeout || r.reason == .noSubscriber))
                    || (profile.fallsBackFromRefusedMessage && r.reason == .invalidMessage)
            {
                lastPerformed = stamped.previous
                if var times = performedAt[stamped.id], !times.isEmpty {
                    times.removeLast()
                    performedAt[stamped.id] = times
                }
            } else if let violation = stamped.violation {
                fail(violation.context, violation.text)
            }
        }
        // A message waiting for its assets stops waiting with its next fate.
        // (A second showing refused at once, `message_visible`, is another copy: the first waits on.)
        let ends = [.displayed, .discarded, .returnedToStack, .carriedOver].contains(r.kind)
        if ends, !(r.kind == .discarded && r.reason == .messageVisible), let id = r.message,
            let index = waitingIDs.firstIndex(of: id)
        {
            waitingIDs.remove(at: index)
        }
        switch r.kind {
        case .app where r.reason == .profile:
            guard let name = r.profile, let named = Profile.named(name) else {
                return fail(r, "a profile record without a known profile")
            }
            profile = named
        case .app where r.reason == .launch || r.reason == .reset:
            // Everything pending is cleared; the record lists the last 16 and counts them all (§10).
            if (r.depth ?? 0) != live.count { fail(r, "clears \(r.depth ?? 0) messages but \(live.count) are pending") }
            if (r.stack ?? []).count != min(live.count, TraceRecord.stackShown) { fail(r, "lists \(r.stack ?? [])") }
            for id in r.stack ?? [] where !live.contains(id) { fail(r, "clears \(id), which is not pending") }
            live = []
            stack = []
            parked = nil
            carried = nil
            waitingIDs = []
            lastPerformed = nil
            performedAt = [:]
        case .performed:
            guard let id = r.message else { return fail(r, "performed without a message") }
            live.append(id)
            // X18: an interval written -1 is the trigger's own (none) where the platform reads it so.
            if let trigger = triggers[id], trigger.minSecondsSinceLastTrigger < 0, !trigger.isTest,
                !(profile.gateReading.explicitMinusOne == .literal
                    && trigger.explicitMinusOne.contains(.minSecondsSinceLastTrigger))
            {
                // X50: a delayed message handed over without a second P2 check, past a gate the
                // rules as written would close, names the row (X50, or X51/X52 for P3 first).
                let unchecked =
                    !profile.gateReading.handOverChecksInterval
                    && ["X50:", "X51:", "X52:"].contains { r.detail?.hasPrefix($0) ?? false }
                var violation: (context: String, text: String)?
                if let last = lastPerformed, !unchecked, !apart(r.t, last) {
                    violation = (
                        TraceFormat.text(r),
                        "performed \(r.t - last) s after the previous trigger (interval \(interval))"
                    )
                }
                unstamp = (id, r.t, lastPerformed, violation)
                lastPerformed = r.t
                performedAt[id, default: []].append(r.t)
            }
        case .stacked, .returnedToStack:
            guard let id = r.message else { return fail(r, "no message") }
            if r.kind == .stacked, r.reason == .local { live.append(id) }
            stack.append(id)
            if r.stack.map(ArraySlice.init) != stack.suffix(TraceRecord.stackShown) || r.depth != stack.count {
                fail(r, "stack \(r.stack ?? []) (depth \(r.depth ?? -1)) but the records say \(stack)")
            }
        case .parked where r.reason == .deferred, .handedToApp where r.reason == .bridge:
            // I4: the Web SDK's deferred slot holds a message the app was handed, not one off the
            // stack; B1: a bridge hands a copy over, the message's fate is its own record.
            break
        case .handedToApp where r.isSubscriberHandOver:
            // I4: a subscriber has the message now (it may have been displayed already); a copy
            // automatic display keeps waiting for its image stays pending.
            if let id = r.message, live.filter({ $0 == id }).count > waitingIDs.filter({ $0 == id }).count,
                let index = live.lastIndex(of: id)
            {
                live.remove(at: index)
            }
        case .waitingForAsset:
            if let id = r.message { waitingIDs.append(id) }
        case .discarded where r.reason == .deferred:
            break
        case .offered where r.reason == .manual || r.reason == .shownAgain || r.reason == .deferred:
            // I4: the app shows a message it was handed: it is pending again until its fate.
            guard let id = r.message else { return fail(r, "offered without a message") }
            live.append(id)
        case .parked:
            guard let id = r.message else { return fail(r, "no message") }
            if stack.last != id { fail(r, "parked \(id) but the top is \(stack.last ?? "nothing")") }
            if !stack.isEmpty { stack.removeLast() }
            parked = id
        case .offered where r.reason == .carryover:
            // X54: the next screen shows the carried-over message it had not shown yet.
            if carried?.id != r.message || carried?.shownBefore != false {
                fail(r, "offered \(r.message ?? "?") from the carry-over slot, which holds \(carried?.id ?? "nothing")")
            }
            carried = nil
        case .offered where r.reason == .testSend:
            // TS1: a test send comes by push, not off the stack; from here it is pending like a
            // performed message.
            guard let id = r.message else { return fail(r, "offered a test send without a message") }
            live.append(id)
        case .offered where [.foreground, .integration, .rotate, .device].contains(r.reason):
            if parked != r.message {
                fail(r, "offered \(r.message ?? "?") from the slot, but \(parked ?? "nothing") was parked")
            }
            parked = nil
        case .offered:
            guard let id = r.message else { return }
            if stack.last != id { fail(r, "offered \(id) but the top is \(stack.last ?? "nothing")") }
            if !stack.isEmpty { stack.removeLast() }
        case .carriedOver:
            guard let id = r.message else { return fail(r, "no message") }
            if visible == id {
                visible = beneath.popLast()
                carried = (id, true)
            } else if live.contains(id) {
                carried = (id, false)
            } else {
                fail(r, "carried \(id) over, but it is neither visible nor pending")
            }
        case .redisplayed:
            guard let id = r.message, carried?.id == id, carried?.shownBefore == true else {
                return fail(r, "redisplayed \(r.message ?? "?"), but \(carried?.id ?? "nothing") was carried over")
            }
            carried = nil
            if let visible { fail(r, "\(visible) is still visible") }
            visible = id
        case .discarded
        where carried?.id == r.message
            && [.carryoverTimeout, .carryoverOrientationMismatch, .userChanged].contains(r.reason):
            // A message shown before has ended already; one not yet shown ends here.
            if carried?.shownBefore == false { end(r.message ?? "", r) }
            carried = nil
        case .dismissed where carried?.id == r.message && r.detail == TraceRecord.carryoverSlot:
            carried = nil
        case .discarded where carried?.id == r.message && r.detail == TraceRecord.carryoverSlot:
            carried = nil
            end(r.message ?? "", r)
        case .displayed, .handedToApp:
            guard let id = r.message else { return fail(r, "no message") }
            end(id, r)
            // A control message handed to the app's own code (I3) is not drawn either.
            let control =
                r.reason == .controlImpression || (r.kind == .handedToApp && triggers[id]?.message.isControl == true)
            if !control {
                if let visible {
                    if profile.closingHold == nil || r.kind == .handedToApp {
                        fail(r, "\(visible) is still visible")
                    } else {
                        beneath.append(visible)
                    }
                }
                visible = id
            }
        case .dismissed:
            if r.detail == TraceRecord.beneathTheNewest, let index = beneath.firstIndex(where: { $0 == r.message }) {
                beneath.remove(at: index)
            } else if visible == r.message, r.detail != TraceRecord.beneathTheNewest {
                visible = beneath.popLast()
            } else {
                fail(r, "dismissed \(r.message ?? "?") but \(visible ?? "nothing") was visible")
            }
        case .discarded:
            let id = r.message ?? ""
            if let remaining = r.stack {
                // Taken off the stack directly (X15, X1 on a switch).
                if let index = stack.lastIndex(of: id) {
                    stack.remove(at: index)
                } else {
                    fail(r, "discarded \(id) from the stack, but the records do not have it there")
                }
                if ArraySlice(remaining) != stack.suffix(TraceRecord.stackShown) || r.depth != stack.count {
                    fail(r, "stack \(remaining) (depth \(r.depth ?? -1)) but the records say \(stack)")
                }
            }
            end(id, r)
        case .reenqueued:
            let id = r.message ?? ""
            end(id, r)
            // L5: the rolled-back stamp no longer counts toward the minimum interval.
            if let t = performedAt[id]?.popLast(), t == lastPerformed {
                lastPerformed = performedAt.values.flatMap { $0 }.filter { $0 < t }.max()
            }
        default:
            break
        }
    }

    /// Compares what the records say with the engine's state after a step.
    public mutating func check(against state: EngineState) {
        if let violation = unstamp?.violation { fail(violation.context, violation.text) }
        unstamp = nil
        let r = "engine state at \(TraceFormat.fixed3(state.now))"
        if !profile.keepsStack, !stack.isEmpty || !state.stack.isEmpty {
            fail(r, "\(profile.name) has no stack, but \(state.stack.map(\.id)) waits on it")
        }
        if stack != state.stack.map(\.id) { fail(r, "stack \(state.stack.map(\.id)) but the records say \(stack)") }
        if visible != state.visible?.pending.id {
            fail(r, "visible \(state.visible?.pending.id ?? "nothing") but the records say \(visible ?? "nothing")")
        }
        if parked != state.parked?.id {
            fail(r, "parked \(state.parked?.id ?? "nothing") but the records say \(parked ?? "nothing")")
        }
        if beneath != state.beneath.map(\.pending.id) {
            fail(r, "beneath \(state.beneath.map(\.pending.id)) but the records say \(beneath)")
        }
        if carried?.id != state.carryover?.pending.id {
            fail(
                r,
                "carried over \(state.carryover?.pending.id ?? "nothing") but the records say \(carried?.id ?? "nothing")"
            )
        }
        // The copies waiting for assets at the end of the step (fates such as X40's clearing leave
        // no record per copy): the next step's hand-overs are judged against these.
        waitingIDs = state.waiting.map(\.id)
        let slots = (state.parked.map { [$0] } ?? []) + (state.unshownCarryover.map { [$0] } ?? [])
        let pending = (state.stack + state.waiting + slots).map(\.id).sorted()
        if live.sorted() != pending { fail(r, "live \(live.sorted()) but stack and waiting hold \(pending)") }
    }

    private mutating func end(_ id: String, _ r: TraceRecord) {
        if let index = live.lastIndex(of: id) {
            live.remove(at: index)
        } else {
            fail(r, "\(id) ended but was not pending")
        }
    }

    private mutating func fail(_ r: TraceRecord, _ text: String) {
        fail(TraceFormat.text(r), text)
    }

    private mutating func fail(_ context: String, _ text: String) {
        failures.append("\(context): \(text)")
    }
}

extension TraceRecord {
    /// I4: a web subscriber was handed the message.
    fileprivate var isSubscriberHandOver: Bool {
        if case .subscriber = fact { return true }
        return false
    }
}
