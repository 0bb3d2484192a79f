extension Lesson {
    /// `iamterm --lesson finding-edge-cases`: what `iamterm explore` finds, replayed step by step.
    static let findingEdgeCases = Lesson(
        name: "finding-edge-cases",
        summary: "iamterm explore: the shortest way to show, what throws a message away, why never",
        rules: ["T5", "P2", "L3", "L4", "E1", "T2", "X17", "X65"],
        json: """
            {
              "name": "Lesson: finding the edge cases",
              "description": "iamterm explore searches the moves a user, the app and the clock can make for each message's shortest way to show, each way it is thrown away, and why it never shows. This timeline replays what it finds for three campaigns; run iamterm explore --lesson finding-edge-cases to watch the search find them.",
              "triggers": [
                { "id": "welcome", "type": "inapp",
                  "trigger_condition": [ { "type": "open" } ],
                  "data": { "type": "SLIDEUP", "message": "Welcome back", "duration": 3000, "message_close": "AUTO_DISMISS" } },
                { "id": "big-spender", "type": "inapp", "timeout": 5000,
                  "trigger_condition": [ { "type": "custom_event_property", "data": { "event_name": "checkout",
                    "property_filters": [ [ { "property_key": "amount", "property_type": "number", "comparator": 3, "property_value": 50 } ] ] } } ],
                  "data": { "type": "MODAL", "header": "Thank you!", "message": "A free pastry with your next order", "message_close": "SWIPE" } },
                { "id": "spring-menu", "type": "inapp", "end_time": 1767225660,
                  "trigger_condition": [ { "type": "custom_event", "data": { "event_name": "menu_opened" } } ],
                  "data": { "type": "SLIDEUP", "message": "The spring menu is here", "duration": 3000, "message_close": "AUTO_DISMISS" } }
              ],
              "timeline": [
                { "at": 0, "do": "launch", "note": "The app starts; welcome shows when the trigger delivery arrives at 0.5 (D1, L2). explore reports it displayed at the start: no move is needed." },
                { "at": 5, "do": "customEvent", "name": "checkout", "properties": { "amount": "80" }, "note": "amount arrives as the text \\"80\\": the number filter amount > 50 does not pass a string (T5), so nothing matches. explore tries the wrong type on purpose: it is the most common real cause of a message that never shows." },
                { "at": 10, "do": "customEvent", "name": "checkout", "properties": { "amount": 80 }, "note": "The right type, but welcome was performed at 0.5: big-spender is trigger_skipped min_interval until 30.5 (P2). explore's shortest way to show it: wait to 30.5, then this event (2 moves)." },
                { "at": 31, "do": "keyboard", "shown": true, "note": "The keyboard comes up (L4)." },
                { "at": 31, "do": "customEvent", "name": "checkout", "properties": { "amount": 80 }, "note": "It matches and is performed, but the keyboard is up: big-spender goes back to the stack (L3, L4). Its 5 s timeout counts from this event: it expires at 36 (E1)." },
                { "at": 40, "do": "keyboard", "shown": false, "note": "The keyboard goes down; nothing is offered by itself (L6)." },
                { "at": 40, "do": "displayNext", "note": "The app asks for the next message: big-spender is past its expiry, so it is discarded timeout (E1). explore finds a timeout discard in 5 moves (the app in the background instead of the keyboard, a wait past the expiry, a push open)." },
                { "at": 70, "do": "customEvent", "name": "menu_opened", "note": "spring-menu's window closed at 60 s (end_time, T2): trigger_skipped outside_time_window. With --profiles ios,web explore also finds where web parts: an event at exactly 60 s still shows spring-menu on web, whose window includes its end (X17), and a message ios holds back in the background that web shows on the hidden page (X65)." }
              ]
            }
            """)
}
