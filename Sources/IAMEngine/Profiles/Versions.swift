/// versions.md: a profile has an SDK version. A versioned profile is the platform's answers,
/// overridden by every modelled row whose range holds that version; a bare name keeps today's
/// answers (the versions the profile's rows were read at). Resolved once, when the name is read.
public struct VersionAxis: Sendable {
    /// A row whose answer depends on the version: the range that differs from the bare profile,
    /// the answer there, and the changelog entry that says so.
    public struct Range: Sendable {
        public var row: String
        /// First version of the range, included; `nil`: from the first known version.
        public var from: SDKVersion?
        /// First version after the range; `nil`: to the newest known version.
        public var until: SDKVersion?
        public var answer: Answer
        /// The changelog entry (versions-evidence.md), version and words.
        public var source: String
        let apply: @Sendable (inout Policies) -> Void

        public func holds(_ version: SDKVersion) -> Bool {
            (from.map { version >= $0 } ?? true) && (until.map { version < $0 } ?? true)
        }

        /// `< 7.0.0`, `3.12.0 to 3.14.0`, `from 3.3.0`.
        public var words: String {
            switch (from, until) {
            case (nil, let until?): "before \(until)"
            case (let from?, nil): "from \(from)"
            case (let from?, let until?): "\(from) up to \(until) (not included)"
            case (nil, nil): "every version"
            }
        }
    }

    public var platform: String
    /// The first release with triggered in-app messages and the newest changelog read.
    public var first: SDKVersion
    public var newest: SDKVersion
    /// What a bare name stands for, in words.
    public var bare: String
    /// What a bare name is, in a few words, for the list of platforms.
    public var bareShort: String
    /// The boundaries worth naming (versions-evidence.md §9 (a)), with what changes there.
    public var named: [(version: SDKVersion, change: String)]
    public var ranges: [Range]
    /// Rows with version ranges in the evidence that the engine does not model (yet), with it.
    public var notModelled: [NotModelled]

    public static func of(_ platform: String) -> VersionAxis? { all.first { $0.platform == platform } }

    /// The range a version must fall in, in words: `2.19.0 to 4.7.0`.
    public var known: String { "\(first) to \(newest)" }
}

/// Why a profile name does not resolve.
public enum ProfileNameError: Error, Sendable, Equatable, CustomStringConvertible {
    case unknownPlatform(String)
    case badVersion(platform: String, text: String)
    case outsideKnown(platform: String, version: SDKVersion, known: String)

    public var description: String {
        switch self {
        case .unknownPlatform(let name): "no platform '\(name)': the platforms are \(Profile.namesList)"
        case .badVersion(let platform, let text):
            "'\(text)' is not a version of \(platform) (numbers and dots, e.g. \(platform)@7.0.0)"
        case .outsideKnown(let platform, let version, let known):
            "\(platform)@\(version) is outside the versions known: \(known)"
        }
    }
}

extension Profile {
    /// `android`, `android@7.0.0` (case-insensitive platform name): the profile, or why not.
    public static func resolve(_ name: String) -> Result<Profile, ProfileNameError> {
        let folded = name.lowercased()
        let (platformName, versionText): (String, String?) =
            if let at = folded.firstIndex(of: "@") {
                (String(folded[..<at]), String(folded[folded.index(after: at)...]))
            } else {
                (folded, nil)
            }
        guard let base = all.first(where: { $0.name == platformName }) else {
            return .failure(.unknownPlatform(name))
        }
        guard let versionText else { return .success(base) }
        guard let version = SDKVersion(versionText), let axis = VersionAxis.of(platformName) else {
            return .failure(.badVersion(platform: platformName, text: versionText))
        }
        guard version >= axis.first, version <= axis.newest else {
            return .failure(.outsideKnown(platform: platformName, version: version, known: axis.known))
        }
        return .success(base.at(version, axis))
    }

