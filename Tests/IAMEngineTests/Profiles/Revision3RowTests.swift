import IAMEngine
import Testing

/// Revision 3's whole-trigger rows (profiles.md X16–X20, X26–X28) and delivery-rules §12 R5
/// and R7 under every platform: the exact lines each writes. Scenarios: `Revision3Scripts`.
@Suite("Profiles: revision 3's whole-trigger rows under each platform")
struct Revision3RowTests {
    static let names = Profile.all.map(\.name)

    @Test("X16: a tie for the highest priority goes to the first delivered, the last on web", arguments: names)
    func x16(_ name: String) throws {
        let profile = try #require(Profile.named(name))
        #expect(Revision3Scripts.x16.lines(under: profile) == Self.x16Lines[name])
    }

    @Test(
        "X17: the window's bounds: strict (ios, swift), strict on whole seconds (android), inclusive (web)",
        arguments: names)
    func x17(_ name: String) throws {
        let profile = try #require(Profile.named(name))
        #expect(Revision3Scripts.x17.lines(under: profile) == Self.x17Lines[name])
    }

    @Test(
        "X18: an explicit -1 is as absent, except on web: no interval, expired at once, end in 1969", arguments: names)
    func x18(_ name: String) throws {
        let profile = try #require(Profile.named(name))
        #expect(Revision3Scripts.x18.lines(under: profile) == Self.x18Lines[name])
    }

    @Test("X19: product_id \"\" is any purchase, except on web (only the product \"\")", arguments: names)
    func x19(_ name: String) throws {
        let profile = try #require(Profile.named(name))
        #expect(Revision3Scripts.x19.lines(under: profile) == Self.x19Lines[name])
    }

    @Test("X20: a launch clears the last trigger time, except on web (kept in localStorage)", arguments: names)
    func x20(_ name: String) throws {
        let profile = try #require(Profile.named(name))
        #expect(Revision3Scripts.x20.lines(under: profile) == Self.x20Lines[name])
    }

    @Test(
        "X26: swift stamps re-eligibility at the impression: a discarded once-only message fires again",
        arguments: names)
    func x26(_ name: String) throws {
        let profile = try #require(Profile.named(name))
        #expect(Revision3Scripts.x26.lines(under: profile) == Self.x26Lines[name])
    }

    @Test("X27: swift drops a message it cannot build: performed, then discarded invalid_message", arguments: names)
    func x27(_ name: String) throws {
        let profile = try #require(Profile.named(name))
        #expect(Revision3Scripts.x27.lines(under: profile) == Self.x27Lines[name])
    }

    @Test("X28: a new session offers the stack on ios only (swift, android wait; web has no stack)", arguments: names)
    func x28(_ name: String) throws {
        let profile = try #require(Profile.named(name))
        #expect(Revision3Scripts.x28.lines(under: profile) == Self.x28Lines[name])
    }

    @Test("R7: a session start's message held back is offered once, not twice at the same instant", arguments: names)
    func r7(_ name: String) throws {
        let profile = try #require(Profile.named(name))
        #expect(Revision3Scripts.r7(profile) == Self.r7Lines[name])
    }

    @Test("R7: a push open whose trigger's message was offered does not offer the stack again", arguments: names)
    func r7Push(_ name: String) throws {
        let profile = try #require(Profile.named(name))
        #expect(Revision3Scripts.r7Push.lines(under: profile) == Self.r7PushLines[name])
    }

    @Test("R5: the device action switches phone to tablet; tablets ignore orientation", arguments: names)
    func r5(_ name: String) throws {
        let profile = try #require(Profile.named(name))
        #expect(Revision3Scripts.r5.lines(under: profile) == Self.r5Lines[name])
    }

