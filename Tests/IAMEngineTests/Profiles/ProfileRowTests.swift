import IAMEngine
import Testing

/// Every X-row of profiles.md under every platform: the exact lines each platform writes, so
/// each answer (including the inherited ones) is pinned. Scenarios: `ProfileScripts`.
@Suite("Profiles: each difference under each platform")
struct ProfileRowTests {
    static let names = Profile.all.map(\.name)

    @Test(
        "X1: a message refused while another is visible returns to the stack, or is discarded without one (web)",
        arguments: names)
    func x1(_ name: String) throws {
        let profile = try #require(Profile.named(name))
        #expect(ProfileScripts.x1(profile) == Self.x1Lines[name])
    }

    @Test(
        "X2: performed in the background: stacked (ios, swift), parked and offered on foreground (android), discarded (web)",
        arguments: names)
    func x2(_ name: String) throws {
        let profile = try #require(Profile.named(name))
        #expect(ProfileScripts.x2(profile) == Self.x2Lines[name])
    }

    @Test("X3: the keyboard holds a message back on ios only", arguments: names)
    func x3(_ name: String) throws {
        let profile = try #require(Profile.named(name))
        #expect(ProfileScripts.x3(profile) == Self.x3Lines[name])
    }

    @Test("X4: the keyboard dismisses a visible modal on ios only", arguments: names)
    func x4(_ name: String) throws {
        let profile = try #require(Profile.named(name))
        #expect(ProfileScripts.x4(profile) == Self.x4Lines[name])
    }

    @Test(
        "X5: reenqueue rolls back (ios, android), pushes on the stack keeping P2 (swift), discards (web)",
        arguments: names)
    func x5(_ name: String) throws {
        let profile = try #require(Profile.named(name))
        #expect(ProfileScripts.x5(profile) == Self.x5Lines[name])
    }

    @Test("X6: displayNext asks the delegate (ios, android), not swift; web has nothing to offer", arguments: names)
    func x6(_ name: String) throws {
        let profile = try #require(Profile.named(name))
        #expect(ProfileScripts.x6(profile) == Self.x6Lines[name])
    }

    @Test("X7: comparator 4 on a number is >= on web only", arguments: names)
    func x7(_ name: String) throws {
        let profile = try #require(Profile.named(name))
        #expect(ProfileScripts.x7(profile) == Self.x7Lines[name])
    }

    @Test("X8: regex filters are case-sensitive on web only", arguments: names)
    func x8(_ name: String) throws {
        let profile = try #require(Profile.named(name))
        #expect(ProfileScripts.x8(profile) == Self.x8Lines[name])
    }

    @Test("X9: an empty property_filters array matches on web only", arguments: names)
    func x9(_ name: String) throws {
        let profile = try #require(Profile.named(name))
        #expect(ProfileScripts.x9(profile) == Self.x9Lines[name])
    }

    @Test("X10: the default session timeout is 10 s, 30 minutes on web", arguments: names)
    func x10(_ name: String) throws {
        let profile = try #require(Profile.named(name))
        #expect(ProfileScripts.x10(profile) == Self.x10Lines[name])
    }

    @Test("X11: a trigger without timeout expires at delay + 30 s on web only", arguments: names)
    func x11(_ name: String) throws {
        let profile = try #require(Profile.named(name))
        #expect(ProfileScripts.x11(profile) == Self.x11Lines[name])
    }

    @Test("X14: a message offered exactly at its expiry shows, except on web", arguments: names)
    func x14(_ name: String) throws {
        let profile = try #require(Profile.named(name))
        #expect(ProfileScripts.x14(profile) == Self.x14Lines[name])
    }

    @Test("X14: an image arriving exactly at the expiry shows, except on web", arguments: names)
    func x14Asset(_ name: String) throws {
        let profile = try #require(Profile.named(name))
        #expect(ProfileScripts.x14Asset(profile) == Self.x14AssetLines[name])
    }

    @Test("X15: swift removes the older copy of a message before pushing it again", arguments: names)
    func x15(_ name: String) throws {
        let profile = try #require(Profile.named(name))
        #expect(ProfileScripts.x15(profile) == Self.x15Lines[name])
    }