    /// The bare platform's answers with every range that holds `version` applied.
    func at(_ version: SDKVersion, _ axis: VersionAxis) -> Profile {
        var profile = self
        profile.name = name + "@" + version.description
        profile.version = version
        var versionedRows: Set<Difference> = []
        for range in axis.ranges where range.holds(version) {
            range.apply(&profile.policies)
            if let row = Difference(rawValue: range.row) {
                let words = range.answer.summary + " (\(name) \(range.words))"
                // Several ranges of one row (X43's limits) each add their answer.
                if versionedRows.insert(row).inserted {
                    profile.answers[row] = Answer(words, range.answer.confidence, at: range.answer.evidence)
                } else if let earlier = profile.answers[row] {
                    profile.answers[row] = Answer(
                        earlier.summary + "; " + words, earlier.confidence, at: earlier.evidence)
                }
            }
        }
        return profile
    }

    /// The platform without its version (`android` for `android@7.0.0`).
    public var platform: String {
        guard let at = name.firstIndex(of: "@") else { return name }
        return String(name[..<at])
    }

    /// Whether `range` decided this profile's answers (never for a bare name: a range is where
    /// a version differs from the bare profile).
    public func holds(_ range: VersionAxis.Range) -> Bool { version.map(range.holds) ?? false }

    /// This profile with `range` answered as the other side of its boundary answers it, every
    /// other range as before: what compare probes to name a version boundary.
    func flipping(_ range: VersionAxis.Range, _ axis: VersionAxis) -> Profile {
        guard let base = Profile.all.first(where: { $0.name == platform }) else { return self }
        var flipped = self
        flipped.policies = base.policies
        for other in axis.ranges {
            let same = other.row == range.row && other.words == range.words
            if same ? !holds(other) : holds(other) { other.apply(&flipped.policies) }
        }
        return flipped
    }

    /// The first version after this one at which `has` holds (an app setting exists, versions.md):
    /// the nearest range boundary whose profile has it; `nil` when this one has it, or none does.
    public func firstVersion(where has: (Profile) -> Bool) -> SDKVersion? {
        guard let version, !has(self), let axis = VersionAxis.of(platform),
            let base = Profile.all.first(where: { $0.name == platform })
        else { return nil }
        let boundaries = Set(axis.ranges.flatMap { [$0.from, $0.until] }.compactMap { $0 }).filter { $0 > version }
        return boundaries.sorted().first { has(base.at($0, axis)) }
    }

    /// The ranges that decided this profile's answers (empty for a bare name).
    public var versionedRows: [VersionAxis.Range] {
        guard let version, let axis = VersionAxis.of(platform) else { return [] }
        return axis.ranges.filter { $0.holds(version) }
    }
}

extension VersionAxis {
    /// Every platform's axis (versions-evidence.md §9). Each range overrides the bare profile's
    /// answer for the versions it holds; a test checks both sides of every boundary.
    public static let all: [VersionAxis] = [ios, swift, android, web]

