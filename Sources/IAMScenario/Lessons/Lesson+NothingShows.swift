extension Lesson {
    /// `iamterm --lesson nothing-shows`: the app around the SDK, the most common real reason a
    /// message never appears: nothing presents it, the app's own UI takes it, a screen holds it
    /// back, a test send waits for its push.
    static let nothingShows = Lesson(
        name: "nothing-shows",
        summary: "nothing shows: the app around the SDK (presenter, the app's own UI, screens, test sends)",
        rules: ["I1", "I2", "I3", "SC1", "SC3", "TS2"],
        json: """
            {
              "name": "Lesson: nothing shows",
              "description": "The rules can all pass and still nothing shows: the app around the SDK decides. This lesson changes the presenter (the APP line of the side panel; press i to change it yourself), puts a splash screen in front and sends a test message (I1-I3, SC1, TS2).",
              "settings": { "minimumTriggerInterval": 0, "screens": { "splash": { "delegate": "later" } } },
              "triggers": [
                { "id": "spring-sale", "type": "inapp", "re_eligibility": 0,
                  "trigger_condition": [ { "type": "custom_event", "data": { "event_name": "browse" } } ],
                  "data": { "type": "SLIDEUP", "message": "Spring sale: 20% off", "duration": 3000 } }
              ],
              "timeline": [
                { "at": 0, "do": "launch", "note": "The app starts. The SDK's own UI presents messages: the APP line says UI default (I1)." },
                { "at": 2, "do": "customEvent", "name": "browse", "note": "spring-sale is performed and displayed, as every rule expects (I1)." },
                { "at": 6, "do": "integration", "ui": "none", "note": "Now the app never attached a presenter (the UI module not linked, no presenter set): app integration ui=none. Nothing can present (I2)." },
                { "at": 8, "do": "customEvent", "name": "browse", "note": "spring-sale passes every gate and is performed, then nothing shows: discarded no_presenter (I2). Enter on spring-sale: why-not says nothing presents messages in this app. Android keeps it for the next Activity, Web has no subscriber (press P)." },
                { "at": 10, "do": "integration", "ui": "custom", "impressions": "app", "note": "The app draws messages with its own code and logs impressions itself (I3)." },
                { "at": 12, "do": "customEvent", "name": "browse", "note": "handed_to_app custom_ui instead of displayed: the device marks it as shown by the app's own UI. No impression yet (I3)." },
                { "at": 13, "do": "appImpression", "message": "spring-sale", "note": "The app logs the impression: app spring-sale impression (I3). An app that forgets this call shows the message and counts nothing." },
                { "at": 16, "do": "integration", "ui": "default", "impressions": "sdk", "note": "Back to the SDK's own UI (I1)." },
                { "at": 17, "do": "screen", "name": "splash", "note": "A splash screen is in front; while it is, the app's delegate answers later (SC1)." },
                { "at": 18, "do": "customEvent", "name": "browse", "note": "spring-sale is performed and goes back to the stack: returned_to_stack delegate_later (SC1)." },
                { "at": 20, "do": "screen", "name": "home", "note": "The home screen comes to the front. A screen change is not an eligible moment: the message still waits (SC3)." },
                { "at": 21, "do": "displayNext", "note": "The app asks for the next message: spring-sale is displayed at last (L6)." },
                { "at": 26, "do": "testSend", "id": "qa-check", "message": { "type": "MODAL", "message": "Test: spring sale" }, "note": "A test send arrives by push. On ios it waits until the push is opened: test_send waiting (TS2). Android shows it at once." },
                { "at": 28, "do": "pushClick", "campaign_id": "qa-check", "note": "The push is opened: offered test_send, then displayed (TS2)." }
              ]
            }
            """)
}