    static let x1Lines: [String: [String]] = [
        "ios": [
            "1.000 event custom_event:a",
            "1.000 trigger_matched a",
            "1.000 performed a",
            "1.000 stacked a new stack=[a] depth=1",
            "1.000 offered a eligible_moment",
            "1.000 displayed a impression",
            "40.000 event custom_event:b",
            "40.000 trigger_matched b",
            "40.000 performed b",
            "40.000 stacked b new stack=[b] depth=1",
            "40.000 offered b eligible_moment",
            "40.000 returned_to_stack b message_visible stack=[b] depth=1",
            "41.000 dismissed a user",
            "42.000 offered b display_next",
            "42.000 displayed b impression",
        ],
        "swift": [
            "1.000 event custom_event:a",
            "1.000 trigger_matched a",
            "1.000 performed a",
            "1.000 stacked a new stack=[a] depth=1",
            "1.000 offered a eligible_moment",
            "1.000 displayed a impression",
            "40.000 event custom_event:b",
            "40.000 trigger_matched b",
            "40.000 performed b",
            "40.000 stacked b new stack=[b] depth=1",
            "40.000 offered b eligible_moment",
            "40.000 returned_to_stack b message_visible stack=[b] depth=1",
            "41.000 dismissed a user",
            "42.000 offered b display_next",
            "42.000 displayed b impression",
        ],
        "android": [
            "1.000 event custom_event:a",
            "1.000 trigger_matched a",
            "1.000 performed a",
            "1.000 stacked a new stack=[a] depth=1",
            "1.000 offered a eligible_moment",
            "1.000 displayed a impression",
            "40.000 event custom_event:b",
            "40.000 trigger_matched b",
            "40.000 performed b",
            "40.000 stacked b new stack=[b] depth=1",
            "40.000 offered b eligible_moment",
            "40.000 returned_to_stack b message_visible stack=[b] depth=1",
            "41.000 dismissed a user",
            "42.000 offered b display_next",
            "42.000 displayed b impression",
        ],
        "web": [
            "1.000 event custom_event:a",
            "1.000 trigger_matched a",
            "1.000 performed a",
            "1.000 stacked a new stack=[a] depth=1",
            "1.000 offered a eligible_moment",
            "1.000 displayed a impression",
            "40.000 event custom_event:b",
            "40.000 trigger_matched b",
            "40.000 performed b",
            "40.000 stacked b new stack=[b] depth=1",
            "40.000 offered b eligible_moment",
            "40.000 discarded b message_visible",
            "41.000 dismissed a user",
            "42.000 ignored stack_empty action=displayNext",
        ],
    ]