    static let ios = VersionAxis(
        platform: "ios", first: SDKVersion("2.19.0")!, newest: SDKVersion("4.7.0")!,
        bare:
            "the seed: its text fits 4.5.1 to 4.5.x (it names noMatchingTriggerForEvent:name: of 4.5.1, not the "
            + "reenqueue answer of 4.6.0), yet it keeps X28's \"yes\" (the stack offered at app open), which the "
            + "changelog removed in 3.3.0 (header text conflicting): a mix no single version had "
            + "(versions-evidence.md §8 items 1-2); ios@4.7.0 is the newest legacy SDK",
        bareShort: "the seed (fits 4.5.x, keeps X28's pre-3.3.0 yes)",
        named: [
            (SDKVersion("2.19.0")!, "triggered messages start; the stack is offered at app open (X28 yes)"),
            (SDKVersion("3.3.0")!, "the stack is no longer offered at app open (X28 no)"),
            (SDKVersion("3.12.0")!, "a delegate discard leaves the trigger re-eligible (X26, until 3.14.1)"),
            (SDKVersion("3.13.0")!, "a templating abort falls back to the next message by priority (X44)"),
            (SDKVersion("3.14.1")!, "events wait for the trigger sync (D3); re-eligibility stamped at perform again"),
            (SDKVersion("3.23.0")!, "regex filters match part of the value (X8); scene-based apps get messages (X41)"),
            (SDKVersion("4.5.1")!, "the minimum interval is checked at trigger time too (P2); no-match callback (P5)"),
            (SDKVersion("4.6.0")!, "the delegate may answer reenqueue (L5)"),
        ],
        ranges: [
            Range(
                row: "X41", from: nil, until: SDKVersion("3.23.0")!,
                answer: Answer("a scene-based app: discarded no_window", .source),
                source:
                    "3.23.0: \"Adds support for applications using scenes (UIWindowSceneDelegate).\"",
                apply: { $0.noWindowInSceneApps = true }),
            Range(
                row: "X44", from: nil, until: SDKVersion("3.13.0")!,
                answer: Answer("trigger_skipped templating_aborted; the event shows nothing (no fallback)", .source),
                source: "3.13.0: \"fall back to lower priority messages when the Braze server aborts templating\"",
                apply: { $0.templatingAbortFallsBack = false }),
            Range(
                row: "X28", from: SDKVersion("3.3.0")!, until: nil,
                answer: Answer("no: the stack waits for the next message or displayNext", .source),
                source:
                    "3.3.0: \"Removes the current behavior of displaying an in-app message from the stack on app open\"",
                apply: { $0.eligibleMomentsOfferStack = false }),
            Range(
                row: "X26", from: SDKVersion("3.12.0")!, until: SDKVersion("3.14.1")!,
                answer: Answer("at the impression: a delegate discard leaves the trigger re-eligible", .source),
                source: "3.14.1: fixes a discard by the delegate counting as not triggered (3.12.0–3.14.0)",
                apply: { $0.reEligibilityStamp = .atImpression }),
            Range(
                row: "X43", from: SDKVersion("4.3.4")!, until: nil,
                answer: Answer("properties over 50 KB refused: event_rejected properties_too_large", .source),
                source:
                    "4.3.4: fixes events \"with properties larger than 50 KB\" not being \"properly discarded\" (limit from 4.3.1)",
                apply: { $0.eventLimits.maxPropertiesBytes = 50 * 1024 }),
        ],
        notModelled: [
            NotModelled(
                "X8", "before 3.23.0 a regex filter matches the whole value (3.23.0)", until: SDKVersion("3.23.0")!,
                signal: .regexFilter),
            NotModelled(
                "X56", "before 3.3.0 AppboyUI is not published: the body tap is not read (3.3.0)",
                until: SDKVersion("3.3.0")!, signal: .bodyClick),
            NotModelled(
                "X5/L5", "before 4.6.0 the delegate has no reenqueue answer (4.6.0)", until: SDKVersion("4.6.0")!,
                signal: .reenqueueAnswer),
            NotModelled(
                "D3", "before 3.14.1 events race the trigger sync (3.14.1)", until: SDKVersion("3.14.1")!,
                signal: .eventDuringSync),
            NotModelled(
                "P2", "before 4.5.1 the interval is checked at display time only (4.5.1)", until: SDKVersion("4.5.1")!,
                signal: .intervalSkip),
        ])