    static let x16Lines: [String: [String]] = [
        "ios": [
            "1.000 event custom_event:a",
            "1.000 trigger_matched p0",
            "1.000 trigger_skipped p1 lower_priority",
            "1.000 trigger_skipped p2 lower_priority",
            "1.000 performed p0",
            "1.000 stacked p0 new stack=[p0] depth=1",
            "1.000 offered p0 eligible_moment",
            "1.000 displayed p0 impression",
        ],
        "swift": [
            "1.000 event custom_event:a",
            "1.000 trigger_matched p0",
            "1.000 trigger_skipped p1 lower_priority",
            "1.000 trigger_skipped p2 lower_priority",
            "1.000 performed p0",
            "1.000 stacked p0 new stack=[p0] depth=1",
            "1.000 offered p0 eligible_moment",
            "1.000 displayed p0 impression",
        ],
        "android": [
            "1.000 event custom_event:a",
            "1.000 trigger_matched p0",
            "1.000 trigger_skipped p1 lower_priority",
            "1.000 trigger_skipped p2 lower_priority",
            "1.000 performed p0",
            "1.000 stacked p0 new stack=[p0] depth=1",
            "1.000 offered p0 eligible_moment",
            "1.000 displayed p0 impression",
        ],
        "web": [
            "1.000 event custom_event:a",
            "1.000 trigger_matched p1",
            "1.000 trigger_skipped p0 lower_priority",
            "1.000 trigger_skipped p2 lower_priority",
            "1.000 performed p1",
            "1.000 stacked p1 new stack=[p1] depth=1",
            "1.000 offered p1 eligible_moment",
            "1.000 displayed p1 impression",
        ],
    ]

    static let x17Lines: [String: [String]] = [
        "ios": [
            "10.000 event custom_event:a",
            "10.000 trigger_skipped w outside_time_window",
            "10.000 no_match custom_event:a",
            "10.500 event custom_event:a",
            "10.500 trigger_matched w",
            "10.500 performed w",
            "10.500 stacked w new stack=[w] depth=1",
            "10.500 offered w eligible_moment",
            "10.500 displayed w impression",
            "11.500 dismissed w auto",
            "20.000 event custom_event:a",
            "20.000 trigger_skipped w outside_time_window",
            "20.000 no_match custom_event:a",
        ],
        "swift": [
            "10.000 event custom_event:a",
            "10.000 trigger_skipped w outside_time_window",
            "10.000 no_match custom_event:a",
            "10.500 event custom_event:a",
            "10.500 trigger_matched w",
            "10.500 performed w",
            "10.500 stacked w new stack=[w] depth=1",
            "10.500 offered w eligible_moment",
            "10.500 displayed w impression",
            "11.500 dismissed w auto",
            "20.000 event custom_event:a",
            "20.000 trigger_skipped w outside_time_window",
            "20.000 no_match custom_event:a",
        ],
        "android": [
            "10.000 event custom_event:a",
            "10.000 trigger_skipped w outside_time_window",
            "10.000 no_match custom_event:a",
            "10.500 event custom_event:a",
            "10.500 trigger_skipped w outside_time_window",
            "10.500 no_match custom_event:a",
            "20.000 event custom_event:a",
            "20.000 trigger_skipped w outside_time_window",
            "20.000 no_match custom_event:a",
        ],
        "web": [
            "10.000 event custom_event:a",
            "10.000 trigger_matched w",
            "10.000 performed w",
            "10.000 stacked w new stack=[w] depth=1",
            "10.000 offered w eligible_moment",
            "10.000 displayed w impression",
            "10.500 event custom_event:a",
            "10.500 trigger_matched w",
            "10.500 performed w",
            "10.500 stacked w new stack=[w] depth=1",
            "10.500 offered w eligible_moment",
            "10.500 displayed w impression",
            "11.000 dismissed w auto beneath the newest",
            "11.500 dismissed w auto",
            "20.000 event custom_event:a",
            "20.000 trigger_matched w",
            "20.000 performed w",
            "20.000 stacked w new stack=[w] depth=1",
            "20.000 offered w eligible_moment",
            "20.000 displayed w impression",
        ],
    ]

