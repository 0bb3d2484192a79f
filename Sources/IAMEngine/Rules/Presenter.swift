/// I2 (integration.md): what the SDK does with a message that passed L3's checks when nothing
/// presents messages in the app.
public enum NoPresenterPolicy: Sendable, Equatable {
    /// Dropped with this reason: `no_presenter` (iOS, Swift: the P3 stamp of E1 stands, so it
    /// does not come back), `no_subscriber` (Web: handed to no one).
    case discard(TraceReason)
    /// Android: back on the stack (`no_activity`), then into X2's single slot until an Activity
    /// registers; a later message replaces it (`replaced_in_background`).
    case park
}

/// The rows of integration.md where the platforms answer differently, for people: why-not and
/// the profile's help show the platform's answer and its confidence, as for the X-rows.
public enum IntegrationRow: String, Sendable, CaseIterable {
    case i2 = "I2"
    case ts2 = "TS2"
    case sc2 = "SC2"

    public var id: String { rawValue }

    public var question: String {
        switch self {
        case .i2: "a message to show when nothing presents messages"
        case .ts2: "when a test send delivered by push is shown"
        case .sc2: "a screen that did not register the SDK's UI"
        }
    }
}

extension Profile {
    /// The platform's answer to an integration row, with its confidence.
    public func answer(_ row: IntegrationRow) -> Answer {
        Self.integrationAnswers[name]?[row] ?? Answer("as ios", .inherited)
    }

    private static let integrationAnswers: [String: [IntegrationRow: Answer]] = [
        "ios": [
            .i2: Answer("dropped: discarded no_presenter (no AppboyUI to show it)", .inferred),
            .ts2: Answer("when its push is opened, else at the next session start", .inferred),
            .sc2: Answer("ignored: any screen presents", .inferred),
        ],
        "swift": [
            .i2: Answer("dropped: discarded no_presenter (no presenter set)", .docs),
            .ts2: Answer("when its push is opened, else at the next session start", .inferred),
            .sc2: Answer("ignored: any screen presents", .inferred),
        ],
        "android": [
            .i2: Answer("kept in one slot until an Activity registers (no_activity, parked)", .source),
            .ts2: Answer("at once when the push arrives in the foreground", .inferred),
            .sc2: Answer("held back (no_activity) until a registered Activity comes to the front", .source),
        ],
        "web": [
            .i2: Answer("handed to no one: discarded no_subscriber", .docs),
            .ts2: Answer("at the next session start", .inferred),
            .sc2: Answer("ignored: no Activities", .inferred),
        ],
    ]
}