    static let swift = VersionAxis(
        platform: "swift", first: SDKVersion("5.0.0")!, newest: SDKVersion("18.2.0")!,
        bare: "the open BrazeUI code read for profiles.md (current through 18.2.0)",
        bareShort: "current (through 18.2.0)",
        named: [
            (SDKVersion("5.0.0")!, "first release; copies stay on the stack on reenqueue and discard"),
            (SDKVersion("6.0.0")!, "BrazeUI loads a message's images itself, one at a time (X66)"),
            (SDKVersion("7.2.0")!, "a body tap on a MODAL or FULL with buttons does nothing (X56; not image-only yet)"),
            (SDKVersion("7.5.0")!, "a body tap on an image-only MODAL or FULL with buttons does nothing too (X56)"),
            (SDKVersion("7.6.0")!, "a discarded test send stays gone (TS3); displayed messages leave the stack"),
            (SDKVersion("8.3.0")!, "the older copy of a message is removed before a push (X15, X5)"),
            (SDKVersion("11.5.0")!, "Braze UI refuses a message triggered for another user (X40)"),
            (SDKVersion("14.0.1")!, "changeUser dismisses the visible message and clears the stack (X40)"),
            (SDKVersion("15.0.0")!, "the different-user guard is always on (X40)"),
        ],
        ranges: [
            Range(
                row: "X15", from: nil, until: SDKVersion("8.3.0")!,
                answer: Answer("both copies stay", .inferred),
                source:
                    "8.3.0: copies of a message are removed from the stack on reenqueue and discard (boundary inferred)",
                apply: { $0.duplicates = .keepBoth }),
            Range(
                row: "X40", from: nil, until: SDKVersion("11.5.0")!,
                answer: Answer(
                    "nothing cleared: a message triggered for the previous user may show to the new one", .source),
                source:
                    "11.5.0: \"an in-app message in a Braze-provided UI can be displayed for an ineligible user\" (fixed)",
                apply: { $0.userChange = UserChangePolicy() }),
            Range(
                row: "X40", from: SDKVersion("11.5.0")!, until: SDKVersion("14.0.1")!,
                answer: Answer(
                    "the visible message and the stack stay; a message triggered for the previous user refused when "
                        + "offered", .source, at: "BrazeUI 14.0.0 InAppMessageUI.swift:130–140 (wipeData only)"),
                source:
                    "14.0.1: \"in-app messages were not dismissed when the user is changed\" (fixed; BrazeUI's "
                    + "dismiss(reason:) clears the stack on .changeUser from 14.0.1)",
                apply: { $0.userChange = UserChangePolicy(refusesPreviousUsers: true) }),
            Range(
                row: "X56", from: nil, until: SDKVersion("7.2.0")!,
                answer: Answer(
                    "the body's click action, dismissed, iam_click", .source,
                    at: "BrazeUI 7.1.0 Views/InAppMessageUIModalView.swift:451–458"),
                source:
                    "7.2.0: \"Resolves an issue for in-app messages with buttons where tapping on the body would "
                    + "incorrectly execute the button's click action.\"",
                apply: { $0.bodyTapWithButtons = .clicks }),
            Range(
                row: "X56", from: SDKVersion("7.2.0")!, until: SDKVersion("7.5.0")!,
                answer: Answer(
                    "nothing on a MODAL or FULL with text; an image-only one still clicks and closes", .source,
                    at: "BrazeUI 7.4.0 Views/InAppMessageUIModalView.swift:466 (ModalImageView has no such check)"),
                source:
                    "7.5.0: fixes \"tapping the body of a Full or Modal in-app message with buttons and an "
                    + "'Image Only' layout\" dismissing it",
                apply: { $0.bodyTapWithButtons = .ignoredOnImmersiveWithText }),
            Range(
                row: "X66", from: nil, until: SDKVersion("6.0.0")!,
                answer: Answer(
                    "both wait; the first shows, or returns to the stack, when its image is here", .inferred,
                    at: "BrazeUI 5.0.0 InAppMessageUI.swift:83–95 presents at once; the image is BrazeKit's (closed)"),
                source:
                    "6.0.0: messages given to present(message:) \"now contain remote asset URLs\"; BrazeUI resolves "
                    + "them with withLocalAssets, one download at a time (localAssetsCancellable)",
                apply: { $0.preparingCancelsWaiting = false }),
            Range(
                row: "X43", from: nil, until: SDKVersion("6.4.0")!,
                answer: Answer("a property whose value is \"\" refused: event_rejected empty_value", .source),
                source:
                    "6.4.0: properties \"would not accept an entry if its value was an empty string\" (fixed)",
                apply: { $0.eventLimits.refusesEmptyStrings = true }),
            Range(
                row: "X43", from: nil, until: SDKVersion("6.6.2")!,
                answer: Answer(
                    "a purchase whose product id starts with $ refused: event_rejected invalid_value", .source),
                source:
                    "6.6.2: fixes purchases not logged \"when the product identifier has a leading dollar sign\"",
                apply: { $0.eventLimits.refusesDollarProductID = true }),
            Range(
                row: "X43", from: nil, until: SDKVersion("7.1.0")!,
                answer: Answer("a property value starting with $ refused: event_rejected invalid_value", .source),
                source:
                    "7.1.0: fixes events not logged \"if had a property with a value that was prefixed with a $\"",
                apply: { $0.eventLimits.refusesDollarValues = true }),
        ],
        notModelled: [
            NotModelled(
                "TS3", "before 7.6.0 a discarded test send is shown again (7.6.0)", until: SDKVersion("7.6.0")!,
                signal: .testSend),
            NotModelled(
                "X40",
                "10.1.0 to 14.x: preventInAppMessageDisplayForDifferentUser (off) also guards custom UIs (15.0.0)",
                from: SDKVersion("10.1.0")!, until: SDKVersion("15.0.0")!, signal: .userChange),
        ])

