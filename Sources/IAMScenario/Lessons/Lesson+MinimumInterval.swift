extension Lesson {
    /// `iamterm --lesson minimum-interval`.
    static let minimumInterval = Lesson(
        name: "minimum-interval", summary: "a second message must wait: the minimum interval between triggers",
        rules: ["P2", "P5", "E1"],
        json: """
            {
              "name": "Lesson: the minimum interval",
              "description": "After a trigger is performed, no other trigger may fire until the minimum interval has passed (P2). An event that arrives too early is dropped, not kept for later.",
              "settings": { "minimumTriggerInterval": 30 },
              "triggers": [
                { "id": "welcome-offer", "type": "inapp", "re_eligibility": 0,
                  "trigger_condition": [ { "type": "custom_event", "data": { "event_name": "browse" } } ],
                  "data": { "type": "SLIDEUP", "message": "Welcome! 10% off your first order", "duration": 3000 } },
                { "id": "cart-nudge", "type": "inapp", "re_eligibility": 0,
                  "trigger_condition": [ { "type": "custom_event", "data": { "event_name": "cart_add" } } ],
                  "data": { "type": "SLIDEUP", "message": "Free shipping on this cart", "duration": 3000 } }
              ],
              "timeline": [
                { "at": 0, "do": "launch", "note": "The app starts: a session begins and the device receives the triggers (S1, S4, D1). The global minimum interval is 30 s (P2)." },
                { "at": 2, "do": "customEvent", "name": "browse", "note": "browse matches welcome-offer: it is performed and shown. Performing stamps lastTriggerTime = 2 s (E1, P2)." },
                { "at": 10, "do": "customEvent", "name": "cart_add", "note": "Only 8 s later, cart_add matches cart-nudge, but 2 + 30 > 10: trigger_skipped min_interval, next 32 (P2). The event is dropped, not queued; no trigger is a candidate, so no_match (P5)." },
                { "at": 20, "do": "customEvent", "name": "cart_add", "note": "Still inside the interval: skipped again, still next 32. Waiting does not queue anything (P2)." },
                { "at": 32, "do": "customEvent", "name": "cart_add", "note": "At 32 s, 32 >= 2 + 30: cart-nudge passes, is performed and shown (P2, E1). A new interval starts now." }
              ]
            }
            """)
}