    static let x18Lines: [String: [String]] = [
        "ios": [
            "1.000 event custom_event:m",
            "1.000 trigger_matched m",
            "1.000 performed m",
            "1.000 stacked m new stack=[m] depth=1",
            "1.000 offered m eligible_moment",
            "1.000 displayed m impression",
            "2.000 dismissed m auto",
            "3.000 event custom_event:m",
            "3.000 trigger_skipped m min_interval next=31.000",
            "3.000 no_match custom_event:m",
            "40.000 event custom_event:t",
            "40.000 trigger_matched t",
            "40.000 performed t",
            "40.000 stacked t new stack=[t] depth=1",
            "40.000 offered t eligible_moment",
            "40.000 displayed t impression",
            "41.000 dismissed t auto",
            "80.000 event custom_event:e",
            "80.000 trigger_matched e",
            "80.000 performed e",
            "80.000 stacked e new stack=[e] depth=1",
            "80.000 offered e eligible_moment",
            "80.000 displayed e impression",
        ],
        "swift": [
            "1.000 event custom_event:m",
            "1.000 trigger_matched m",
            "1.000 performed m",
            "1.000 stacked m new stack=[m] depth=1",
            "1.000 offered m eligible_moment",
            "1.000 displayed m impression",
            "2.000 dismissed m auto",
            "3.000 event custom_event:m",
            "3.000 trigger_skipped m min_interval next=31.000",
            "3.000 no_match custom_event:m",
            "40.000 event custom_event:t",
            "40.000 trigger_matched t",
            "40.000 performed t",
            "40.000 stacked t new stack=[t] depth=1",
            "40.000 offered t eligible_moment",
            "40.000 displayed t impression",
            "41.000 dismissed t auto",
            "80.000 event custom_event:e",
            "80.000 trigger_matched e",
            "80.000 performed e",
            "80.000 stacked e new stack=[e] depth=1",
            "80.000 offered e eligible_moment",
            "80.000 displayed e impression",
        ],
        "android": [
            "1.000 event custom_event:m",
            "1.000 trigger_matched m",
            "1.000 performed m",
            "1.000 stacked m new stack=[m] depth=1",
            "1.000 offered m eligible_moment",
            "1.000 displayed m impression",
            "2.000 dismissed m auto",
            "3.000 event custom_event:m",
            "3.000 trigger_skipped m min_interval next=31.000",
            "3.000 no_match custom_event:m",
            "40.000 event custom_event:t",
            "40.000 trigger_matched t",
            "40.000 performed t",
            "40.000 stacked t new stack=[t] depth=1",
            "40.000 offered t eligible_moment",
            "40.000 displayed t impression",
            "41.000 dismissed t auto",
            "80.000 event custom_event:e",
            "80.000 trigger_matched e",
            "80.000 performed e",
            "80.000 stacked e new stack=[e] depth=1",
            "80.000 offered e eligible_moment",
            "80.000 displayed e impression",
        ],
        "web": [
            "1.000 event custom_event:m",
            "1.000 trigger_matched m",
            "1.000 performed m",
            "1.000 stacked m new stack=[m] depth=1",
            "1.000 offered m eligible_moment",
            "1.000 displayed m impression",
            "2.000 dismissed m auto",
            "3.000 event custom_event:m",
            "3.000 trigger_matched m",
            "3.000 performed m",
            "3.000 stacked m new stack=[m] depth=1",
            "3.000 offered m eligible_moment",
            "3.000 displayed m impression",
            "4.000 dismissed m auto",
            "40.000 event custom_event:t",
            "40.000 trigger_matched t",
            "40.000 performed t",
            "40.000 discarded t timeout",
            "80.000 event custom_event:e",
            "80.000 trigger_skipped e outside_time_window",
            "80.000 no_match custom_event:e",
        ],
    ]

