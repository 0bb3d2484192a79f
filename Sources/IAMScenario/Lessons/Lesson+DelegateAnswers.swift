extension Lesson {
    /// `iamterm --lesson delegate-answers`.
    static let delegateAnswers = Lesson(
        name: "delegate-answers", summary: "the app's delegate answers now, later, discard or reenqueue",
        rules: ["L4", "L5"],
        json: """
            {
              "name": "Lesson: delegate answers",
              "description": "The app's delegate can decide each display: now, later, discard or reenqueue (L4). reenqueue undoes the trigger as if it never fired (L5).",
              "triggers": [
                { "id": "promo", "type": "inapp", "re_eligibility": 0, "min_seconds_since_last_trigger": 0,
                  "trigger_condition": [ { "type": "custom_event", "data": { "event_name": "cart" } } ],
                  "data": { "type": "SLIDEUP", "message": "Free delivery today", "duration": 2000 } },
                { "id": "survey", "type": "inapp", "re_eligibility": 0, "min_seconds_since_last_trigger": 0,
                  "trigger_condition": [ { "type": "custom_event", "data": { "event_name": "checkout" } } ],
                  "data": { "type": "MODAL", "header": "Quick survey", "message": "How was it?", "duration": 2000 } }
              ],
              "timeline": [
                { "at": 0, "do": "launch", "note": "The app starts without a delegate: the default answer is now, or later while the keyboard is up (L4)." },
                { "at": 1, "do": "delegate", "implements": "controller", "answer": "discard", "note": "The app installs a controller delegate (beforeInAppMessageDisplayed:) that answers discard (L4)." },
                { "at": 2, "do": "customEvent", "name": "cart", "note": "promo is performed, then the delegate discards it: discarded delegate_discard (L3 step 3). The trigger still counts as fired." },
                { "at": 4, "do": "delegate", "implements": "controller", "answer": "reenqueue", "note": "Now the delegate answers reenqueue." },
                { "at": 5, "do": "customEvent", "name": "cart", "note": "promo is performed and reenqueued: lastTriggerTime and its re-eligibility record roll back, as if it had never fired, and it is not put on the stack (L5)." },
                { "at": 7, "do": "delegate", "implements": "ui_keyboard", "answer": "now", "answers": { "survey": "discard" }, "note": "The deprecated UI delegate (withKeyboardIsUp:) answers now, except discard for survey: an answer per message id (L4)." },
                { "at": 8, "do": "keyboard", "shown": true, "note": "The keyboard goes up." },
                { "at": 9, "do": "customEvent", "name": "cart", "note": "With the keyboard up the default would be later, but the UI delegate's answer decides: promo is displayed at once (L4)." },
                { "at": 12, "do": "customEvent", "name": "checkout", "note": "survey has its own answer: discarded delegate_discard (L4)." }
              ]
            }
            """)
}
