extension Lesson {
    /// `iamterm --lesson sdk-code-rows`: what running the SDKs' own code showed (profiles.md,
    /// revision 3): a priority tie, a relaunch inside the interval, an event at the window's edge.
    /// It runs on ios; the notes say what Web and Android do (checked by `LessonTests`).
    static let sdkCodeRows = Lesson(
        name: "sdk-code-rows",
        summary: "what the SDKs' own code does with ties, relaunches and the window's edges",
        rules: ["X16", "X17", "X20", "P4", "T2", "S1"],
        json: """
            {
              "name": "Lesson: what the SDKs' own code does",
              "description": "Rows found by running the Web and Android SDKs' code (executed). This lesson runs on ios; press V for Swift, V again for Android, then Web, or run `iamterm compare --lesson sdk-code-rows` (X16, X17, X20).",
              "settings": { "minimumTriggerInterval": 30, "epoch": 1767225600 },
              "triggers": [
                { "id": "tip-first", "type": "inapp", "re_eligibility": 0, "priority": 1,
                  "trigger_condition": [ { "type": "custom_event", "data": { "event_name": "browse" } } ],
                  "data": { "type": "SLIDEUP", "message": "Listed first", "duration": 1000 } },
                { "id": "tip-second", "type": "inapp", "re_eligibility": 0, "priority": 1,
                  "trigger_condition": [ { "type": "custom_event", "data": { "event_name": "browse" } } ],
                  "data": { "type": "SLIDEUP", "message": "Listed second", "duration": 1000 } },
                { "id": "launch-week", "type": "inapp", "re_eligibility": 0, "min_seconds_since_last_trigger": 0,
                  "start_time": 1767225620,
                  "trigger_condition": [ { "type": "custom_event", "data": { "event_name": "checkout" } } ],
                  "data": { "type": "SLIDEUP", "message": "Launch week starts now", "duration": 1000 } }
              ],
              "timeline": [
                { "at": 0, "do": "launch", "note": "The app starts on ios. Every row this lesson shows was found by running the SDKs' own code (executed): `iamterm profiles` lists them with their confidence." },
                { "at": 5, "do": "customEvent", "name": "browse", "note": "Two triggers of the same priority match. ios takes the one listed first, tip-first (P4); the Web SDK sorts by priority and takes the last, tip-second (X16)." },
                { "at": 8, "do": "launch", "note": "A cold start. ios forgets the last trigger time (S1); the Web SDK keeps it in localStorage, so a page reload does not restart the minimum interval (X20)." },
                { "at": 12, "do": "customEvent", "name": "browse", "note": "7 s after the last trigger. On ios the launch cleared it, so tip-first shows again; on Web the 30 s interval still runs: trigger_skipped min_interval until 35 (X20, P2)." },
                { "at": 20, "do": "customEvent", "name": "checkout", "note": "Exactly at launch-week's start_time. ios needs start_time < now: outside_time_window (T2). Web's window is inclusive and shows it (X17)." },
                { "at": 20.5, "do": "customEvent", "name": "checkout", "note": "Half a second later ios shows it. Android reads the clock in whole seconds: 20 is still not after the start, outside_time_window (X17); Web shows this one too, over its own: slide-ups stack on a web page (X58)." }
              ]
            }
            """)
}
