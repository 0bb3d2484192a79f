extension Lesson {
    /// `iamterm --lesson platform-differences`: one session that iOS, Android and Web deliver
    /// differently. It runs on ios; the notes say what the others do, and `V` shows one beside.
    static let platformDifferences = Lesson(
        name: "platform-differences",
        summary: "how iOS, Swift, Android and Web deliver the same session differently",
        rules: ["X1", "X2", "X3", "L4", "S3"],
        json: """
            {
              "name": "Lesson: platform differences",
              "description": "The same taps on four SDKs. This lesson runs on ios; press V to run Swift beside it (V again: Android, then Web), or P to switch this device. `iamterm compare --lesson platform-differences` prints the table (X1, X2, X3).",
              "settings": { "minimumTriggerInterval": 5 },
              "triggers": [
                { "id": "search-tip", "type": "inapp", "re_eligibility": 0,
                  "trigger_condition": [ { "type": "custom_event", "data": { "event_name": "search_opened" } } ],
                  "data": { "type": "SLIDEUP", "message": "Tip: filter by size", "duration": 3000 } },
                { "id": "come-back", "type": "inapp", "re_eligibility": 0,
                  "trigger_condition": [ { "type": "custom_event", "data": { "event_name": "cart_saved" } } ],
                  "data": { "type": "MODAL", "message": "Your cart is saved", "duration": 3000 } }
              ],
              "timeline": [
                { "at": 0, "do": "launch", "note": "The app starts on ios, the default platform (the title bar shows [ios]). Press V to watch Swift beside it, V again for Android, then Web (every difference, X1-X28: `iamterm profiles`)." },
                { "at": 2, "do": "keyboard", "shown": true, "note": "The person starts typing: the keyboard is up." },
                { "at": 3, "do": "customEvent", "name": "search_opened", "note": "search-tip is performed while the keyboard is up. ios holds it back: returned_to_stack keyboard_up (L4). Swift, Android and Web have no keyboard gate and show it at once (X3)." },
                { "at": 6, "do": "keyboard", "shown": false, "note": "The keyboard goes down. On ios search-tip still waits on the stack: the keyboard going down is not an eligible moment (L4)." },
                { "at": 12, "do": "background", "note": "The app goes to the background; the session goes on." },
                { "at": 13, "do": "customEvent", "name": "cart_saved", "note": "come-back is performed in the background. ios and Swift return it to the stack; Android parks it in one slot for the next foreground; Web shows it on the hidden page: nothing in its display code reads visibility (X65, X2)." },
                { "at": 15, "do": "foreground", "note": "Back in the foreground. ios does not offer on foreground within the session (S3); Android offers its parked message and shows come-back now (X2)." },
                { "at": 17, "do": "displayNext", "note": "displayNext offers the top of the stack: on ios that is come-back, pushed last (L1), so search-tip is still waiting at the end. Web has no stack: ignored stack_empty (X1)." }
              ]
            }
            """)
}