    static let android = VersionAxis(
        platform: "android", first: SDKVersion("1.13.0")!, newest: SDKVersion("43.0.0")!,
        bare: "37.0.0, whose trigger code was executed",
        bareShort: "37.0.0",
        named: [
            (SDKVersion("1.13.0")!, "triggered messages delivered at session start"),
            (SDKVersion("1.15.3")!, "a message with no Activity waits in the parking slot (X2)"),
            (SDKVersion("3.2.2")!, "events wait for the trigger sync (D3)"),
            (SDKVersion("4.0.0")!, "test sends may show on arrival: an app setting, off by default (TS2)"),
            (SDKVersion("7.0.0")!, "test sends show on arrival by default (TS2)"),
            (SDKVersion("8.1.0")!, "regex filters match part of the value, case-insensitive (X8)"),
            (SDKVersion("29.0.0")!, "the listener may answer REENQUEUE (L5)"),
            (SDKVersion("35.0.0")!, "a message triggered for the previous user is refused (X40)"),
            (SDKVersion("36.0.0")!, "the visible message is removed on changeUser (X40)"),
            (SDKVersion("42.0.0")!, "the stack, the parked slot and the carryover are cleared on changeUser (X40)"),
        ],
        ranges: [
            Range(
                row: "X44", from: nil, until: SDKVersion("3.1.0")!,
                answer: Answer("trigger_skipped templating_aborted; the event shows nothing (no fallback)", .source),
                source: "3.1.0: \"fall back to lower priority messages when the Braze server aborts templating\"",
                apply: { $0.templatingAbortFallsBack = false }),
            Range(
                row: "TS2", from: nil, until: SDKVersion("7.0.0")!,
                answer: Answer("when the push is opened (a tap), or at the next session start", .source),
                source:
                    "7.0.0: eager display of test in-app messages is on by default (4.0.0 made it an app setting, off)",
                apply: { $0.testSends = .whenPushOpened }),
            Range(
                row: "TS2", from: nil, until: SDKVersion("4.0.0")!,
                answer: Answer(
                    "no app setting for eager display: settings.platforms.android.testEagerDisplay is ignored",
                    .source),
                source:
                    "4.0.0: \"You can enable this feature by configuring the boolean value for "
                    + "com_appboy_in_app_message_push_test_eager_display_enabled … The default value is false.\"",
                apply: { $0.testEagerDisplaySetting = false }),
            Range(
                row: "X40", from: nil, until: SDKVersion("35.0.0")!,
                answer: Answer(
                    "nothing cleared: a message triggered for the previous user may show to the new one", .source),
                source:
                    "35.0.0: \"The SDK will now always behave as if this configuration option were set to true.\"",
                apply: { $0.userChange = UserChangePolicy() }),
            Range(
                row: "X40", from: SDKVersion("35.0.0")!, until: SDKVersion("36.0.0")!,
                answer: Answer(
                    "the visible message stays; a message triggered for the previous user refused when offered", .source
                ),
                source: "36.0.0: \"Removed any displayed In-App Messages when calling Braze.changeUser().\"",
                apply: { $0.userChange = UserChangePolicy(refusesPreviousUsers: true) }),
            Range(
                row: "X40", from: SDKVersion("42.0.0")!, until: nil,
                answer: Answer(
                    "the visible message removed; the stack, the parked slot and waiting messages cleared", .source),
                source:
                    "42.0.0: \"the in-app message stack, event map, and any carryover or unregistered messages are now unconditionally cleared\"",
                apply: {
                    $0.userChange = UserChangePolicy(
                        dismissesVisible: true, clearsWaiting: true, refusesPreviousUsers: true)
                }),
            Range(
                row: "X43", from: SDKVersion("14.0.0")!, until: nil,
                answer: Answer("properties over 50 KB refused: event_rejected properties_too_large", .source),
                source: "14.0.0: \"If the supplied properties are too large, the event is not logged.\" (50 KB)",
                apply: { $0.eventLimits.maxPropertiesBytes = 50 * 1024 }),
            Range(
                row: "X43", from: nil, until: SDKVersion("2.7.0")!,
                answer: Answer("a property whose value is \"\" refused: event_rejected empty_value", .source),
                source:
                    "2.7.0: \"Changed custom event property values validation to allow for empty strings.\"",
                apply: { $0.eventLimits.refusesEmptyStrings = true }),
        ],
        notModelled: [
            NotModelled(
                "X8", "before 8.1.0 a regex filter matches the whole value, case-sensitive (8.1.0)",
                until: SDKVersion("8.1.0")!, signal: .regexFilter),
            NotModelled(
                "X2", "before 1.15.3 a message with no Activity is dropped or shown without assets (1.15.2, 1.15.3)",
                until: SDKVersion("1.15.3")!, signal: .backgroundHold),
            NotModelled(
                "D3", "before 3.2.2 events race the trigger sync (3.2.2)", until: SDKVersion("3.2.2")!,
                signal: .eventDuringSync),
            NotModelled(
                "X5/L5", "before 29.0.0 the listener has no REENQUEUE answer (29.0.0)", until: SDKVersion("29.0.0")!,
                signal: .reenqueueAnswer),
            NotModelled(
                "X40", "32.1.0 to 34.x: com_braze_prevent_in_app_message_display_for_different_user (off) (32.1.0)",
                from: SDKVersion("32.1.0")!, until: SDKVersion("35.0.0")!, signal: .userChange),
        ])

