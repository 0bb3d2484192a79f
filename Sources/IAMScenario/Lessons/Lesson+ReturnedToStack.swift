extension Lesson {
    /// `iamterm --lesson returned-to-stack`.
    static let returnedToStack = Lesson(
        name: "returned-to-stack", summary: "a message offered at a bad moment goes back on the stack",
        rules: ["L3", "L4", "S3", "L6"],
        json: """
            {
              "name": "Lesson: returned to the stack",
              "description": "A message offered at a bad moment goes back on the stack instead of showing: app in the background, another message visible, the keyboard up, or a delegate answering later (L3 steps 1 to 3, L4).",
              "triggers": [
                { "id": "promo", "type": "inapp", "re_eligibility": 0, "min_seconds_since_last_trigger": 0,
                  "trigger_condition": [ { "type": "custom_event", "data": { "event_name": "cart" } } ],
                  "data": { "type": "SLIDEUP", "message": "Free delivery today", "message_close": "SWIPE" } }
              ],
              "timeline": [
                { "at": 0, "do": "launch", "note": "The app starts; promo fires on every cart event." },
                { "at": 2, "do": "keyboard", "shown": true, "note": "The user opens the keyboard (a search field)." },
                { "at": 3, "do": "customEvent", "name": "cart", "note": "promo is performed, but with no delegate the default display choice is later while the keyboard is up: returned_to_stack keyboard_up (L3 step 3, L4)." },
                { "at": 5, "do": "keyboard", "shown": false, "note": "The keyboard goes down. Nothing shows by itself: this is not an eligible moment (L2)." },
                { "at": 6, "do": "displayNext", "note": "displayNext offers the top of the stack again: now it is displayed (L6)." },
                { "at": 8, "do": "dismiss", "note": "Dismissed by the user." },
                { "at": 10, "do": "background", "note": "The app goes to the background (S2)." },
                { "at": 11, "do": "customEvent", "name": "cart", "note": "An event while in the background: promo is performed but returned_to_stack app_in_background (L3 step 1)." },
                { "at": 13, "do": "foreground", "note": "Back within the session timeout: the same session continues, and the stack is not offered again (S3)." },
                { "at": 14, "do": "displayNext", "note": "Only displayNext shows it now (L6)." },
                { "at": 16, "do": "dismiss", "note": "Dismissed." },
                { "at": 17, "do": "delegate", "implements": "controller", "answer": "later", "note": "The app's controller delegate now answers later to every message (L4)." },
                { "at": 18, "do": "customEvent", "name": "cart", "note": "promo is performed and offered; the delegate says later: returned_to_stack delegate_later (L3 step 3, L4)." }
              ]
            }
            """)
}