    static let x2Lines: [String: [String]] = [
        "ios": [
            "1.000 event custom_event:a",
            "1.000 trigger_matched a",
            "1.000 trigger_delayed a until=6.000",
            "1.500 event custom_event:b",
            "1.500 trigger_matched b",
            "1.500 trigger_delayed b until=6.500",
            "2.000 app background",
            "6.000 performed a",
            "6.000 stacked a new stack=[a] depth=1",
            "6.000 offered a eligible_moment",
            "6.000 returned_to_stack a app_in_background stack=[a] depth=1",
            "6.500 performed b",
            "6.500 stacked b new stack=[a b] depth=2",
            "6.500 offered b eligible_moment",
            "6.500 returned_to_stack b app_in_background stack=[a b] depth=2",
            "8.000 app foreground",
        ],
        "swift": [
            "1.000 event custom_event:a",
            "1.000 trigger_matched a",
            "1.000 trigger_delayed a until=6.000",
            "1.500 event custom_event:b",
            "1.500 trigger_matched b",
            "1.500 trigger_delayed b until=6.500",
            "2.000 app background",
            "6.000 performed a",
            "6.000 stacked a new stack=[a] depth=1",
            "6.000 offered a eligible_moment",
            "6.000 returned_to_stack a app_in_background stack=[a] depth=1",
            "6.500 performed b",
            "6.500 stacked b new stack=[a b] depth=2",
            "6.500 offered b eligible_moment",
            "6.500 returned_to_stack b app_in_background stack=[a b] depth=2",
            "8.000 app foreground",
        ],
        "android": [
            "1.000 event custom_event:a",
            "1.000 trigger_matched a",
            "1.000 trigger_delayed a until=6.000",
            "1.500 event custom_event:b",
            "1.500 trigger_matched b",
            "1.500 trigger_delayed b until=6.500",
            "2.000 app background",
            "6.000 performed a",
            "6.000 stacked a new stack=[a] depth=1",
            "6.000 offered a eligible_moment",
            "6.000 returned_to_stack a app_in_background stack=[a] depth=1",
            "6.000 parked a app_in_background stack=[] depth=0",
            "6.500 performed b",
            "6.500 stacked b new stack=[b] depth=1",
            "6.500 offered b eligible_moment",
            "6.500 returned_to_stack b app_in_background stack=[b] depth=1",
            "6.500 discarded a replaced_in_background",
            "6.500 parked b app_in_background stack=[] depth=0",
            "8.000 app foreground",
            "8.000 offered b foreground",
            "8.000 displayed b impression",
        ],
        "web": [
            "1.000 event custom_event:a",
            "1.000 trigger_matched a",
            "1.000 trigger_delayed a until=6.000",
            "1.500 event custom_event:b",
            "1.500 trigger_matched b",
            "1.500 trigger_delayed b until=6.500",
            "2.000 app background",
            "6.000 performed a",
            "6.000 stacked a new stack=[a] depth=1",
            "6.000 offered a eligible_moment",
            "6.000 displayed a impression",
            "6.500 performed b",
            "6.500 stacked b new stack=[b] depth=1",
            "6.500 offered b eligible_moment",
            "6.500 discarded b message_visible",
            "8.000 app foreground",
        ],
    ]

    static let x3Lines: [String: [String]] = [
        "ios": [
            "1.000 app keyboard up",
            "2.000 event custom_event:a",
            "2.000 trigger_matched a",
            "2.000 performed a",
            "2.000 stacked a new stack=[a] depth=1",
            "2.000 offered a eligible_moment",
            "2.000 returned_to_stack a keyboard_up stack=[a] depth=1",
        ],
        "swift": [
            "1.000 app keyboard up",
            "2.000 event custom_event:a",
            "2.000 trigger_matched a",
            "2.000 performed a",
            "2.000 stacked a new stack=[a] depth=1",
            "2.000 offered a eligible_moment",
            "2.000 displayed a impression",
        ],
        "android": [
            "1.000 app keyboard up",
            "2.000 event custom_event:a",
            "2.000 trigger_matched a",
            "2.000 performed a",
            "2.000 stacked a new stack=[a] depth=1",
            "2.000 offered a eligible_moment",
            "2.000 displayed a impression",
        ],
        "web": [
            "1.000 app keyboard up",
            "2.000 event custom_event:a",
            "2.000 trigger_matched a",
            "2.000 performed a",
            "2.000 stacked a new stack=[a] depth=1",
            "2.000 offered a eligible_moment",
            "2.000 displayed a impression",
        ],
    ]

    static let x4Lines: [String: [String]] = [
        "ios": [
            "1.000 event custom_event:a",
            "1.000 trigger_matched a",
            "1.000 performed a",
            "1.000 stacked a new stack=[a] depth=1",
            "1.000 offered a eligible_moment",
            "1.000 displayed a impression",
            "2.000 app keyboard up",
            "2.000 dismissed a keyboard",
        ],
        "swift": [
            "1.000 event custom_event:a",
            "1.000 trigger_matched a",
            "1.000 performed a",
            "1.000 stacked a new stack=[a] depth=1",
            "1.000 offered a eligible_moment",
            "1.000 displayed a impression",
            "2.000 app keyboard up",
        ],
        "android": [
            "1.000 event custom_event:a",
            "1.000 trigger_matched a",
            "1.000 performed a",
            "1.000 stacked a new stack=[a] depth=1",
            "1.000 offered a eligible_moment",
            "1.000 displayed a impression",
            "2.000 app keyboard up",
        ],
        "web": [
            "1.000 event custom_event:a",
            "1.000 trigger_matched a",
            "1.000 performed a",
            "1.000 stacked a new stack=[a] depth=1",
            "1.000 offered a eligible_moment",
            "1.000 displayed a impression",
            "2.000 app keyboard up",
        ],
    ]

