import IAMEngine
import Testing

/// Issue 49: Swift's and legacy iOS's display rows read from their open UI code (BrazeUI,
/// AppboyUI): X56 on both, X40's stack for swift, X66, X67; each on both sides of its version
/// boundary where it has one.
@Suite("The iOS side of the screen: BrazeUI's and AppboyUI's display rows")
struct AppleDisplayRowTests {
    /// A MODAL with a button and text, and an image-only (`GRAPHIC`) MODAL with a button; a body
    /// tap on each.
    static let bodyTaps = Script(
        triggers: [
            trigger(
                "text", .customEvent(name: "t"), interval: 0,
                message: message(.modal, buttons: [Button(id: "ok", text: "ok")])),
            trigger(
                "graphic", .customEvent(name: "g"), interval: 0,
                message: message(.modal, image: "g.png", buttons: [Button(id: "ok", text: "ok")], style: .graphic)),
        ],
        steps: [(1, event("t")), (2, .click(button: nil)), (3, .dismiss), (10, event("g")), (11, .click(button: nil))],
        until: 12, assets: ["g.png": AssetSpec(download: 0.5)])

    static func bodyTapLines(_ name: String) throws -> [String] {
        try Self.bodyTaps.lines(under: Profile.resolve(name).get()).filter {
            $0.hasPrefix("2.000") || $0.hasPrefix("11.000")
        }
    }

    static let textIgnored = "2.000 ignored text has_buttons action=click only its buttons act"
    static let graphicIgnored = "11.000 ignored graphic has_buttons action=click only its buttons act"

    @Test("X56 swift: before 7.2.0 a body tap clicks; 7.2.0 up to 7.5.0 not on text; from 7.5.0 on neither")
    func x56Swift() throws {
        let text = try Self.bodyTapLines("swift@7.1.0")
        #expect(text.contains("2.000 clicked text NONE"))
        #expect(text.contains("11.000 clicked graphic NONE"))
        for name in ["swift@7.2.0", "swift@7.4.0"] {
            let lines = try Self.bodyTapLines(name)
            #expect(lines.contains(Self.textIgnored), "\(name)")
            #expect(lines.contains("11.000 clicked graphic NONE"), "\(name)")
        }
        for name in ["swift@7.5.0", "swift"] {
            let lines = try Self.bodyTapLines(name)
            #expect(lines == [Self.textIgnored, Self.graphicIgnored], "\(name)")
        }
    }

    @Test("every swift and ios display row (X54–X67) says how sure it is and what it rests on")
    func displayRowsNameTheirSource() {
        let display: [Difference] = [
            .x54, .x55, .x56, .x57, .x58, .x59, .x60, .x61, .x62, .x63, .x64, .x65, .x66, .x67,
        ]
        for profile in [Profile.ios, Profile.swift] {
            for row in display {
                let answer = profile.answer(row)
                #expect([.source, .inferred].contains(answer.confidence), "\(profile.name) \(row.id)")
                #expect(answer.evidence?.isEmpty == false, "\(profile.name) \(row.id)")
                #expect(answer.confidenceWords.hasPrefix(answer.confidence.words + ": "), "\(profile.name) \(row.id)")
            }
        }
        #expect(Profile.swift.answer(.x56).confidenceWords.hasPrefix("read from source: BrazeUI "))
        #expect(Profile.ios.answer(.x56).confidenceWords.hasPrefix("read from source: AppboyUI "))
    }

    @Test("X56 ios: AppboyUI's window controller returns early on a MODAL or FULL with buttons")
    func x56IOS() throws {
        for name in ["ios", "ios@4.7.0", "ios@3.3.0"] {
            #expect(try Self.bodyTapLines(name) == [Self.textIgnored, Self.graphicIgnored], "\(name)")
        }
        // A slide-up with buttons still clicks (only immersive messages return early).
        let slideup = Script(
            triggers: [
                trigger(
                    "s", .customEvent(name: "s"), message: message(.slideup, buttons: [Button(id: "ok", text: "ok")]))
            ],
            steps: [(1, event("s")), (2, .click(button: nil))])
        #expect(slideup.lines(under: .ios).contains("2.000 clicked s NONE"))
    }
}

extension AppleDisplayRowTests {
    /// X40 swift: a message waits for its image (`slow.png`, 10 s) when the user changes; then a
    /// visible message with a local message waiting behind it when the user changes again.
    static let userChange = Script(
        triggers: [
            trigger("a", .customEvent(name: "a"), interval: 0, reEligibility: 0),
            trigger("img", .customEvent(name: "i"), interval: 0, reEligibility: 0, message: message(image: "slow.png")),
        ],
        steps: [
            (1, event("i")), (2, .changeUser(id: "u2")), (12, event("a")), (13, .addLocal(message(.slideup, "local"))),
            (14, .changeUser(id: "u3")), (14.5, .dismiss),
            (15, .displayNext),
        ],
        until: 16, assets: ["slow.png": AssetSpec(download: 10)])

    static let waitingForImage = [
        "1.000 event custom_event:i",
        "1.000 trigger_matched img",
        "1.000 performed img",
        "1.000 stacked img new stack=[img] depth=1",
        "1.000 offered img eligible_moment",
        "1.000 waiting_for_asset img until=10.500 slow.png",
        "2.000 user_changed u2",
    ]
    static let localBehindVisible = [
        "12.000 event custom_event:a",
        "12.000 trigger_matched a",
        "12.000 performed a",
        "12.000 stacked a new stack=[a] depth=1",
        "12.000 offered a eligible_moment",
        "12.000 displayed a impression",
        "13.000 stacked local-1 local stack=[local-1] depth=1",
        "13.000 offered local-1 eligible_moment",
        "13.000 returned_to_stack local-1 message_visible stack=[local-1] depth=1",
        "14.000 user_changed u3",
        "14.000 dismissed a user_changed",
    ]