    static let x19Lines: [String: [String]] = [
        "ios": [
            "1.000 event purchase:latte",
            "1.000 trigger_matched buy",
            "1.000 performed buy",
            "1.000 stacked buy new stack=[buy] depth=1",
            "1.000 offered buy eligible_moment",
            "1.000 displayed buy impression",
            "2.000 dismissed buy auto",
            "40.000 event purchase:",
            "40.000 trigger_matched buy",
            "40.000 performed buy",
            "40.000 stacked buy new stack=[buy] depth=1",
            "40.000 offered buy eligible_moment",
            "40.000 displayed buy impression",
        ],
        "swift": [
            "1.000 event purchase:latte",
            "1.000 trigger_matched buy",
            "1.000 performed buy",
            "1.000 stacked buy new stack=[buy] depth=1",
            "1.000 offered buy eligible_moment",
            "1.000 displayed buy impression",
            "2.000 dismissed buy auto",
            "40.000 event purchase:",
            "40.000 trigger_matched buy",
            "40.000 performed buy",
            "40.000 stacked buy new stack=[buy] depth=1",
            "40.000 offered buy eligible_moment",
            "40.000 displayed buy impression",
        ],
        "android": [
            "1.000 event purchase:latte",
            "1.000 trigger_matched buy",
            "1.000 performed buy",
            "1.000 stacked buy new stack=[buy] depth=1",
            "1.000 offered buy eligible_moment",
            "1.000 displayed buy impression",
            "2.000 dismissed buy auto",
            "40.000 event purchase:",
            "40.000 trigger_matched buy",
            "40.000 performed buy",
            "40.000 stacked buy new stack=[buy] depth=1",
            "40.000 offered buy eligible_moment",
            "40.000 displayed buy impression",
        ],
        "web": [
            "1.000 event purchase:latte",
            "1.000 no_match purchase:latte",
            "40.000 event purchase:",
            "40.000 trigger_matched buy",
            "40.000 performed buy",
            "40.000 stacked buy new stack=[buy] depth=1",
            "40.000 offered buy eligible_moment",
            "40.000 displayed buy impression",
        ],
    ]

    static let x20Lines: [String: [String]] = [
        "ios": [
            "1.000 event custom_event:a",
            "1.000 trigger_matched a",
            "1.000 performed a",
            "1.000 stacked a new stack=[a] depth=1",
            "1.000 offered a eligible_moment",
            "1.000 displayed a impression",
            "10.000 app launch",
            "10.000 dismissed a launch",
            "10.000 session_ended session 1",
            "10.000 session_started session 2",
            "10.000 delivery_started until=10.500 1 triggers",
            "10.000 event open",
            "10.000 event_queued open",
            "10.500 delivery_completed 1 triggers",
            "10.500 no_match open",
            "20.000 event custom_event:a",
            "20.000 trigger_matched a",
            "20.000 performed a",
            "20.000 stacked a new stack=[a] depth=1",
            "20.000 offered a eligible_moment",
            "20.000 displayed a impression",
        ],
        "swift": [
            "1.000 event custom_event:a",
            "1.000 trigger_matched a",
            "1.000 performed a",
            "1.000 stacked a new stack=[a] depth=1",
            "1.000 offered a eligible_moment",
            "1.000 displayed a impression",
            "10.000 app launch",
            "10.000 dismissed a launch",
            "10.000 session_ended session 1",
            "10.000 session_started session 2",
            "10.000 delivery_started until=10.500 1 triggers",
            "10.000 event open",
            "10.000 event_queued open",
            "10.500 delivery_completed 1 triggers",
            "10.500 no_match open",
            "20.000 event custom_event:a",
            "20.000 trigger_matched a",
            "20.000 performed a",
            "20.000 stacked a new stack=[a] depth=1",
            "20.000 offered a eligible_moment",
            "20.000 displayed a impression",
        ],
        "android": [
            "1.000 event custom_event:a",
            "1.000 trigger_matched a",
            "1.000 performed a",
            "1.000 stacked a new stack=[a] depth=1",
            "1.000 offered a eligible_moment",
            "1.000 displayed a impression",
            "10.000 app launch",
            "10.000 dismissed a launch",
            "10.000 session_ended session 1",
            "10.000 session_started session 2",
            "10.000 delivery_started until=10.500 1 triggers",
            "10.000 event open",
            "10.000 event_queued open",
            "10.500 delivery_completed 1 triggers",
            "10.500 no_match open",
            "20.000 event custom_event:a",
            "20.000 trigger_matched a",
            "20.000 performed a",
            "20.000 stacked a new stack=[a] depth=1",
            "20.000 offered a eligible_moment",
            "20.000 displayed a impression",
        ],
        "web": [
            "1.000 event custom_event:a",
            "1.000 trigger_matched a",
            "1.000 performed a",
            "1.000 stacked a new stack=[a] depth=1",
            "1.000 offered a eligible_moment",
            "1.000 displayed a impression",
            "10.000 app launch session continues",
            "10.000 dismissed a launch",
            "20.000 event custom_event:a",
            "20.000 trigger_skipped a min_interval next=31.000",
            "20.000 no_match custom_event:a",
        ],
    ]

