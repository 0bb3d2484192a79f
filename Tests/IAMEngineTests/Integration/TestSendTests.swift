import IAMEngine
import Testing

/// integration.md: test sends, under every platform.
@Suite("Integration: test sends")
struct TestSendTests {
    static let names = Profile.all.map(\.name)

    @Test(
        "TS2: a test send shows at once on android, when its push is opened on ios and swift (the push that names it, never another), at the next session on web",
        arguments: names)
    func ts2(_ name: String) throws {
        let profile = try #require(Profile.named(name))
        #expect(IntegrationScripts.ts2.lines(under: profile) == Self.ts2Lines[name])
    }

    @Test("TS2: the open of another campaign's push does not show the one test send waiting; its own push does")
    func ts2OtherPush() throws {
        for name in ["ios", "swift"] {
            let profile = try #require(Profile.named(name))
            #expect(
                IntegrationScripts.ts2OtherPush.lines(under: profile) == [
                    "5.000 test_send qa waiting",
                    "10.000 event push_click:spring-sale",
                    "10.000 no_match push_click:spring-sale",
                    "20.000 event push_click:qa",
                    "20.000 no_match push_click:qa",
                    "20.000 offered qa test_send",
                    "20.000 displayed qa impression",
                ], "\(name)")
        }
    }

    @Test(
        "TS2: a test send whose push is never opened shows at the next session start (ios, swift); android parks it in the background; web waits for a new session",
        arguments: names)
    func ts2NeverOpened(_ name: String) throws {
        let profile = try #require(Profile.named(name))
        #expect(IntegrationScripts.ts2NeverOpened.lines(under: profile) == Self.ts2NeverOpenedLines[name])
    }

    @Test(
        "TS2: with nothing presenting a test send is discarded no_presenter on every platform that offers it",
        arguments: names)
    func ts2NoPresenter(_ name: String) throws {
        let profile = try #require(Profile.named(name))
        #expect(IntegrationScripts.ts2NoPresenter.lines(under: profile) == Self.ts2NoPresenterLines[name])
    }

    @Test("TS3: a discarded test send is not shown again, by a push or a new session", arguments: names)
    func ts3(_ name: String) throws {
        let profile = try #require(Profile.named(name))
        #expect(IntegrationScripts.ts3.lines(under: profile) == Self.ts3Lines[name])
    }

    @Test(
        "TS4: a push open the app does not pass on is app push_not_forwarded: no push_click, no trigger, no test send",
        arguments: names)
    func ts4(_ name: String) throws {
        let profile = try #require(Profile.named(name))
        #expect(IntegrationScripts.ts4.lines(under: profile) == Self.ts4Lines[name])
    }

    // MARK: - Each platform's exact lines

    static let ts2Lines: [String: [String]] = [
        "ios": [
            "5.000 test_send qa waiting",
            "6.000 test_send test-2 waiting",
            "10.000 event push_click:qa",
            "10.000 no_match push_click:qa",
            "10.000 offered qa test_send",
            "10.000 displayed qa impression",
            "11.000 dismissed qa user",
            // TS2 (round 4): a push that names no test send shows none, even the only one waiting.
            "12.000 event push_click",
            "12.000 no_match push_click",
            "13.000 ignored nothing_visible action=dismiss",
            "30.000 app background",
            "40.000 session_ended session 1",
            "1900.000 app foreground",
            "1900.000 session_started session 2",
            "1900.000 delivery_started until=1900.500 0 triggers",
            "1900.000 event open",
            "1900.000 event_queued open",
            "1900.000 offered test-2 test_send",
            "1900.000 displayed test-2 impression",
            "1900.500 delivery_completed 0 triggers",
            "1900.500 no_match open",
            "1901.000 event custom_event:later",
            "1901.000 no_match custom_event:later",
        ],
        "swift": [
            "5.000 test_send qa waiting",
            "6.000 test_send test-2 waiting",
            "10.000 event push_click:qa",
            "10.000 no_match push_click:qa",
            "10.000 offered qa test_send",
            "10.000 displayed qa impression",
            "11.000 dismissed qa user",
            // TS2 (round 4): a push that names no test send shows none, even the only one waiting.
            "12.000 event push_click",
            "12.000 no_match push_click",
            "13.000 ignored nothing_visible action=dismiss",
            "30.000 app background",
            "40.000 session_ended session 1",
            "1900.000 app foreground",
            "1900.000 session_started session 2",
            "1900.000 delivery_started until=1900.500 0 triggers",
            "1900.000 event open",
            "1900.000 event_queued open",
            "1900.000 offered test-2 test_send",
            "1900.000 displayed test-2 impression",
            "1900.500 delivery_completed 0 triggers",
            "1900.500 no_match open",
            "1901.000 event custom_event:later",
            "1901.000 no_match custom_event:later",
        ],
        "android": [
            "5.000 test_send qa received",
            "5.000 offered qa test_send",
            "5.000 displayed qa impression",
            "6.000 test_send test-2 received",
            "6.000 offered test-2 test_send",
            "6.000 returned_to_stack test-2 message_visible stack=[test-2] depth=1",
            "10.000 delivery_started until=10.500 0 triggers",
            "10.000 event push_click:qa",
            "10.000 event_queued push_click:qa",
            "10.500 delivery_completed 0 triggers",
            "10.500 no_match push_click:qa",
            "11.000 dismissed qa user",
            "12.000 delivery_started until=12.500 0 triggers",
            "12.000 event push_click",
            "12.000 event_queued push_click",
            "12.500 delivery_completed 0 triggers",
            "12.500 no_match push_click",
            "13.000 ignored nothing_visible action=dismiss",
            "30.000 app background",
            "40.000 session_ended session 1",
            "1900.000 app foreground",
            "1900.000 session_started session 2",
            "1900.000 delivery_started until=1900.500 0 triggers",
            "1900.000 event open",
            "1900.000 event_queued open",
            "1900.500 delivery_completed 0 triggers",
            "1900.500 no_match open",
            "1901.000 event custom_event:later",
            "1901.000 no_match custom_event:later",
        ],
        "web": [
            "5.000 test_send qa waiting",
            "6.000 test_send test-2 waiting",
            "10.000 event push_click:qa",
            "10.000 no_match push_click:qa",
            "11.000 ignored nothing_visible action=dismiss",
            "12.000 event push_click",
            "12.000 no_match push_click",
            "13.000 ignored nothing_visible action=dismiss",
            "30.000 app background",
            "1900.000 app foreground",
            "1901.000 session_ended session 1",
            // X30: the flush tick that came while the page was hidden ran at 1900 (nothing to
            // send): the next one, 1910, carries the new session's start and its sync.
            "1901.000 session_started until=1910.000 session 2; its sync waits for the next data flush",
            "1901.000 offered qa test_send",
            "1901.000 displayed qa impression",
            "1901.000 offered test-2 test_send",
            "1901.000 discarded test-2 message_visible",
            "1901.000 event custom_event:later",
            "1901.000 no_match custom_event:later",
        ],
    ]

    static let ts2NeverOpenedLines: [String: [String]] = [
        "ios": [
            "4.000 app background",
            "5.000 test_send qa waiting",
            "14.000 session_ended session 1",
            "100.000 app foreground",
            "100.000 session_started session 2",
            "100.000 delivery_started until=100.500 0 triggers",
            "100.000 event open",
            "100.000 event_queued open",
            "100.000 offered qa test_send",
            "100.000 displayed qa impression",
        ],
        "swift": [
            "4.000 app background",
            "5.000 test_send qa waiting",
            "14.000 session_ended session 1",
            "100.000 app foreground",
            "100.000 session_started session 2",
            "100.000 delivery_started until=100.500 0 triggers",
            "100.000 event open",
            "100.000 event_queued open",
            "100.000 offered qa test_send",
            "100.000 displayed qa impression",
        ],
        "android": [
            "4.000 app background",
            "5.000 test_send qa received",
            "5.000 offered qa test_send",
            "5.000 returned_to_stack qa app_in_background stack=[qa] depth=1",
            "5.000 parked qa app_in_background stack=[] depth=0",
            "14.000 session_ended session 1",
            "100.000 app foreground",
            "100.000 offered qa foreground",
            "100.000 displayed qa impression",
            "100.000 session_started session 2",
            "100.000 delivery_started until=100.500 0 triggers",
            "100.000 event open",
            "100.000 event_queued open",
        ],
        "web": [
            "4.000 app background",
            "5.000 test_send qa waiting",
            "100.000 app foreground",
        ],
    ]

    static let ts2NoPresenterLines: [String: [String]] = [
        "ios": [
            "5.000 test_send qa waiting",
            "10.000 event push_click:qa",
            "10.000 no_match push_click:qa",
            "10.000 offered qa test_send",
            "10.000 discarded qa no_presenter",
        ],
        "swift": [
            "5.000 test_send qa waiting",
            "10.000 event push_click:qa",
            "10.000 no_match push_click:qa",
            "10.000 offered qa test_send",
            "10.000 discarded qa no_presenter",
        ],
        "android": [
            "5.000 test_send qa received",
            "5.000 offered qa test_send",
            "5.000 discarded qa no_presenter",
            "10.000 delivery_started until=10.500 0 triggers",
            "10.000 event push_click:qa",
            "10.000 event_queued push_click:qa",
        ],
        "web": [
            "5.000 test_send qa waiting",
            "10.000 event push_click:qa",
            "10.000 no_match push_click:qa",
        ],
    ]

    static let ts3Lines: [String: [String]] = [
        "ios": [
            "1.000 app delegate controller -> discard",
            "5.000 test_send qa waiting",
            "10.000 event push_click:qa",
            "10.000 no_match push_click:qa",
            "10.000 offered qa test_send",
            "10.000 discarded qa delegate_discard",
            "11.000 app delegate controller -> now",
            "12.000 event push_click:qa",
            "12.000 no_match push_click:qa",
            "30.000 app background",
            "40.000 session_ended session 1",
            "1900.000 app foreground",
            "1900.000 session_started session 2",
            "1900.000 delivery_started until=1900.500 0 triggers",
            "1900.000 event open",
            "1900.000 event_queued open",
            "1900.500 delivery_completed 0 triggers",
            "1900.500 no_match open",
            "1901.000 event custom_event:later",
            "1901.000 no_match custom_event:later",
        ],
        "swift": [
            "1.000 app delegate controller -> discard",
            "5.000 test_send qa waiting",
            "10.000 event push_click:qa",
            "10.000 no_match push_click:qa",
            "10.000 offered qa test_send",
            "10.000 discarded qa delegate_discard",
            "11.000 app delegate controller -> now",
            "12.000 event push_click:qa",
            "12.000 no_match push_click:qa",
            "30.000 app background",
            "40.000 session_ended session 1",
            "1900.000 app foreground",
            "1900.000 session_started session 2",
            "1900.000 delivery_started until=1900.500 0 triggers",
            "1900.000 event open",
            "1900.000 event_queued open",
            "1900.500 delivery_completed 0 triggers",
            "1900.500 no_match open",
            "1901.000 event custom_event:later",
            "1901.000 no_match custom_event:later",
        ],
        "android": [
            "1.000 app delegate controller -> discard",
            "5.000 test_send qa received",
            "5.000 offered qa test_send",
            "5.000 discarded qa delegate_discard",
            "10.000 delivery_started until=10.500 0 triggers",
            "10.000 event push_click:qa",
            "10.000 event_queued push_click:qa",
            "10.500 delivery_completed 0 triggers",
            "10.500 no_match push_click:qa",
            "11.000 app delegate controller -> now",
            "12.000 delivery_started until=12.500 0 triggers",
            "12.000 event push_click:qa",
            "12.000 event_queued push_click:qa",
            "12.500 delivery_completed 0 triggers",
            "12.500 no_match push_click:qa",
            "30.000 app background",
            "40.000 session_ended session 1",
            "1900.000 app foreground",
            "1900.000 session_started session 2",
            "1900.000 delivery_started until=1900.500 0 triggers",
            "1900.000 event open",
            "1900.000 event_queued open",
            "1900.500 delivery_completed 0 triggers",
            "1900.500 no_match open",
            "1901.000 event custom_event:later",
            "1901.000 no_match custom_event:later",
        ],
        "web": [
            "1.000 app delegate controller -> discard",
            "5.000 test_send qa waiting",
            "10.000 event push_click:qa",
            "10.000 no_match push_click:qa",
            "11.000 app delegate controller -> now",
            "12.000 event push_click:qa",
            "12.000 no_match push_click:qa",
            "30.000 app background",
            "1900.000 app foreground",
            "1901.000 session_ended session 1",
            // X30: the flush tick that came while the page was hidden ran at 1900 (nothing to
            // send): the next one, 1910, carries the new session's start and its sync.
            "1901.000 session_started until=1910.000 session 2; its sync waits for the next data flush",
            "1901.000 offered qa test_send",
            "1901.000 displayed qa impression",
            "1901.000 event custom_event:later",
            "1901.000 no_match custom_event:later",
        ],
    ]

    static let ts4Lines: [String: [String]] = [
        "ios": [
            "5.000 test_send qa waiting",
            "8.000 app background",
            "10.000 app foreground",
            "10.000 app push_not_forwarded qa",
            "20.000 event push_click:qa",
            "20.000 trigger_matched p",
            "20.000 performed p",
            "20.000 stacked p new stack=[p] depth=1",
            "20.000 offered p eligible_moment",
            "20.000 displayed p impression",
            "20.000 offered qa test_send",
            "20.000 returned_to_stack qa message_visible stack=[qa] depth=1",
        ],
        "swift": [
            "5.000 test_send qa waiting",
            "8.000 app background",
            "10.000 app foreground",
            "10.000 app push_not_forwarded qa",
            "20.000 event push_click:qa",
            "20.000 trigger_matched p",
            "20.000 performed p",
            "20.000 stacked p new stack=[p] depth=1",
            "20.000 offered p eligible_moment",
            "20.000 displayed p impression",
            "20.000 offered qa test_send",
            "20.000 returned_to_stack qa message_visible stack=[qa] depth=1",
        ],
        "android": [
            "5.000 test_send qa received",
            "5.000 offered qa test_send",
            "5.000 displayed qa impression",
            "8.000 app background",
            "8.000 carried_over qa background",
            "10.000 app foreground",
            "10.000 redisplayed qa carryover",
            "10.000 app push_not_forwarded qa",
            "20.000 delivery_started until=20.500 1 triggers",
            "20.000 event push_click:qa",
            "20.000 event_queued push_click:qa",
        ],
        "web": [
            "5.000 test_send qa waiting",
            "8.000 app background",
            "10.000 app foreground",
            "10.000 app push_not_forwarded qa",
            "20.000 event push_click:qa",
            "20.000 trigger_matched p",
            "20.000 performed p",
            "20.000 stacked p new stack=[p] depth=1",
            "20.000 offered p eligible_moment",
            "20.000 displayed p impression",
        ],
    ]
}
