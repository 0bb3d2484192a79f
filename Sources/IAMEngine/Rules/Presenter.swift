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
