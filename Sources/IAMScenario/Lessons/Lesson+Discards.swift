extension Lesson {
    /// `iamterm --lesson discards`.
    static let discards = Lesson(
        name: "discards", summary: "messages that can never show as they are: expired, wrong orientation, no image",
        rules: ["L3", "E1"],
        json: """
            {
              "name": "Lesson: discards",
              "description": "Some messages can never show as they are, and are thrown away when offered: too late, the wrong orientation, a FULL message without its image (L3 steps 4 to 6, E1).",
              "triggers": [
                { "id": "landscape-only", "type": "inapp", "re_eligibility": 0, "min_seconds_since_last_trigger": 0,
                  "trigger_condition": [ { "type": "custom_event", "data": { "event_name": "video" } } ],
                  "data": { "type": "SLIDEUP", "message": "Rotate for the full experience", "orientation": "LANDSCAPE" } },
                { "id": "full-no-image", "type": "inapp", "re_eligibility": 0, "min_seconds_since_last_trigger": 0,
                  "trigger_condition": [ { "type": "custom_event", "data": { "event_name": "menu" } } ],
                  "data": { "type": "FULL", "header": "New menu", "message": "See what is new" } },
                { "id": "flash-sale", "type": "inapp", "re_eligibility": 0, "min_seconds_since_last_trigger": 0, "timeout": 5000,
                  "trigger_condition": [ { "type": "custom_event", "data": { "event_name": "sale" } } ],
                  "data": { "type": "SLIDEUP", "message": "Flash sale: 5 seconds only" } }
              ],
              "timeline": [
                { "at": 0, "do": "launch", "note": "The app starts on a phone held in portrait." },
                { "at": 2, "do": "customEvent", "name": "video", "note": "landscape-only is performed and offered, but on a phone in portrait it does not fit: discarded orientation_mismatch (L3 step 5). Tablets ignore orientation." },
                { "at": 4, "do": "customEvent", "name": "menu", "note": "full-no-image is a FULL message with no image_url: discarded full_without_image (L3 step 6)." },
                { "at": 6, "do": "keyboard", "shown": true, "note": "The keyboard goes up." },
                { "at": 7, "do": "customEvent", "name": "sale", "note": "flash-sale has timeout 5000 ms: it expires at 7 + 5 = 12 s (E1). With the keyboard up it is returned_to_stack keyboard_up (L4)." },
                { "at": 9, "do": "keyboard", "shown": false, "note": "The keyboard goes down; the message still waits on the stack (L2)." },
                { "at": 15, "do": "displayNext", "note": "Offered again at 15 s, past its expiry of 12 s: discarded timeout (L3 step 4, E1: expired only when now > expiry)." }
              ]
            }
            """)
}