    @Test("X40 swift: from 14.0.1 changeUser empties the stack and drops the message waiting for its image")
    func x40Swift() throws {
        let cleared =
            Self.waitingForImage + ["2.000 discarded img user_changed", "10.500 asset_ready slow.png"]
            + Self.localBehindVisible + [
                "14.000 discarded local-1 user_changed", "14.500 ignored nothing_visible action=dismiss",
                "15.000 ignored stack_empty action=displayNext",
            ]
        for name in ["swift", "swift@14.0.1", "swift@18.2.0"] {
            #expect(try Self.userChange.lines(under: Profile.resolve(name).get()) == cleared, "\(name)")
        }
        // Before: the stack stays (the local message, no user of its own, shows to the new user) and
        // the waiting message is refused only when its image is here.
        let kept =
            Self.waitingForImage + ["10.500 asset_ready slow.png", "10.500 discarded img user_changed"]
            + Self.localBehindVisible.dropLast() + [
                "14.500 dismissed a user", "15.000 offered local-1 display_next", "15.000 displayed local-1 local",
            ]
        let old = try Self.userChange.lines(under: Profile.resolve("swift@14.0.0").get())
        #expect(old == kept)
    }

    /// X66: `slow` waits for its image (10 s) when `quick` (no image) is offered and shown.
    static let twoMessages = Script(
        triggers: [
            trigger("slow", .customEvent(name: "s"), interval: 0, message: message(image: "slow.png")),
            trigger("quick", .customEvent(name: "q"), interval: 0),
        ],
        steps: [(1, event("s")), (2, event("q")), (11, .dismiss), (12, .displayNext)],
        until: 13, assets: ["slow.png": AssetSpec(download: 10)])

    static let twoMessagesStart = [
        "1.000 event custom_event:s",
        "1.000 trigger_matched slow",
        "1.000 performed slow",
        "1.000 stacked slow new stack=[slow] depth=1",
        "1.000 offered slow eligible_moment",
        "1.000 waiting_for_asset slow until=10.500 slow.png",
        "2.000 event custom_event:q",
        "2.000 trigger_matched quick",
        "2.000 performed quick",
        "2.000 stacked quick new stack=[quick] depth=1",
        "2.000 offered quick eligible_moment",
    ]

    @Test("X66 swift: from 6.0.0 a message waiting for its image is dropped when another is prepared")
    func x66() throws {
        let dropped =
            Self.twoMessagesStart + [
                "2.000 discarded slow download_cancelled quick prepared",
                "2.000 displayed quick impression",
                "10.500 asset_ready slow.png",
                "11.000 dismissed quick user",
                "12.000 ignored stack_empty action=displayNext",
            ]
        for name in ["swift", "swift@6.0.0", "swift@18.2.0"] {
            #expect(try Self.twoMessages.lines(under: Profile.resolve(name).get()) == dropped, "\(name)")
        }
        // Before 6.0.0 (BrazeKit loads the image) and on ios: the first goes back on the stack.
        let returned =
            Self.twoMessagesStart + [
                "2.000 displayed quick impression",
                "10.500 asset_ready slow.png",
                "10.500 returned_to_stack slow message_visible stack=[slow] depth=1",
                "11.000 dismissed quick user",
                "12.000 offered slow display_next",
                "12.000 displayed slow impression",
            ]
        for name in ["swift@5.14.0", "ios"] {
            #expect(try Self.twoMessages.lines(under: Profile.resolve(name).get()) == returned, "\(name)")
        }
    }

    /// X67: a delayed message triggered for the first user falls due after the change, on a
    /// phone turned to landscape, while the delegate answers `later`.
    static let previousUser = Script(
        triggers: [
            trigger("d", .customEvent(name: "d"), delay: 5, message: message(orientation: .portrait))
        ],
        steps: [
            (1, event("d")), (2, .changeUser(id: "u2")), (3, .rotate(.landscape)), (4, ProfileScripts.delegate(.later)),
        ],
        until: 7)

    @Test("X67 swift: the different-user guard comes after the delegate and the orientation")
    func x67() throws {
        let swiftLines = Self.previousUser.lines(under: .swift)
        #expect(
            swiftLines.suffix(2) == [
                "6.000 offered d eligible_moment", "6.000 returned_to_stack d delegate_later stack=[d] depth=1",
            ])
        // Android checks the user first: the same message is refused before anything else is asked.
        let first = Profile.android
        #expect(Self.previousUser.lines(under: first).suffix(1) == ["6.000 discarded d user_changed"])
        // The delegate says now: the orientation refuses it before the guard is reached.
        let now = Script(
            triggers: Self.previousUser.triggers,
            steps: [(1, event("d")), (2, .changeUser(id: "u2")), (3, .rotate(.landscape))], until: 7)
        #expect(now.lines(under: .swift).suffix(1) == ["6.000 discarded d orientation_mismatch"])
        #expect(now.lines(under: first).suffix(1) == ["6.000 discarded d user_changed"])
    }
}