    static let x26Lines: [String: [String]] = [
        "ios": [
            "1.000 app delegate controller -> discard",
            "2.000 event custom_event:a",
            "2.000 trigger_matched a",
            "2.000 performed a",
            "2.000 stacked a new stack=[a] depth=1",
            "2.000 offered a eligible_moment",
            "2.000 discarded a delegate_discard",
            "40.000 event custom_event:a",
            "40.000 trigger_skipped a re_eligibility",
            "40.000 no_match custom_event:a",
        ],
        "swift": [
            "1.000 app delegate controller -> discard",
            "2.000 event custom_event:a",
            "2.000 trigger_matched a",
            "2.000 performed a",
            "2.000 stacked a new stack=[a] depth=1",
            "2.000 offered a eligible_moment",
            "2.000 discarded a delegate_discard",
            "40.000 event custom_event:a",
            "40.000 trigger_matched a",
            "40.000 performed a",
            "40.000 stacked a new stack=[a] depth=1",
            "40.000 offered a eligible_moment",
            "40.000 discarded a delegate_discard",
        ],
        "android": [
            "1.000 app delegate controller -> discard",
            "2.000 event custom_event:a",
            "2.000 trigger_matched a",
            "2.000 performed a",
            "2.000 stacked a new stack=[a] depth=1",
            "2.000 offered a eligible_moment",
            "2.000 discarded a delegate_discard",
            "40.000 event custom_event:a",
            "40.000 trigger_skipped a re_eligibility",
            "40.000 no_match custom_event:a",
        ],
        "web": [
            "1.000 app delegate controller -> discard",
            "2.000 event custom_event:a",
            "2.000 trigger_matched a",
            "2.000 performed a",
            "2.000 stacked a new stack=[a] depth=1",
            "2.000 offered a eligible_moment",
            "2.000 discarded a delegate_discard",
            "40.000 event custom_event:a",
            "40.000 trigger_skipped a re_eligibility",
            "40.000 no_match custom_event:a",
        ],
    ]

    static let x27Lines: [String: [String]] = [
        "ios": [
            "1.000 event custom_event:a",
            "1.000 trigger_matched a",
            "1.000 performed a",
            "1.000 stacked a new stack=[a] depth=1",
            "1.000 offered a eligible_moment",
            "1.000 displayed a impression",
        ],
        "swift": [
            "1.000 event custom_event:a",
            "1.000 trigger_matched a",
            "1.000 performed a",
            "1.000 discarded a invalid_message click_action URI without a uri (triggers[0].data.click_action)",
        ],
        "android": [
            "1.000 event custom_event:a",
            "1.000 trigger_matched a",
            "1.000 performed a",
            "1.000 stacked a new stack=[a] depth=1",
            "1.000 offered a eligible_moment",
            "1.000 displayed a impression",
        ],
        "web": [
            "1.000 event custom_event:a",
            "1.000 trigger_matched a",
            "1.000 performed a",
            "1.000 stacked a new stack=[a] depth=1",
            "1.000 offered a eligible_moment",
            "1.000 displayed a impression",
        ],
    ]

