// R3 (delivery-rules §12): regex filters in the platform's dialect, within the T6 bound: a
// budget that runs out (`regex_budget`), and under `web` a pattern that throws (`sdk_error`).

extension PropertyFilter {
    /// Comparators 10 and 17 on a string value. A pattern that ran out of its budget, or that the
    /// dialect cannot compile, passes neither (R3: the filter does not pass).
    func regexPasses(_ text: String, policy: FilterPolicy) -> Bool {
        regexOutcome(text, policy: policy).passes(comparator)
    }

    @inline(__always)
    func regexOutcome(_ text: String, policy: FilterPolicy) -> RegexOutcome {
        guard let pattern else { return .syntaxError }
        return pattern.evaluate(
            text, caseSensitive: policy.regexCaseSensitive, dialect: policy.regexDialect, event: policy.eventRegexBudget
        )
    }

    /// R3: an unsupported filter whose only fault is a pattern that does not compile, on a
    /// platform that compiles a pattern only for a string value: it is evaluated (a missing or
    /// non-string value gets T5's answer; a string value fails, or under `web` throws).
    @inline(__always)
    func evaluatesUncompiledPattern(_ policy: FilterPolicy) -> Bool {
        policy.regexDialect.compilesOnlyForStringValues && pattern?.isCompiled == false
    }

    /// The regex outcome of this filter on `properties` when evaluating it runs a regex (a regex
    /// comparator, a `string` filter, a string value); `nil` otherwise.
    func regexOutcome(_ properties: [String: PropertyValue], policy: FilterPolicy) -> RegexOutcome? {
        guard comparator == .matchesRegex || comparator == .doesNotMatchRegex, type == .string, pattern != nil,
            case .string(let text)? = Self.lookUp(key, in: properties)
        else { return nil }
        return regexOutcome(text, policy: policy)
    }

    /// Under a dialect whose syntax errors abort the event (R3, `web`): whether evaluating this
    /// filter on `properties` throws. The SDK compiles a pattern only for a string value (X25).
    func throwsOnEvaluation(_ properties: [String: PropertyValue], policy: FilterPolicy) -> Bool {
        guard policy.regexDialect.syntaxErrorAbortsEvent, pattern?.javaScriptError != nil else { return false }
        return regexOutcome(properties, policy: policy) == .syntaxError
    }

    /// `regex_budget`'s detail for the trace and why-not: the filter and the budget.
    public var regexBudgetDescription: String { regexBudgetDescription(left: nil) }

    /// `regex_budget`'s detail: the filter and the budget; when the event's earlier backtracking
    /// filters had left less than a whole evaluation's budget for this one (`left` steps), says so.
    func regexBudgetDescription(left: Int?) -> String {
        let words = "\(key): regular expression \(Self.quoted(pattern?.source ?? "")) ran out of "
        guard let left, left < Pattern.backtrackingBudget else {
            return words + "its budget of \(Pattern.backtrackingBudget) steps"
        }
        return words + "the event's budget of \(Pattern.eventBacktrackingBudget) steps, shared by its regex "
            + "filters (\(left) left for it)"
    }

    /// `regex_budget`'s detail for this filter as the event evaluated it on `properties`.
    func regexBudgetDescription(_ properties: [String: PropertyValue], policy: FilterPolicy) -> String {
        guard let event = policy.eventRegexBudget, let pattern,
            case .string(let text)? = Self.lookUp(key, in: properties)
        else { return regexBudgetDescription }
        return regexBudgetDescription(
            left: pattern.stepsLeft(
                before: text, caseSensitive: policy.regexCaseSensitive, dialect: policy.regexDialect, event: event))
    }

    /// `sdk_error`'s detail: the filter and why JavaScript refuses its pattern.
    public var sdkErrorDescription: String {
        "\(key): regular expression \(Self.quoted(pattern?.source ?? "")) throws: "
            + (pattern?.javaScriptError ?? "a syntax error")
    }

    private static func quoted(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars.prefix(60) {
            if scalar == "\"" || scalar == "\\" { out.unicodeScalars.append("\\") }
            out.unicodeScalars.append(scalar)
        }
        return out + (text.unicodeScalars.count > 60 ? "…\"" : "\"")
    }
}

extension RegexOutcome {
    /// Comparator 10 passes on a match, 17 on a completed search without one; neither on a run
    /// out budget or a pattern that does not compile.
    func passes(_ comparator: Comparator) -> Bool {
        switch self {
        case .match: comparator == .matchesRegex
        case .noMatch: comparator == .doesNotMatchRegex
        case .outOfBudget, .syntaxError: false
        }
    }
}

