extension Lesson {
    /// `iamterm --lesson sessions-and-delivery`.
    static let sessionsAndDelivery = Lesson(
        name: "sessions-and-delivery", summary: "sessions, the trigger download and why server changes wait",
        rules: ["S1", "S2", "S3", "S4", "D1", "D3", "D5"],
        json: """
            {
              "name": "Lesson: sessions and delivery",
              "description": "Each new session downloads the trigger set (D1); events wait for it (D3). A short trip to the background keeps the session (S3); a long one ends it (S2). Server-side changes arrive with the next delivery (D5).",
              "settings": { "sessionTimeout": 10 },
              "triggers": [
                { "id": "welcome", "type": "inapp", "re_eligibility": 0, "min_seconds_since_last_trigger": 0,
                  "trigger_condition": [ { "type": "open", "data": {} } ],
                  "data": { "type": "SLIDEUP", "message": "Welcome back!", "duration": 3000 } },
                { "id": "vip", "type": "inapp", "re_eligibility": 0, "min_seconds_since_last_trigger": 0,
                  "trigger_condition": [ { "type": "custom_event", "data": { "event_name": "vip" } } ],
                  "data": { "type": "SLIDEUP", "message": "VIP lounge is open", "duration": 3000 } }
              ],
              "timeline": [
                { "at": 0, "do": "launch", "note": "Cold start: session 1 starts, a delivery starts (0.5 s), and the open event is queued until it completes (S1, S4, D1, D3). Then welcome shows." },
                { "at": 5, "do": "background", "note": "The app goes to the background. The session ends only if it stays there for sessionTimeout = 10 s (S2)." },
                { "at": 9, "do": "foreground", "note": "Back after 4 s: the same session continues: no delivery, no open event, no welcome (S3)." },
                { "at": 10, "do": "campaign", "id": "vip", "enabled": false, "note": "The marketer switches vip off on the server. The device keeps its delivered set until the next delivery (D5)." },
                { "at": 11, "do": "customEvent", "name": "vip", "note": "So vip still fires and shows now (D5)." },
                { "at": 15, "do": "background", "note": "Background again, this time for longer." },
                { "at": 30, "do": "foreground", "note": "The session ended at 25 s (session_ended, S2). Foreground starts session 2 with a new delivery; welcome shows again after it (S4, D1, D3)." },
                { "at": 35, "do": "customEvent", "name": "vip", "note": "The new delivery replaced the set without vip: no_match (D1, D5, P5)." },
                { "at": 36, "do": "network", "online": false, "note": "The device goes offline." },
                { "at": 37, "do": "launch", "note": "A cold start offline: the delivery fails and the cached set from the last success stays in use (D1): welcome still shows." }
              ]
            }
            """)
}