    static let x28Lines: [String: [String]] = [
        "ios": [
            "1.000 app delegate controller -> later",
            "2.000 event custom_event:a",
            "2.000 trigger_matched a",
            "2.000 performed a",
            "2.000 stacked a new stack=[a] depth=1",
            "2.000 offered a eligible_moment",
            "2.000 returned_to_stack a delegate_later stack=[a] depth=1",
            "3.000 app delegate controller -> now",
            "4.000 app background",
            "14.000 session_ended session 1",
            "40.000 app foreground",
            "40.000 session_started session 2",
            "40.000 delivery_started until=40.500 1 triggers",
            "40.000 event open",
            "40.000 event_queued open",
            "40.500 delivery_completed 1 triggers",
            "40.500 no_match open",
            "40.500 offered a eligible_moment",
            "40.500 displayed a impression",
        ],
        "swift": [
            "1.000 app delegate controller -> later",
            "2.000 event custom_event:a",
            "2.000 trigger_matched a",
            "2.000 performed a",
            "2.000 stacked a new stack=[a] depth=1",
            "2.000 offered a eligible_moment",
            "2.000 returned_to_stack a delegate_later stack=[a] depth=1",
            "3.000 app delegate controller -> now",
            "4.000 app background",
            "14.000 session_ended session 1",
            "40.000 app foreground",
            "40.000 session_started session 2",
            "40.000 delivery_started until=40.500 1 triggers",
            "40.000 event open",
            "40.000 event_queued open",
            "40.500 delivery_completed 1 triggers",
            "40.500 no_match open",
        ],
        "android": [
            "1.000 app delegate controller -> later",
            "2.000 event custom_event:a",
            "2.000 trigger_matched a",
            "2.000 performed a",
            "2.000 stacked a new stack=[a] depth=1",
            "2.000 offered a eligible_moment",
            "2.000 returned_to_stack a delegate_later stack=[a] depth=1",
            "3.000 app delegate controller -> now",
            "4.000 app background",
            "14.000 session_ended session 1",
            "40.000 app foreground",
            "40.000 session_started session 2",
            "40.000 delivery_started until=40.500 1 triggers",
            "40.000 event open",
            "40.000 event_queued open",
            "40.500 delivery_completed 1 triggers",
            "40.500 no_match open",
        ],
        "web": [
            "1.000 app delegate controller -> later",
            "2.000 event custom_event:a",
            "2.000 trigger_matched a",
            "2.000 performed a",
            "2.000 stacked a new stack=[a] depth=1",
            "2.000 offered a eligible_moment",
            "2.000 discarded a delegate_later",
            "3.000 app delegate controller -> now",
            "4.000 app background",
            "40.000 app foreground",
        ],
    ]

    static let r7Lines: [String: [String]] = [
        "ios": [
            "0.000 app launch",
            "0.000 session_started session 1",
            "0.000 delivery_started until=0.500 1 triggers",
            "0.000 event open",
            "0.000 event_queued open",
            "0.500 delivery_completed 1 triggers",
            "0.500 trigger_matched s",
            "0.500 performed s",
            "0.500 stacked s new stack=[s] depth=1",
            "0.500 offered s eligible_moment",
            "0.500 returned_to_stack s delegate_later stack=[s] depth=1",
        ],
        "swift": [
            "0.000 app launch",
            "0.000 session_started session 1",
            "0.000 delivery_started until=0.500 1 triggers",
            "0.000 event open",
            "0.000 event_queued open",
            "0.500 delivery_completed 1 triggers",
            "0.500 trigger_matched s",
            "0.500 performed s",
            "0.500 stacked s new stack=[s] depth=1",
            "0.500 offered s eligible_moment",
            "0.500 returned_to_stack s delegate_later stack=[s] depth=1",
        ],
        "android": [
            "0.000 app launch",
            "0.000 session_started session 1",
            "0.000 delivery_started until=0.500 1 triggers",
            "0.000 event open",
            "0.000 event_queued open",
            "0.500 delivery_completed 1 triggers",
            "0.500 trigger_matched s",
            "0.500 performed s",
            "0.500 stacked s new stack=[s] depth=1",
            "0.500 offered s eligible_moment",
            "0.500 returned_to_stack s delegate_later stack=[s] depth=1",
        ],
        "web": [
            "0.000 app launch",
            "0.000 session_started session 1",
            "0.000 delivery_started until=0.500 1 triggers",
            "0.000 event open",
            "0.000 event_queued open",
            "0.500 delivery_completed 1 triggers",
            "0.500 trigger_matched s",
            "0.500 performed s",
            "0.500 stacked s new stack=[s] depth=1",
            "0.500 offered s eligible_moment",
            "0.500 discarded s delegate_later",
        ],
    ]