extension Collection where Element == [PropertyFilter] {
    /// R3: the filter whose run-out budget alone keeps these groups from passing: some group
    /// passes no filter and one of its filters ran out of budget. `nil` otherwise. Each filter
    /// of a failing group is evaluated once more: within the event's budget, a filter the event
    /// already evaluated answers as it did (`EventRegexBudget`).
    func blockingBudgetFilter(
        _ properties: [String: PropertyValue], unixNow: Double, policy: FilterPolicy
    ) -> PropertyFilter? {
        var blocking: PropertyFilter?
        for group in self {
            var exhausted: PropertyFilter?
            var passed = false
            for filter in group {
                if filter.pattern?.usesBacktracking == true,
                    let outcome = filter.regexOutcome(properties, policy: policy)
                {
                    if outcome.passes(filter.comparator) {
                        passed = true
                        break
                    }
                    if outcome == .outOfBudget, exhausted == nil { exhausted = filter }
                } else if filter.passes(properties, unixNow: unixNow, policy: policy) {
                    passed = true
                    break
                }
            }
            if passed { continue }
            guard let exhausted else { return nil }
            if blocking == nil { blocking = exhausted }
        }
        return blocking
    }

    /// R3 under `web`: walking the groups as the SDK does (a group stops at its first passing
    /// filter, the groups at the first failing one), the filter that throws; `nil` when the walk
    /// ends without reaching one.
    func throwingFilter(
        _ properties: [String: PropertyValue], unixNow: Double, policy: FilterPolicy
    ) -> PropertyFilter? {
        for group in self {
            var passed = false
            for filter in group {
                if filter.throwsOnEvaluation(properties, policy: policy) { return filter }
                if filter.passes(properties, unixNow: unixNow, policy: policy) {
                    passed = true
                    break
                }
            }
            if !passed { return nil }
        }
        return nil
    }
}

extension Trigger {
    /// Whether a filter of this trigger runs on the backtracking matcher (a cheap guard before
    /// asking whether its budget ran out).
    public var hasBacktrackingFilter: Bool { anyFilter { $0.pattern?.usesBacktracking == true } }

    /// Whether any of its filters is a regex filter (comparators 10 and 17).
    public var hasRegexFilter: Bool { anyFilter { $0.pattern != nil } }

    /// Whether a filter's pattern is one JavaScript refuses (a cheap guard for `web`).
    public var hasJavaScriptErrorFilter: Bool { anyFilter { $0.pattern?.javaScriptError != nil } }

    private func anyFilter(_ test: (PropertyFilter) -> Bool) -> Bool {
        conditions.contains { condition in
            switch condition {
            case .purchaseProperty(_, let groups), .customEventProperty(_, let groups):
                groups.contains { $0.contains(where: test) }
            default: false
            }
        }
    }

    /// R3: for a trigger that does not match `event`, the filter whose budget ran out and alone
    /// stopped it (the first such among its conditions); `nil` when none did.
    public func blockingBudgetFilter(
        _ event: Event, unixNow: Double, filters policy: FilterPolicy
    ) -> PropertyFilter? {
        for condition in conditions {
            if let groups = condition.filterGroups(for: event),
                let filter = groups.blockingBudgetFilter(event.properties, unixNow: unixNow, policy: policy)
            {
                return filter
            }
        }
        return nil
    }

    /// R3 under `web`: evaluating this trigger's conditions in order, as the SDK does (the first
    /// condition that matches ends it), the filter whose pattern throws; `nil` when none is reached.
    public func throwingFilter(
        _ event: Event, unixNow: Double, filters policy: FilterPolicy
    ) -> PropertyFilter? {
        for condition in conditions {
            if let groups = condition.filterGroups(for: event),
                let filter = groups.throwingFilter(event.properties, unixNow: unixNow, policy: policy)
            {
                return filter
            }
            if condition.matches(event, unixNow: unixNow, filters: policy) { return nil }
        }
        return nil
    }
}

extension Condition {
    /// The property filters this condition evaluates for `event`: a property condition of the
    /// event's kind and name; `nil` otherwise.
    func filterGroups(for event: Event) -> FilterGroups? {
        switch (self, event.kind) {
        case (.purchaseProperty(let product, let groups), .purchase) where product == event.name,
            (.customEventProperty(let product, let groups), .customEvent) where product == event.name:
            groups
        default: nil
        }
    }
}
