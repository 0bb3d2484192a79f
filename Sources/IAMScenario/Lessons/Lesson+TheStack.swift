extension Lesson {
    /// `iamterm --lesson the-stack`.
    static let theStack = Lesson(
        name: "the-stack", summary: "messages wait on a stack, last in first out; dismissing shows nothing new",
        rules: ["L1", "L2", "L6", "M1"],
        json: """
            {
              "name": "Lesson: the stack",
              "description": "Messages that cannot show go on a stack, last in first out (L1). Dismissing a message does not show the next one: only an eligible moment or displayNext does (L2, L6).",
              "triggers": [
                { "id": "first", "type": "inapp", "re_eligibility": 0, "min_seconds_since_last_trigger": 0,
                  "trigger_condition": [ { "type": "custom_event", "data": { "event_name": "a" } } ],
                  "data": { "type": "MODAL", "header": "First", "message": "Arrived first", "message_close": "SWIPE" } },
                { "id": "second", "type": "inapp", "re_eligibility": 0, "min_seconds_since_last_trigger": 0,
                  "trigger_condition": [ { "type": "custom_event", "data": { "event_name": "b" } } ],
                  "data": { "type": "MODAL", "header": "Second", "message": "Arrived second", "message_close": "SWIPE" } },
                { "id": "third", "type": "inapp", "re_eligibility": 0, "min_seconds_since_last_trigger": 0,
                  "trigger_condition": [ { "type": "custom_event", "data": { "event_name": "c" } } ],
                  "data": { "type": "MODAL", "header": "Third", "message": "Arrived third", "message_close": "SWIPE" } }
              ],
              "timeline": [
                { "at": 0, "do": "launch", "note": "The app starts. These triggers set min_seconds_since_last_trigger 0, so the minimum interval does not get in the way (P2)." },
                { "at": 2, "do": "customEvent", "name": "a", "note": "first is performed, stacked and offered at once: nothing else is visible, so it is displayed (L2, L3)." },
                { "at": 4, "do": "customEvent", "name": "b", "note": "second is performed and offered, but first is visible: returned_to_stack message_visible (L3 step 2, M1). The stack is [second]." },
                { "at": 6, "do": "customEvent", "name": "c", "note": "third, the same way: returned_to_stack message_visible. The stack is [second, third], third on top (L1)." },
                { "at": 8, "do": "dismiss", "note": "The user dismisses first (dismissed user). Dismissing is not an eligible moment: nothing else shows (L2)." },
                { "at": 10, "do": "displayNext", "note": "The app calls displayNextInAppMessage: the top of the stack, third, is offered and displayed. Last in, first out (L1, L6)." },
                { "at": 12, "do": "dismiss", "note": "Dismissed; second still waits." },
                { "at": 14, "do": "displayNext", "note": "displayNext again: second shows. The stack is empty now (L6)." }
              ]
            }
            """)
}