    static let x5Lines: [String: [String]] = [
        "ios": [
            "1.000 app delegate controller -> reenqueue",
            "2.000 event custom_event:a",
            "2.000 trigger_matched a",
            "2.000 performed a",
            "2.000 stacked a new stack=[a] depth=1",
            "2.000 offered a eligible_moment",
            "2.000 reenqueued a",
            "3.000 app delegate controller -> now",
            "4.000 event custom_event:b",
            "4.000 trigger_matched b",
            "4.000 performed b",
            "4.000 stacked b new stack=[b] depth=1",
            "4.000 offered b eligible_moment",
            "4.000 displayed b impression",
        ],
        "swift": [
            "1.000 app delegate controller -> reenqueue",
            "2.000 event custom_event:a",
            "2.000 trigger_matched a",
            "2.000 performed a",
            "2.000 stacked a new stack=[a] depth=1",
            "2.000 offered a eligible_moment",
            "2.000 returned_to_stack a delegate_reenqueue stack=[a] depth=1",
            "3.000 app delegate controller -> now",
            "4.000 event custom_event:b",
            "4.000 trigger_skipped b min_interval next=32.000",
            "4.000 no_match custom_event:b",
        ],
        "android": [
            "1.000 app delegate controller -> reenqueue",
            "2.000 event custom_event:a",
            "2.000 trigger_matched a",
            "2.000 performed a",
            "2.000 stacked a new stack=[a] depth=1",
            "2.000 offered a eligible_moment",
            "2.000 reenqueued a",
            "3.000 app delegate controller -> now",
            "4.000 event custom_event:b",
            "4.000 trigger_matched b",
            "4.000 performed b",
            "4.000 stacked b new stack=[b] depth=1",
            "4.000 offered b eligible_moment",
            "4.000 displayed b impression",
        ],
        "web": [
            "1.000 app delegate controller -> reenqueue",
            "2.000 event custom_event:a",
            "2.000 trigger_matched a",
            "2.000 performed a",
            "2.000 stacked a new stack=[a] depth=1",
            "2.000 offered a eligible_moment",
            "2.000 discarded a delegate_reenqueue",
            "3.000 app delegate controller -> now",
            "4.000 event custom_event:b",
            "4.000 trigger_skipped b min_interval next=32.000",
            "4.000 no_match custom_event:b",
        ],
    ]

    static let x6Lines: [String: [String]] = [
        "ios": [
            "1.000 app delegate controller -> later",
            "2.000 event custom_event:a",
            "2.000 trigger_matched a",
            "2.000 performed a",
            "2.000 stacked a new stack=[a] depth=1",
            "2.000 offered a eligible_moment",
            "2.000 returned_to_stack a delegate_later stack=[a] depth=1",
            "3.000 offered a display_next",
            "3.000 returned_to_stack a delegate_later stack=[a] depth=1",
        ],
        "swift": [
            "1.000 app delegate controller -> later",
            "2.000 event custom_event:a",
            "2.000 trigger_matched a",
            "2.000 performed a",
            "2.000 stacked a new stack=[a] depth=1",
            "2.000 offered a eligible_moment",
            "2.000 returned_to_stack a delegate_later stack=[a] depth=1",
            "3.000 offered a display_next",
            "3.000 displayed a impression",
        ],
        "android": [
            "1.000 app delegate controller -> later",
            "2.000 event custom_event:a",
            "2.000 trigger_matched a",
            "2.000 performed a",
            "2.000 stacked a new stack=[a] depth=1",
            "2.000 offered a eligible_moment",
            "2.000 returned_to_stack a delegate_later stack=[a] depth=1",
            "3.000 offered a display_next",
            "3.000 returned_to_stack a delegate_later stack=[a] depth=1",
        ],
        "web": [
            "1.000 app delegate controller -> later",
            "2.000 event custom_event:a",
            "2.000 trigger_matched a",
            "2.000 performed a",
            "2.000 stacked a new stack=[a] depth=1",
            "2.000 offered a eligible_moment",
            "2.000 discarded a delegate_later",
            "3.000 ignored stack_empty action=displayNext",
        ],
    ]

