/// L4: what the app answers when a message is about to show.
public enum DisplayDecision {
    /// The choice for `messageID`, and the `returned_to_stack` reason when it is `later`.
    public static func choice(
        delegate: Delegate, keyboardUp: Bool, messageID: String, keyboardHoldsBack: Bool
    ) -> (
        DisplayChoice, laterReason: TraceReason
    ) {
        switch delegate.implements {
        case .none:
            // Without a delegate the SDK holds messages back while the keyboard is up (X3: where
            // the platform does so at all).
            return keyboardUp && keyboardHoldsBack ? (.later, .keyboardUp) : (.now, .keyboardUp)
        case .uiKeyboard, .controller:
            return (delegate.answers[messageID] ?? delegate.answer, .delegateLater)
        }
    }
}