    static let web = VersionAxis(
        platform: "web", first: SDKVersion("1.3.0")!, newest: SDKVersion("6.11.0")!,
        bare: "5.0.1, whose modules were executed",
        bareShort: "5.0.1",
        named: [
            (SDKVersion("1.3.0")!, "triggered messages; events race the trigger sync"),
            (SDKVersion("2.3.1")!, "events wait for the trigger sync (D3)"),
            (SDKVersion("4.0.0")!, "the display subscription must come before openSession() (I4)"),
            (SDKVersion("4.8.2")!, "a slow or failed image no longer holds later messages back (D4)"),
            (SDKVersion("4.10.0")!, "the deferred message is cleared on changeUser (X40)"),
            (SDKVersion("5.0.1")!, "the version whose code was executed (X7–X9, X11, X14, X16–X25)"),
            (SDKVersion("6.4.0")!, "the previous user's messages are no longer displayed (X40)"),
        ],
        ranges: [
            Range(
                row: "X44", from: nil, until: SDKVersion("2.2.6")!,
                answer: Answer("trigger_skipped templating_aborted; the event shows nothing (no fallback)", .source),
                source: "2.2.6: \"Improved in-app message triggering logic\" with a lower-priority fallback",
                apply: { $0.templatingAbortFallsBack = false }),
            Range(
                row: "X40", from: nil, until: SDKVersion("4.10.0")!,
                answer: Answer(
                    "nothing cleared: the deferred message and the previous user's messages may show", .source),
                source:
                    "4.10.0: \"cached messages for user (content cards, deferred in-app message, and feature flags) are cleared upon changeUser()\"",
                apply: { $0.userChange = UserChangePolicy() }),
            Range(
                row: "X40", from: SDKVersion("6.4.0")!, until: nil,
                answer: Answer(
                    "the deferred message cleared; a message triggered for the previous user refused when offered",
                    .source),
                source:
                    "6.4.0: \"In-App Messages for the previous user were still displayed after changing users\" (fixed)",
                apply: { $0.userChange = UserChangePolicy(clearsDeferred: true, refusesPreviousUsers: true) }),
            Range(
                row: "X43", from: SDKVersion("3.3.0")!, until: nil,
                answer: Answer("properties over 50 KB refused: event_rejected properties_too_large", .source),
                source:
                    "3.3.0: \"impose a 50KB limit on custom properties. If the supplied properties are too large, the event is not logged.\"",
                apply: { $0.eventLimits.maxPropertiesBytes = 50 * 1024 }),
        ],
        notModelled: [
            NotModelled(
                "D3", "before 2.3.1 events race the trigger sync (2.3.1)", until: SDKVersion("2.3.1")!,
                signal: .eventDuringSync),
            NotModelled(
                "D4", "before 4.8.2 one slow image holds later messages back (4.8.2)", until: SDKVersion("4.8.2")!,
                signal: .imageWait),
        ])
}