    static let x7Lines: [String: [String]] = [
        "ios": [
            "1.000 event custom_event:a {n=5}",
            "1.000 no_match custom_event:a {n=5}",
            "40.000 event custom_event:a {n=4}",
            "40.000 no_match custom_event:a {n=4}",
        ],
        "swift": [
            "1.000 event custom_event:a {n=5}",
            "1.000 no_match custom_event:a {n=5}",
            "40.000 event custom_event:a {n=4}",
            "40.000 no_match custom_event:a {n=4}",
        ],
        "android": [
            "1.000 event custom_event:a {n=5}",
            "1.000 no_match custom_event:a {n=5}",
            "40.000 event custom_event:a {n=4}",
            "40.000 no_match custom_event:a {n=4}",
        ],
        "web": [
            "1.000 event custom_event:a {n=5}",
            "1.000 trigger_matched a",
            "1.000 performed a",
            "1.000 stacked a new stack=[a] depth=1",
            "1.000 offered a eligible_moment",
            "1.000 displayed a impression",
            "40.000 event custom_event:a {n=4}",
            "40.000 no_match custom_event:a {n=4}",
        ],
    ]

    static let x8Lines: [String: [String]] = [
        "ios": [
            "1.000 event custom_event:a {s=\"iced latte\"}",
            "1.000 trigger_matched a",
            "1.000 performed a",
            "1.000 stacked a new stack=[a] depth=1",
            "1.000 offered a eligible_moment",
            "1.000 displayed a impression",
            "40.000 event custom_event:a {s=\"iced Latte\"}",
            "40.000 trigger_matched a",
            "40.000 performed a",
            "40.000 stacked a new stack=[a] depth=1",
            "40.000 offered a eligible_moment",
            "40.000 returned_to_stack a message_visible stack=[a] depth=1",
        ],
        "swift": [
            "1.000 event custom_event:a {s=\"iced latte\"}",
            "1.000 trigger_matched a",
            "1.000 performed a",
            "1.000 stacked a new stack=[a] depth=1",
            "1.000 offered a eligible_moment",
            "1.000 displayed a impression",
            "40.000 event custom_event:a {s=\"iced Latte\"}",
            "40.000 trigger_matched a",
            "40.000 performed a",
            "40.000 stacked a new stack=[a] depth=1",
            "40.000 offered a eligible_moment",
            "40.000 returned_to_stack a message_visible stack=[a] depth=1",
        ],
        "android": [
            "1.000 event custom_event:a {s=\"iced latte\"}",
            "1.000 trigger_matched a",
            "1.000 performed a",
            "1.000 stacked a new stack=[a] depth=1",
            "1.000 offered a eligible_moment",
            "1.000 displayed a impression",
            "40.000 event custom_event:a {s=\"iced Latte\"}",
            "40.000 trigger_matched a",
            "40.000 performed a",
            "40.000 stacked a new stack=[a] depth=1",
            "40.000 offered a eligible_moment",
            "40.000 returned_to_stack a message_visible stack=[a] depth=1",
        ],
        "web": [
            "1.000 event custom_event:a {s=\"iced latte\"}",
            "1.000 no_match custom_event:a {s=\"iced latte\"}",
            "40.000 event custom_event:a {s=\"iced Latte\"}",
            "40.000 trigger_matched a",
            "40.000 performed a",
            "40.000 stacked a new stack=[a] depth=1",
            "40.000 offered a eligible_moment",
            "40.000 displayed a impression",
        ],
    ]