    static let r7PushLines: [String: [String]] = [
        "ios": [
            "1.000 app delegate controller -> later",
            "2.000 event custom_event:a",
            "2.000 trigger_matched a",
            "2.000 performed a",
            "2.000 stacked a new stack=[a] depth=1",
            "2.000 offered a eligible_moment",
            "2.000 returned_to_stack a delegate_later stack=[a] depth=1",
            "3.000 event push_click:c",
            "3.000 trigger_matched p",
            "3.000 performed p",
            "3.000 stacked p new stack=[a p] depth=2",
            "3.000 offered p eligible_moment",
            "3.000 returned_to_stack p delegate_later stack=[a p] depth=2",
        ],
        "swift": [
            "1.000 app delegate controller -> later",
            "2.000 event custom_event:a",
            "2.000 trigger_matched a",
            "2.000 performed a",
            "2.000 stacked a new stack=[a] depth=1",
            "2.000 offered a eligible_moment",
            "2.000 returned_to_stack a delegate_later stack=[a] depth=1",
            "3.000 event push_click:c",
            "3.000 trigger_matched p",
            "3.000 performed p",
            "3.000 stacked p new stack=[a p] depth=2",
            "3.000 offered p eligible_moment",
            "3.000 returned_to_stack p delegate_later stack=[a p] depth=2",
        ],
        "android": [
            "1.000 app delegate controller -> later",
            "2.000 event custom_event:a",
            "2.000 trigger_matched a",
            "2.000 performed a",
            "2.000 stacked a new stack=[a] depth=1",
            "2.000 offered a eligible_moment",
            "2.000 returned_to_stack a delegate_later stack=[a] depth=1",
            "3.000 delivery_started until=3.500 2 triggers",
            "3.000 event push_click:c",
            "3.000 event_queued push_click:c",
            "3.500 delivery_completed 2 triggers",
            "3.500 trigger_matched p",
            "3.500 performed p",
            "3.500 stacked p new stack=[a p] depth=2",
            "3.500 offered p eligible_moment",
            "3.500 returned_to_stack p delegate_later stack=[a p] depth=2",
        ],
        "web": [
            "1.000 app delegate controller -> later",
            "2.000 event custom_event:a",
            "2.000 trigger_matched a",
            "2.000 performed a",
            "2.000 stacked a new stack=[a] depth=1",
            "2.000 offered a eligible_moment",
            "2.000 discarded a delegate_later",
            "3.000 event push_click:c",
            "3.000 trigger_matched p",
            "3.000 performed p",
            "3.000 stacked p new stack=[p] depth=1",
            "3.000 offered p eligible_moment",
            "3.000 discarded p delegate_later",
        ],
    ]

    static let r5Lines: [String: [String]] = [
        "ios": [
            "1.000 event custom_event:a",
            "1.000 trigger_matched a",
            "1.000 performed a",
            "1.000 stacked a new stack=[a] depth=1",
            "1.000 offered a eligible_moment",
            "1.000 discarded a orientation_mismatch",
            "2.000 app device tablet",
            "3.000 event custom_event:a",
            "3.000 trigger_matched a",
            "3.000 performed a",
            "3.000 stacked a new stack=[a] depth=1",
            "3.000 offered a eligible_moment",
            "3.000 displayed a impression",
        ],
        "swift": [
            "1.000 event custom_event:a",
            "1.000 trigger_matched a",
            "1.000 performed a",
            "1.000 stacked a new stack=[a] depth=1",
            "1.000 offered a eligible_moment",
            "1.000 discarded a orientation_mismatch",
            "2.000 app device tablet",
            "3.000 event custom_event:a",
            "3.000 trigger_matched a",
            "3.000 performed a",
            "3.000 stacked a new stack=[a] depth=1",
            "3.000 offered a eligible_moment",
            "3.000 displayed a impression",
        ],
        "android": [
            "1.000 event custom_event:a",
            "1.000 trigger_matched a",
            "1.000 performed a",
            "1.000 stacked a new stack=[a] depth=1",
            "1.000 offered a eligible_moment",
            "1.000 discarded a orientation_mismatch",
            "2.000 app device tablet",
            "3.000 event custom_event:a",
            "3.000 trigger_matched a",
            "3.000 performed a",
            "3.000 stacked a new stack=[a] depth=1",
            "3.000 offered a eligible_moment",
            "3.000 displayed a impression",
        ],
        "web": [
            "1.000 event custom_event:a",
            "1.000 trigger_matched a",
            "1.000 performed a",
            "1.000 stacked a new stack=[a] depth=1",
            "1.000 offered a eligible_moment",
            "1.000 displayed a impression",
            "2.000 app device tablet",
            "3.000 event custom_event:a",
            "3.000 trigger_matched a",
            "3.000 performed a",
            "3.000 stacked a new stack=[a] depth=1",
            "3.000 offered a eligible_moment",
            "3.000 discarded a message_visible",
        ],
    ]
}
