extension Lesson {
    /// `iamterm --lesson after-the-hand-over`: what the display layer does once the SDK has
    /// handed a message over: the carry-over and parking slots, a recreated screen, a body tap
    /// that does nothing, the order of the display checks (rows X54–X57, X61, X62). It runs on
    /// android; the notes say what ios and web do (checked by `LessonTests`).
    static let afterTheHandOver = Lesson(
        name: "after-the-hand-over",
        summary: "the screen's slots, a recreated screen, inert taps and the display checks' order",
        rules: ["X54", "X55", "X56", "X57", "X2", "X65", "X61", "X62"],
        json: """
            {
              "name": "Lesson: after the hand-over",
              "description": "What the display layer does with a message once the SDK hands it over, as the Android SDK's own display code does it. This lesson runs on android; press V to run ios beside it (V again: Swift, then Web), or run `iamterm compare --lesson after-the-hand-over` (X54-X57, X61, X62).",
              "settings": { "minimumTriggerInterval": 0, "profile": "android" },
              "triggers": [
                { "id": "tip", "type": "inapp", "re_eligibility": 0,
                  "trigger_condition": [ { "type": "custom_event", "data": { "event_name": "browse" } } ],
                  "data": { "type": "SLIDEUP", "message": "Tip: swipe to save", "duration": 6000, "message_close": "AUTO_DISMISS", "trigger_id": "tip" } },
                { "id": "cart-offer", "type": "inapp", "re_eligibility": 0,
                  "trigger_condition": [ { "type": "custom_event", "data": { "event_name": "cart" } } ],
                  "data": { "type": "MODAL", "header": "Your cart", "message": "Free delivery today", "message_close": "SWIPE", "trigger_id": "cart-offer",
                            "btns": [ { "id": 0, "text": "Checkout", "click_action": "NONE" } ] } },
                { "id": "menu", "type": "inapp", "re_eligibility": 0,
                  "trigger_condition": [ { "type": "custom_event", "data": { "event_name": "menu" } } ],
                  "data": { "type": "FULL", "message": "The winter menu", "orientation": "PORTRAIT", "message_close": "SWIPE", "trigger_id": "menu" } }
              ],
              "timeline": [
                { "at": 0, "do": "launch", "note": "The app starts on android. This lesson follows messages after the SDK hands them over: the screen's two slots, a recreated screen, taps, the display checks. Press V for ios beside it, V again for Swift, then Web." },
                { "at": 2, "do": "customEvent", "name": "browse", "note": "tip is handed over and shown: a slide-up that dismisses itself after 6 s (M3)." },
                { "at": 4, "do": "background", "note": "The Activity goes away. Android takes tip off the screen into its carry-over slot: carried_over, not dismissed (X54). ios keeps it visible in the background (M6)." },
                { "at": 5, "do": "customEvent", "name": "cart", "note": "cart-offer is performed while no Activity is registered: Android parks it in its one slot (X2). ios returns it to the stack; Web shows it on the hidden page, over tip (X65, X58)." },
                { "at": 6, "do": "dismiss", "note": "A dismiss finds no view on Android: ignored nothing_visible; tip waits in the carry-over slot. On ios the dismiss closes tip; on Web it closes the newest message on the page, cart-offer." },
                { "at": 9, "do": "foreground", "note": "An Activity registers. Android shows tip again (redisplayed, no second impression), its expiry and orientation checked again and its 6 s started again; its first timer ran out at 8 s with no view and closed nothing. The parked cart-offer keeps waiting: the carry-over goes first (X54)." },
                { "at": 16, "do": "rotate", "orientation": "landscape", "note": "A rotation recreates the Activity on Android; the new one registers and, with nothing carried over, offers the parked cart-offer: offered rotate, displayed (X54, X2). A message with an orientation of its own would have locked the screen instead." },
                { "at": 18, "do": "click", "note": "A tap on the body of a modal that has buttons does nothing on every platform (Android and Web run their display code; ios and Swift read in AppboyUI and BrazeUI): only its buttons act, ignored has_buttons (X56)." },
                { "at": 19, "do": "click", "button": 0, "note": "The button closes it. Its payload carries trigger_id, as Braze's do, so Android logs the click; without one it logs nothing and raises no iam_click (X57)." },
                { "at": 24, "do": "customEvent", "name": "menu", "note": "A FULL without an image, for portrait, on a landscape screen. Android prepares the image first and drops it, full_without_image, before it looks at the orientation (X55). ios checks the orientation first: orientation_mismatch. Web would show a FULL without an image (X61) but refuses this one for its orientation (X62)." }
              ]
            }
            """)
}
