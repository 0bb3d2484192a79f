import IAMEngine
import Testing

/// Revision 4b's Android whole-session rows (profiles.md X50–X53, the X32 and X36 android cells)
/// and delivery-rules §13 R8 under every platform: the exact lines each writes. Scenarios:
/// `Revision4bScripts`.
@Suite("Profiles: revision 4b's whole-session rows under each platform")
struct Revision4bRowTests {
    static let names = Profile.all.map(\.name)
    /// X32 and X36 have web cells of their own (revision 4), built apart from these rows: here
    /// the platforms whose answer this branch gives.
    static let withoutWeb = names.filter { $0 != "web" }

    @Test(
        "X50: a delayed message is handed over after another on android (P2 not checked again); dropped min_interval elsewhere",
        arguments: names)
    func x50(_ name: String) throws {
        let profile = try #require(Profile.named(name))
        #expect(Revision4bScripts.x50.lines(under: profile) == Self.x50Lines[name])
    }

    @Test(
        "X51: android checks re-eligibility at the hand-over with the delay added again; dropped elsewhere",
        arguments: names)
    func x51(_ name: String) throws {
        let profile = try #require(Profile.named(name))
        #expect(Revision4bScripts.x51.lines(under: profile) == Self.x51Lines[name])
    }

    @Test(
        "X52: android reads the minimum interval in whole seconds: a display at 0.5 s lets 30.2 s pass 30 s",
        arguments: names)
    func x52(_ name: String) throws {
        let profile = try #require(Profile.named(name))
        #expect(Revision4bScripts.x52.lines(under: profile) == Self.x52Lines[name])
    }

    @Test("X53: a push open syncs the triggers first on android: its test event, then push_click", arguments: names)
    func x53(_ name: String) throws {
        let profile = try #require(Profile.named(name))
        #expect(Revision4bScripts.x53.lines(under: profile) == Self.x53Lines[name])
    }

    @Test(
        "X32: android forgets at the next launch the re-eligibility of a trigger a sync removed", arguments: withoutWeb)
    func x32(_ name: String) throws {
        let profile = try #require(Profile.named(name))
        #expect(Revision4bScripts.x32.lines(under: profile) == Self.x32Lines[name])
    }

    @Test("X36: android compares the campaign part of a base64 id, for iam_click and push_click", arguments: withoutWeb)
    func x36(_ name: String) throws {
        let profile = try #require(Profile.named(name))
        #expect(Revision4bScripts.x36.lines(under: profile) == Self.x36Lines[name])
    }

    @Test(
        "R8: a delivery fires one test event: the test triggers compete, the winner after its delay", arguments: names)
    func r8(_ name: String) throws {
        let profile = try #require(Profile.named(name))
        #expect(Revision4bScripts.r8(profile) == Self.r8Lines[name])
    }

