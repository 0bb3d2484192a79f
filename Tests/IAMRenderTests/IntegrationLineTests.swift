import IAMEngine
import Testing

@testable import IAMRender

/// The side panel's APP line (integration.md, "In the simulator and the trace"): the app around
/// the SDK in one line, worded by `IntegrationLine`, fitted to the room it has.
@Suite("The side panel's APP line")
struct IntegrationLineTests {
    /// An engine after `actions`, applied one second apart from t = 0.
    static func state(_ settings: Settings, _ actions: [Action]) -> EngineState {
        var engine = Engine(scenario: Scenario(name: "App", settings: settings, triggers: Fixtures.scenario.triggers))
        for (i, action) in actions.enumerated() { _ = engine.apply(action, at: Double(i)) }
        return engine.state
    }

    static let splash: Settings = {
        var settings = Settings()
        settings.screens = ["splash": Screen(registered: false, delegate: .later), "home": Screen()]
        return settings
    }()

    @Test("I1: with the defaults throughout there is no line, and the 80×24 screen is as it was")
    func defaults() {
        let s = Self.state(Settings(), [.launch])
        #expect(!IntegrationLine.isShown(s))
        let text = render(engine: s, ui: Fixtures.ui(), trace: [], width: 80, height: 24).grid.text
        #expect(!text.contains("APP "))
        // A presenter changed by a step shows it, even back at the default when the file set one.
        #expect(
            IntegrationLine.isShown(Self.state(Settings(), [.launch, .integration(.init(ui: Integration.UI.none))])))
        var custom = Settings()
        custom.integration = Integration(ui: .custom)
        #expect(IntegrationLine.isShown(Self.state(custom, [.launch, .integration(.init(ui: .default))])))
    }

    @Test("I2, I3, SC1, TS2: presenter, screen, test sends; long words, then short, then +N")
    func parts() {
        let message = Message(kind: .modal, text: "Test")
        let s = Self.state(
            Self.splash,
            [
                .launch, .integration(.init(ui: .custom, impressions: .never)), .screen(name: "splash"),
                .testSend(id: "qa", message: message),
            ])
        let parts = IntegrationLine.parts(of: s)
        #expect(
            parts.map(\.long) == ["UI custom, impressions never", "screen splash answers later", "1 test send waiting"])
        #expect(parts.map(\.short) == ["UI custom/never", "splash: later", "1 test wait"])
        #expect(parts.map(\.warns) == [true, true, true])
        let long = "UI custom, impressions never · screen splash answers later · 1 test send waiting"
        #expect(IntegrationLine.text(parts, width: 200, dot: "·") == long)
        #expect(
            IntegrationLine.text(parts, width: long.count - 1, dot: "·")
                == "UI custom/never · splash: later · 1 test wait")
        #expect(IntegrationLine.text(parts, width: 34, dot: "·") == "UI custom/never · splash: later +1")
        #expect(IntegrationLine.text(parts, width: 20, dot: "·") == "UI custom/never +2")
    }

    @Test("I3: a message handed over with impressions app waits for the app to log it; the line says so until it does")
    func unlogged() throws {
        var settings = Settings()
        settings.integration = Integration(ui: .custom, impressions: .app)
        let launched: [Action] = [.launch, .wait, .customEvent(name: "cart_add", properties: [:])]
        let state = Self.state(settings, launched)
        #expect(state.awaitingAppImpression.count == 1)
        #expect(
            IntegrationLine.parts(of: state).map(\.long) == [
                "UI custom, impressions app", "1 impression for the app to log",
            ])
        let id = try #require(state.awaitingAppImpression.first)
        let logged = IntegrationLine.parts(of: Self.state(settings, launched + [.appImpression(message: id)]))
        #expect(logged.map(\.long) == ["UI custom, impressions app"])
    }

    @Test("SC2: an unregistered screen is named so only where the platform holds messages back for it")
    func unregistered() {
        var android = Self.splash
        android.profile = .android
        let held = IntegrationLine.parts(of: Self.state(android, [.launch, .screen(name: "splash")]))
        #expect(held.map(\.long) == ["UI default", "screen splash (not registered) answers later"])
        let ios = IntegrationLine.parts(of: Self.state(Self.splash, [.launch, .screen(name: "home")]))
        #expect(ios.map(\.long) == ["UI default", "screen home"])
        #expect(ios.map(\.warns) == [false, false])
    }

    @Test("I2 at 80×24: the APP line is in the status block, warning-coloured, above the session")
    func onScreen() throws {
        let s = Self.state(Settings(), [.launch, .integration(.init(ui: Integration.UI.none))])
        let grid = render(engine: s, ui: Fixtures.ui(), trace: [], width: 80, height: 24).grid
        let rows = (0..<24).map { grid.rowText($0) }
        let row = try #require(rows.firstIndex { $0.contains("APP UI none: nothing presents") })
        let session = try #require(rows.firstIndex { $0.contains("session 1 foreground") })
        #expect(row < session)
        let text = rows[row]
        let x = text.distance(from: text.startIndex, to: try #require(text.firstRange(of: "UI none")).lowerBound)
        #expect(grid[x, row].role == .warning)
    }

    @Test("B1-B4, I4: a bridge and the Web SDK's display are parts of the line")
    func bridgeAndWeb() {
        var settings = Settings()
        settings.integration = Integration(
            bridge: Bridge(kind: .reactNative, nativeUI: false, listener: true, ready: false))
        let bridged = Self.state(settings, [.launch])
        #expect(IntegrationLine.isShown(bridged))
        #expect(
            IntegrationLine.parts(of: bridged).map(\.long) == [
                "UI default", "react-native bridge, native UI off, app side not ready",
            ])
        #expect(IntegrationLine.parts(of: bridged).last?.warns == true)
        settings.integration = Integration(bridge: Bridge(kind: .flutter))
        #expect(
            IntegrationLine.parts(of: Self.state(settings, [.launch])).map(\.long) == [
                "UI default", "flutter bridge, no listener",
            ])
        settings.integration = Integration(web: WebDisplay(automaticallyShow: false, subscribers: [.consume]))
        let web = IntegrationLine.parts(of: Self.state(settings, [.launch]))
        #expect(web.map(\.long) == ["UI default", "web manual, consume"])
        #expect(web.map(\.short) == ["UI default", "web manual"])
    }
}
