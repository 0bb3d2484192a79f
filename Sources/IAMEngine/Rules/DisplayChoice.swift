/// L4: what the app answers when a message is about to show.
public enum DisplayDecision {
    /// The choice for `messageID`, and the `returned_to_stack` reason when it is `later`.
    public static func choice(delegate: Delegate, keyboardUp: Bool, messageID: String) -> (
        DisplayChoice, laterReason: TraceReason
    ) {
        switch delegate.implements {
        case .none:
            // Without a delegate the SDK holds messages back while the keyboard is up.
            return keyboardUp ? (.later, .keyboardUp) : (.now, .keyboardUp)
        case .uiKeyboard, .controller:
            return (delegate.answers[messageID] ?? delegate.answer, .delegateLater)
        }
    }
}