    @Test("R8: P3 applies to the test event's candidates: a once-only winner is skipped at the next delivery")
    func r8ReEligibility() {
        let lines = Profile.all.map { Revision4bScripts.r8ReEligibility.lines(under: $0) }
        // ios, swift and android alike; on web (a 30 min session timeout, X10) the session goes on
        // at 20 s: no second delivery.
        #expect(lines[0] == lines[1] && lines[0] == lines[2])
        #expect(!lines[3].contains("20.500 trigger_matched again test"))
        #expect(
            lines[0] == [
                "1.500 dismissed once auto", "2.000 app background", "12.000 session_ended session 1",
                "20.000 app foreground",
                "20.000 session_started session 2", "20.000 delivery_started until=20.500 2 triggers",
                "20.000 event open", "20.000 event_queued open", "20.500 delivery_completed 2 triggers",
                "20.500 trigger_matched again test", "20.500 trigger_skipped once re_eligibility",
                "20.500 performed again", "20.500 stacked again new stack=[again] depth=1",
                "20.500 offered again eligible_moment", "20.500 displayed again impression",
                "20.500 no_match open", "21.500 dismissed again auto",
            ])
    }

    @Test("X32, X36, X50–X53: each row's script: compare names that row where android parts from ios")
    func compareNamesTheRow() {
        let scripts: [(Difference, Script)] = [
            (.x32, Revision4bScripts.x32), (.x36, Revision4bScripts.x36), (.x50, Revision4bScripts.x50),
            (.x51, Revision4bScripts.x51), (.x52, Revision4bScripts.x52), (.x53, Revision4bScripts.x53),
        ]
        for (row, script) in scripts {
            let comparison = Comparison(script.scenario, profiles: [.ios, .android])
            #expect(!comparison.agree)
            #expect(
                comparison.firstDivergence?.rows.contains(row) == true,
                "\(row.id): \(comparison.firstDivergence?.rows ?? [])")
        }
    }

    static let x50Lines: [String: [String]] = [
        "ios": [
            "1.000 event custom_event:a",
            "1.000 trigger_matched a",
            "1.000 trigger_delayed a until=21.000",
            "5.000 event custom_event:b",
            "5.000 trigger_matched b",
            "5.000 performed b",
            "5.000 stacked b new stack=[b] depth=1",
            "5.000 offered b eligible_moment",
            "5.000 displayed b impression",
            "6.000 dismissed b auto",
            "21.000 trigger_dropped a min_interval next=35.000",
        ],
        "swift": [
            "1.000 event custom_event:a",
            "1.000 trigger_matched a",
            "1.000 trigger_delayed a until=21.000",
            "5.000 event custom_event:b",
            "5.000 trigger_matched b",
            "5.000 performed b",
            "5.000 stacked b new stack=[b] depth=1",
            "5.000 offered b eligible_moment",
            "5.000 displayed b impression",
            "6.000 dismissed b auto",
            "21.000 trigger_dropped a min_interval next=35.000",
        ],
        "android": [
            "1.000 event custom_event:a",
            "1.000 trigger_matched a",
            "1.000 trigger_delayed a until=21.000",
            "5.000 event custom_event:b",
            "5.000 trigger_matched b",
            "5.000 performed b",
            "5.000 stacked b new stack=[b] depth=1",
            "5.000 offered b eligible_moment",
            "5.000 displayed b impression",
            "6.000 dismissed b auto",
            "21.000 performed a X50: P2 not checked again at the hand-over",
            "21.000 stacked a new stack=[a] depth=1",
            "21.000 offered a eligible_moment",
            "21.000 displayed a impression",
            "22.000 dismissed a auto",
        ],
        "web": [
            "1.000 event custom_event:a",
            "1.000 trigger_matched a",
            "1.000 trigger_delayed a until=21.000",
            "5.000 event custom_event:b",
            "5.000 trigger_matched b",
            "5.000 performed b",
            "5.000 stacked b new stack=[b] depth=1",
            "5.000 offered b eligible_moment",
            "5.000 displayed b impression",
            "6.000 dismissed b auto",
            "21.000 trigger_dropped a min_interval next=35.000",
        ],
    ]

    static let x51Lines: [String: [String]] = [
        "ios": [
            "1.000 event custom_event:r",
            "1.000 trigger_matched r",
            "1.000 trigger_delayed r until=6.000",
            "2.000 event custom_event:r",
            "2.000 trigger_matched r",
            "2.000 trigger_delayed r until=7.000",
            "6.000 performed r",
            "6.000 stacked r new stack=[r] depth=1",
            "6.000 offered r eligible_moment",
            "6.000 displayed r impression",
            "7.000 trigger_dropped r re_eligibility",
            "7.000 dismissed r auto",
        ],
        "swift": [
            "1.000 event custom_event:r",
            "1.000 trigger_matched r",
            "1.000 trigger_delayed r until=6.000",
            "2.000 event custom_event:r",
            "2.000 trigger_matched r",
            "2.000 trigger_delayed r until=7.000",
            "6.000 performed r",
            "6.000 stacked r new stack=[r] depth=1",
            "6.000 offered r eligible_moment",
            "6.000 displayed r impression",
            "7.000 trigger_dropped r re_eligibility",
            "7.000 dismissed r auto",
        ],
        "android": [
            "1.000 event custom_event:r",
            "1.000 trigger_matched r",
            "1.000 trigger_delayed r until=6.000",
            "2.000 event custom_event:r",
            "2.000 trigger_matched r",
            "2.000 trigger_delayed r until=7.000",
            "6.000 performed r",
            "6.000 stacked r new stack=[r] depth=1",
            "6.000 offered r eligible_moment",
            "6.000 displayed r impression",
            "7.000 performed r X51: P3 checked with the delay added again",
            "7.000 stacked r new stack=[r] depth=1",
            "7.000 offered r eligible_moment",
            "7.000 returned_to_stack r message_visible stack=[r] depth=1",
            "7.000 dismissed r auto",
        ],
        "web": [
            "1.000 event custom_event:r",
            "1.000 trigger_matched r",
            "1.000 trigger_delayed r until=6.000",
            "2.000 event custom_event:r",
            "2.000 trigger_matched r",
            "2.000 trigger_delayed r until=7.000",
            "6.000 performed r",
            "6.000 stacked r new stack=[r] depth=1",
            "6.000 offered r eligible_moment",
            "6.000 displayed r impression",
            "7.000 trigger_dropped r re_eligibility",
            "7.000 dismissed r auto",
        ],
    ]

    static let x52Lines: [String: [String]] = [
        "ios": [
            "0.500 event custom_event:a",
            "0.500 trigger_matched a",
            "0.500 performed a",
            "0.500 stacked a new stack=[a] depth=1",
            "0.500 offered a eligible_moment",
            "0.500 displayed a impression",
            "1.500 dismissed a auto",
            "30.200 event custom_event:a",
            "30.200 trigger_skipped a min_interval next=30.500",
            "30.200 no_match custom_event:a",
        ],
        "swift": [
            "0.500 event custom_event:a",
            "0.500 trigger_matched a",
            "0.500 performed a",
            "0.500 stacked a new stack=[a] depth=1",
            "0.500 offered a eligible_moment",
            "0.500 displayed a impression",
            "1.500 dismissed a auto",
            "30.200 event custom_event:a",
            "30.200 trigger_skipped a min_interval next=30.500",
            "30.200 no_match custom_event:a",
        ],
        "android": [
            "0.500 event custom_event:a",
            "0.500 trigger_matched a",
            "0.500 performed a",
            "0.500 stacked a new stack=[a] depth=1",
            "0.500 offered a eligible_moment",
            "0.500 displayed a impression",
            "1.500 dismissed a auto",
            "30.200 event custom_event:a",
            "30.200 trigger_matched a X52: P2 passes in whole seconds",
            "30.200 performed a",
            "30.200 stacked a new stack=[a] depth=1",
            "30.200 offered a eligible_moment",
            "30.200 displayed a impression",
        ],
        "web": [
            "0.500 event custom_event:a",
            "0.500 trigger_matched a",
            "0.500 performed a",
            "0.500 stacked a new stack=[a] depth=1",
            "0.500 offered a eligible_moment",
            "0.500 displayed a impression",
            "1.500 dismissed a auto",
            "30.200 event custom_event:a",
            "30.200 trigger_skipped a min_interval next=30.500",
            "30.200 no_match custom_event:a",
        ],
    ]

    static let x53Lines: [String: [String]] = [
        "ios": [
            "1.500 dismissed t auto",
            "5.000 event push_click:cp1",
            "5.000 trigger_matched p",
            "5.000 performed p",
            "5.000 stacked p new stack=[p] depth=1",
            "5.000 offered p eligible_moment",
            "5.000 displayed p impression",
            "6.000 dismissed p auto",
        ],
        "swift": [
            "1.500 dismissed t auto",
            "5.000 event push_click:cp1",
            "5.000 trigger_matched p",
            "5.000 performed p",
            "5.000 stacked p new stack=[p] depth=1",
            "5.000 offered p eligible_moment",
            "5.000 displayed p impression",
            "6.000 dismissed p auto",
        ],
        "android": [
            "1.500 dismissed t auto",
            "5.000 delivery_started until=5.500 2 triggers",
            "5.000 event push_click:cp1",
            "5.000 event_queued push_click:cp1",
            "5.500 delivery_completed 2 triggers",
            "5.500 trigger_matched t test",
            "5.500 performed t",
            "5.500 stacked t new stack=[t] depth=1",
            "5.500 offered t eligible_moment",
            "5.500 displayed t impression",
            "5.500 trigger_matched p",
            "5.500 performed p",
            "5.500 stacked p new stack=[p] depth=1",
            "5.500 offered p eligible_moment",
            "5.500 returned_to_stack p message_visible stack=[p] depth=1",
            "6.500 dismissed t auto",
        ],
        "web": [
            "1.500 dismissed t auto",
            "5.000 event push_click:cp1",
            "5.000 trigger_matched p",
            "5.000 performed p",
            "5.000 stacked p new stack=[p] depth=1",
            "5.000 offered p eligible_moment",
            "5.000 displayed p impression",
            "6.000 dismissed p auto",
        ],
    ]

    static let x32Lines: [String: [String]] = [
        "ios": [
            "1.000 event custom_event:a",
            "1.000 trigger_matched a",
            "1.000 performed a",
            "1.000 stacked a new stack=[a] depth=1",
            "1.000 offered a eligible_moment",
            "1.000 displayed a impression",
            "2.000 dismissed a auto",
            "2.000 app a campaign disabled on the server",
            "3.000 app background",
            "13.000 session_ended session 1",
            "20.000 app foreground",
            "20.000 session_started session 2",
            "20.000 delivery_started until=20.500 0 triggers",
            "20.000 event open",
            "20.000 event_queued open",
            "20.500 delivery_completed 0 triggers",
            "20.500 no_match open",
            "21.000 app a campaign enabled on the server",
            "22.000 event custom_event:a",
            "22.000 no_match custom_event:a pending=[a@21.000]",
            "30.000 app launch",
            "30.000 session_ended session 2",
            "30.000 session_started session 3",
            "30.000 delivery_started until=30.500 1 triggers",
            "30.000 event open",
            "30.000 event_queued open",
            "30.500 delivery_completed 1 triggers",
            "30.500 no_match open",
            "31.000 event custom_event:a",
            "31.000 trigger_skipped a re_eligibility",
            "31.000 no_match custom_event:a",
        ],
        "swift": [
            "1.000 event custom_event:a",
            "1.000 trigger_matched a",
            "1.000 performed a",
            "1.000 stacked a new stack=[a] depth=1",
            "1.000 offered a eligible_moment",
            "1.000 displayed a impression",
            "2.000 dismissed a auto",
            "2.000 app a campaign disabled on the server",
            "3.000 app background",
            "13.000 session_ended session 1",
            "20.000 app foreground",
            "20.000 session_started session 2",
            "20.000 delivery_started until=20.500 0 triggers",
            "20.000 event open",
            "20.000 event_queued open",
            "20.500 delivery_completed 0 triggers",
            "20.500 no_match open",
            "21.000 app a campaign enabled on the server",
            "22.000 event custom_event:a",
            "22.000 no_match custom_event:a pending=[a@21.000]",
            "30.000 app launch",
            "30.000 session_ended session 2",
            "30.000 session_started session 3",
            "30.000 delivery_started until=30.500 1 triggers",
            "30.000 event open",
            "30.000 event_queued open",
            "30.500 delivery_completed 1 triggers",
            "30.500 no_match open",
            "31.000 event custom_event:a",
            "31.000 trigger_skipped a re_eligibility",
            "31.000 no_match custom_event:a",
        ],
        "android": [
            "1.000 event custom_event:a",
            "1.000 trigger_matched a",
            "1.000 performed a",
            "1.000 stacked a new stack=[a] depth=1",
            "1.000 offered a eligible_moment",
            "1.000 displayed a impression",
            "2.000 dismissed a auto",
            "2.000 app a campaign disabled on the server",
            "3.000 app background",
            "13.000 session_ended session 1",
            "20.000 app foreground",
            "20.000 session_started session 2",
            "20.000 delivery_started until=20.500 0 triggers",
            "20.000 event open",
            "20.000 event_queued open",
            "20.500 delivery_completed 0 triggers",
            "20.500 no_match open",
            "21.000 app a campaign enabled on the server",
            "22.000 event custom_event:a",
            "22.000 no_match custom_event:a pending=[a@21.000]",
            "30.000 app launch",
            "30.000 session_ended session 2",
            "30.000 session_started session 3",
            "30.000 delivery_started until=30.500 1 triggers",
            "30.000 event open",
            "30.000 event_queued open",
            "30.500 delivery_completed 1 triggers",
            "30.500 no_match open",
            "31.000 event custom_event:a",
            "31.000 trigger_matched a",
            "31.000 performed a",
            "31.000 stacked a new stack=[a] depth=1",
            "31.000 offered a eligible_moment",
            "31.000 displayed a impression",
        ],
    ]

    static let x36Lines: [String: [String]] = [
        "ios": [
            "1.000 event custom_event:a",
            "1.000 trigger_matched YzBfJF9tdj0x",
            "1.000 performed YzBfJF9tdj0x",
            "1.000 stacked YzBfJF9tdj0x new stack=[YzBfJF9tdj0x] depth=1",
            "1.000 offered YzBfJF9tdj0x eligible_moment",
            "1.000 displayed YzBfJF9tdj0x impression",
            "2.000 clicked YzBfJF9tdj0x NONE",
            "2.000 dismissed YzBfJF9tdj0x user",
            "2.000 event iam_click:YzBfJF9tdj0x",
            "2.000 trigger_matched YzFfJF9tdj0x",
            "2.000 trigger_skipped YzJfJF9tdj0x lower_priority",
            "2.000 performed YzFfJF9tdj0x",
            "2.000 stacked YzFfJF9tdj0x new stack=[YzFfJF9tdj0x] depth=1",
            "2.000 offered YzFfJF9tdj0x eligible_moment",
            "2.000 displayed YzFfJF9tdj0x impression",
            "3.000 dismissed YzFfJF9tdj0x auto",
            "10.000 event push_click:cp1",
            "10.000 trigger_matched push",
            "10.000 performed push",
            "10.000 stacked push new stack=[push] depth=1",
            "10.000 offered push eligible_moment",
            "10.000 displayed push impression",
            "11.000 dismissed push auto",
            "20.000 event push_click:Y3AxXyRfbXY9MQ==",
            "20.000 no_match push_click:Y3AxXyRfbXY9MQ==",
        ],
        "swift": [
            "1.000 event custom_event:a",
            "1.000 trigger_matched YzBfJF9tdj0x",
            "1.000 performed YzBfJF9tdj0x",
            "1.000 stacked YzBfJF9tdj0x new stack=[YzBfJF9tdj0x] depth=1",
            "1.000 offered YzBfJF9tdj0x eligible_moment",
            "1.000 displayed YzBfJF9tdj0x impression",
            "2.000 clicked YzBfJF9tdj0x NONE",
            "2.000 dismissed YzBfJF9tdj0x user",
            "2.000 event iam_click:YzBfJF9tdj0x",
            "2.000 trigger_matched YzFfJF9tdj0x",
            "2.000 trigger_skipped YzJfJF9tdj0x lower_priority",
            "2.000 performed YzFfJF9tdj0x",
            "2.000 stacked YzFfJF9tdj0x new stack=[YzFfJF9tdj0x] depth=1",
            "2.000 offered YzFfJF9tdj0x eligible_moment",
            "2.000 displayed YzFfJF9tdj0x impression",
            "3.000 dismissed YzFfJF9tdj0x auto",
            "10.000 event push_click:cp1",
            "10.000 trigger_matched push",
            "10.000 performed push",
            "10.000 stacked push new stack=[push] depth=1",
            "10.000 offered push eligible_moment",
            "10.000 displayed push impression",
            "11.000 dismissed push auto",
            "20.000 event push_click:Y3AxXyRfbXY9MQ==",
            "20.000 no_match push_click:Y3AxXyRfbXY9MQ==",
        ],
        "android": [
            "1.000 event custom_event:a",
            "1.000 trigger_matched YzBfJF9tdj0x",
            "1.000 performed YzBfJF9tdj0x",
            "1.000 stacked YzBfJF9tdj0x new stack=[YzBfJF9tdj0x] depth=1",
            "1.000 offered YzBfJF9tdj0x eligible_moment",
            "1.000 displayed YzBfJF9tdj0x impression",
            "2.000 clicked YzBfJF9tdj0x NONE",
            "2.000 dismissed YzBfJF9tdj0x user",
            "2.000 event iam_click:YzBfJF9tdj0x",
            "2.000 trigger_matched YzFfJF9tdj0x",
            "2.000 performed YzFfJF9tdj0x",
            "2.000 stacked YzFfJF9tdj0x new stack=[YzFfJF9tdj0x] depth=1",
            "2.000 offered YzFfJF9tdj0x eligible_moment",
            "2.000 displayed YzFfJF9tdj0x impression",
            "3.000 dismissed YzFfJF9tdj0x auto",
            "10.000 delivery_started until=10.500 4 triggers",
            "10.000 event push_click:cp1",
            "10.000 event_queued push_click:cp1",
            "10.500 delivery_completed 4 triggers",
            "10.500 no_match push_click:cp1",
            "20.000 delivery_started until=20.500 4 triggers",
            "20.000 event push_click:Y3AxXyRfbXY9MQ==",
            "20.000 event_queued push_click:Y3AxXyRfbXY9MQ==",
            "20.500 delivery_completed 4 triggers",
            "20.500 trigger_matched push",
            "20.500 performed push",
            "20.500 stacked push new stack=[push] depth=1",
            "20.500 offered push eligible_moment",
            "20.500 displayed push impression",
            "21.500 dismissed push auto",
        ],
    ]

    static let r8Lines: [String: [String]] = [
        "ios": [
            "0.000 app launch",
            "0.000 session_started session 1",
            "0.000 delivery_started until=0.500 3 triggers",
            "0.000 event open",
            "0.000 event_queued open",
            "0.500 delivery_completed 3 triggers",
            "0.500 trigger_matched t2 test",
            "0.500 trigger_skipped t1 lower_priority",
            "0.500 trigger_skipped t3 lower_priority",
            "0.500 trigger_delayed t2 until=3.500",
            "0.500 no_match open",
            "3.500 performed t2",
            "3.500 stacked t2 new stack=[t2] depth=1",
            "3.500 offered t2 eligible_moment",
            "3.500 displayed t2 impression",
            "4.500 dismissed t2 auto",
        ],
        "swift": [
            "0.000 app launch",
            "0.000 session_started session 1",
            "0.000 delivery_started until=0.500 3 triggers",
            "0.000 event open",
            "0.000 event_queued open",
            "0.500 delivery_completed 3 triggers",
            "0.500 trigger_matched t2 test",
            "0.500 trigger_skipped t1 lower_priority",
            "0.500 trigger_skipped t3 lower_priority",
            "0.500 trigger_delayed t2 until=3.500",
            "0.500 no_match open",
            "3.500 performed t2",
            "3.500 stacked t2 new stack=[t2] depth=1",
            "3.500 offered t2 eligible_moment",
            "3.500 displayed t2 impression",
            "4.500 dismissed t2 auto",
        ],
        "android": [
            "0.000 app launch",
            "0.000 session_started session 1",
            "0.000 delivery_started until=0.500 3 triggers",
            "0.000 event open",
            "0.000 event_queued open",
            "0.500 delivery_completed 3 triggers",
            "0.500 trigger_matched t2 test",
            "0.500 trigger_skipped t1 lower_priority",
            "0.500 trigger_skipped t3 lower_priority",
            "0.500 trigger_delayed t2 until=3.500",
            "0.500 no_match open",
            "3.500 performed t2",
            "3.500 stacked t2 new stack=[t2] depth=1",
            "3.500 offered t2 eligible_moment",
            "3.500 displayed t2 impression",
            "4.500 dismissed t2 auto",
        ],
        "web": [
            "0.000 app launch",
            "0.000 session_started session 1",
            "0.000 delivery_started until=0.500 3 triggers",
            "0.000 event open",
            "0.000 event_queued open",
            "0.500 delivery_completed 3 triggers",
            "0.500 trigger_matched t3 test",
            "0.500 trigger_skipped t1 lower_priority",
            "0.500 trigger_skipped t2 lower_priority",
            "0.500 performed t3",
            "0.500 stacked t3 new stack=[t3] depth=1",
            "0.500 offered t3 eligible_moment",
            "0.500 displayed t3 impression",
            "0.500 no_match open",
            "1.500 dismissed t3 auto",
        ],
    ]
}