    static let x9Lines: [String: [String]] = [
        "ios": [
            "1.000 event custom_event:a",
            "1.000 no_match custom_event:a",
        ],
        "swift": [
            "1.000 event custom_event:a",
            "1.000 no_match custom_event:a",
        ],
        "android": [
            "1.000 event custom_event:a",
            "1.000 no_match custom_event:a",
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

    static let x10Lines: [String: [String]] = [
        "ios": [
            "1.000 app background",
            "11.000 session_ended session 1",
            "16.000 app foreground",
            "16.000 session_started session 2",
            "16.000 delivery_started until=16.500 1 triggers",
            "16.000 event open",
            "16.000 event_queued open",
            "16.500 delivery_completed 1 triggers",
            "16.500 trigger_skipped a min_interval next=30.500",
            "16.500 no_match open",
        ],
        "swift": [
            "1.000 app background",
            "11.000 session_ended session 1",
            "16.000 app foreground",
            "16.000 session_started session 2",
            "16.000 delivery_started until=16.500 1 triggers",
            "16.000 event open",
            "16.000 event_queued open",
            "16.500 delivery_completed 1 triggers",
            "16.500 trigger_skipped a min_interval next=30.500",
            "16.500 no_match open",
        ],
        "android": [
            "1.000 app background",
            "1.000 carried_over a background",
            "11.000 session_ended session 1",
            "16.000 app foreground",
            "16.000 redisplayed a carryover",
            "16.000 session_started session 2",
            "16.000 delivery_started until=16.500 1 triggers",
            "16.000 event open",
            "16.000 event_queued open",
            "16.500 delivery_completed 1 triggers",
            "16.500 trigger_skipped a min_interval next=30.000",
            "16.500 no_match open",
        ],
        "web": [
            "1.000 app background",
            "16.000 app foreground",
        ],
    ]

    static let x11Lines: [String: [String]] = [
        "ios": [
            "1.000 event custom_event:a",
            "1.000 trigger_matched a",
            "1.000 trigger_delayed a until=3.000",
            "3.000 performed a",
            "3.000 stacked a new stack=[a] depth=1",
            "3.000 offered a eligible_moment",
            "3.000 waiting_for_asset a until=100.500 slow.png",
            "100.500 asset_ready slow.png",
            "100.500 displayed a impression",
        ],
        "swift": [
            "1.000 event custom_event:a",
            "1.000 trigger_matched a",
            "1.000 trigger_delayed a until=3.000",
            "3.000 performed a",
            "3.000 stacked a new stack=[a] depth=1",
            "3.000 offered a eligible_moment",
            "3.000 waiting_for_asset a until=100.500 slow.png",
            "100.500 asset_ready slow.png",
            "100.500 displayed a impression",
        ],
        "android": [
            "1.000 event custom_event:a",
            "1.000 trigger_matched a",
            "1.000 trigger_delayed a until=3.000",
            "3.000 performed a",
            "3.000 stacked a new stack=[a] depth=1",
            "3.000 offered a eligible_moment",
            "3.000 waiting_for_asset a until=100.500 slow.png",
            "100.500 asset_ready slow.png",
            "100.500 displayed a impression",
        ],
        "web": [
            "1.000 event custom_event:a",
            "1.000 trigger_matched a",
            "1.000 trigger_delayed a until=3.000",
            "3.000 performed a",
            "3.000 stacked a new stack=[a] depth=1",
            "3.000 offered a eligible_moment",
            "3.000 asset_requested until=103.000 slow.png",
            "3.000 waiting_for_asset a until=103.000 slow.png",
            "103.000 asset_ready slow.png",
            "103.000 displayed a impression",
        ],
    ]

    static let x14Lines: [String: [String]] = [
        "ios": [
            "1.000 event custom_event:a",
            "1.000 trigger_matched a",
            "1.000 trigger_delayed a until=6.000",
            "6.000 performed a",
            "6.000 stacked a new stack=[a] depth=1",
            "6.000 offered a eligible_moment",
            "6.000 displayed a impression",
        ],
        "swift": [
            "1.000 event custom_event:a",
            "1.000 trigger_matched a",
            "1.000 trigger_delayed a until=6.000",
            "6.000 performed a",
            "6.000 stacked a new stack=[a] depth=1",
            "6.000 offered a eligible_moment",
            "6.000 displayed a impression",
        ],
        "android": [
            "1.000 event custom_event:a",
            "1.000 trigger_matched a",
            "1.000 trigger_delayed a until=6.000",
            "6.000 performed a",
            "6.000 stacked a new stack=[a] depth=1",
            "6.000 offered a eligible_moment",
            "6.000 displayed a impression",
        ],
        "web": [
            "1.000 event custom_event:a",
            "1.000 trigger_matched a",
            "1.000 trigger_delayed a until=6.000",
            "6.000 performed a",
            "6.000 discarded a timeout",
        ],
    ]

    static let x14AssetLines: [String: [String]] = [
        "ios": [
            "0.500 event custom_event:a",
            "0.500 trigger_matched a",
            "0.500 performed a",
            "0.500 stacked a new stack=[a] depth=1",
            "0.500 offered a eligible_moment",
            "0.500 waiting_for_asset a until=5.500 img.png",
            "5.500 asset_ready img.png",
            "5.500 displayed a impression",
        ],
        "swift": [
            "0.500 event custom_event:a",
            "0.500 trigger_matched a",
            "0.500 performed a",
            "0.500 stacked a new stack=[a] depth=1",
            "0.500 offered a eligible_moment",
            "0.500 waiting_for_asset a until=5.500 img.png",
            "5.500 asset_ready img.png",
            "5.500 displayed a impression",
        ],
        "android": [
            "0.500 event custom_event:a",
            "0.500 trigger_matched a",
            "0.500 performed a",
            "0.500 stacked a new stack=[a] depth=1",
            "0.500 offered a eligible_moment",
            "0.500 waiting_for_asset a until=5.500 img.png",
            "5.500 asset_ready img.png",
            "5.500 displayed a impression",
        ],
        "web": [
            "0.500 event custom_event:a",
            "0.500 trigger_matched a",
            "0.500 performed a",
            "0.500 stacked a new stack=[a] depth=1",
            "0.500 offered a eligible_moment",
            "0.500 asset_requested until=5.500 img.png",
            "0.500 waiting_for_asset a until=5.500 img.png",
            "5.500 asset_ready img.png",
            "5.500 displayed a impression",
        ],
    ]

    static let x15Lines: [String: [String]] = [
        "ios": [
            "1.000 app delegate controller -> later",
            "2.000 event custom_event:a",
            "2.000 trigger_matched a",
            "2.000 performed a",
            "2.000 stacked a new stack=[a] depth=1",
            "2.000 offered a eligible_moment",
            "2.000 returned_to_stack a delegate_later stack=[a] depth=1",
            "40.000 event custom_event:a",
            "40.000 trigger_matched a",
            "40.000 performed a",
            "40.000 stacked a new stack=[a a] depth=2",
            "40.000 offered a eligible_moment",
            "40.000 returned_to_stack a delegate_later stack=[a a] depth=2",
        ],
        "swift": [
            "1.000 app delegate controller -> later",
            "2.000 event custom_event:a",
            "2.000 trigger_matched a",
            "2.000 performed a",
            "2.000 stacked a new stack=[a] depth=1",
            "2.000 offered a eligible_moment",
            "2.000 returned_to_stack a delegate_later stack=[a] depth=1",
            "40.000 event custom_event:a",
            "40.000 trigger_matched a",
            "40.000 performed a",
            "40.000 discarded a duplicate_on_stack stack=[] depth=0",
            "40.000 stacked a new stack=[a] depth=1",
            "40.000 offered a eligible_moment",
            "40.000 returned_to_stack a delegate_later stack=[a] depth=1",
        ],
        "android": [
            "1.000 app delegate controller -> later",
            "2.000 event custom_event:a",
            "2.000 trigger_matched a",
            "2.000 performed a",
            "2.000 stacked a new stack=[a] depth=1",
            "2.000 offered a eligible_moment",
            "2.000 returned_to_stack a delegate_later stack=[a] depth=1",
            "40.000 event custom_event:a",
            "40.000 trigger_matched a",
            "40.000 performed a",
            "40.000 stacked a new stack=[a a] depth=2",
            "40.000 offered a eligible_moment",
            "40.000 returned_to_stack a delegate_later stack=[a a] depth=2",
        ],
        "web": [
            "1.000 app delegate controller -> later",
            "2.000 event custom_event:a",
            "2.000 trigger_matched a",
            "2.000 performed a",
            "2.000 stacked a new stack=[a] depth=1",
            "2.000 offered a eligible_moment",
            "2.000 discarded a delegate_later",
            "40.000 event custom_event:a",
            "40.000 trigger_matched a",
            "40.000 performed a",
            "40.000 stacked a new stack=[a] depth=1",
            "40.000 offered a eligible_moment",
            "40.000 discarded a delegate_later",
        ],
    ]
}
