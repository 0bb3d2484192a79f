extension Lesson {
    /// `iamterm --lesson upgrading-the-sdk`: the same session on Android SDK 6.0.0, and what an
    /// upgrade changes (versions.md): test sends (TS2) and the user (X40, R11). It runs on
    /// android@6.0.0; the notes say what later versions do (checked by `LessonTests`).
    static let upgradingTheSDK = Lesson(
        name: "upgrading-the-sdk",
        summary: "what upgrading the SDK changes for the same campaigns: test sends, changeUser",
        rules: ["R10", "R11", "TS2", "X40"],
        json: """
            {
              "name": "Lesson: upgrading the SDK",
              "description": "The same session on the Android SDK 6.0.0 and after an upgrade. This lesson runs on android@6.0.0; run `iamterm compare --lesson upgrading-the-sdk --profiles android@6.0.0,android@43.0.0` to see where the versions part, or `iamterm versions android` for every boundary (R10).",
              "settings": { "profile": "android@6.0.0", "minimumTriggerInterval": 0 },
              "triggers": [
                { "id": "cart", "type": "inapp", "re_eligibility": 0, "priority": 2,
                  "trigger_condition": [ { "type": "custom_event", "data": { "event_name": "add_to_cart" } } ],
                  "data": { "type": "MODAL", "message": "Your cart is waiting", "duration": 60000 } },
                { "id": "promo", "type": "inapp", "re_eligibility": 0, "priority": 1,
                  "trigger_condition": [ { "type": "custom_event", "data": { "event_name": "browse" } } ],
                  "data": { "type": "MODAL", "message": "10% off today", "duration": 60000 } }
              ],
              "timeline": [
                { "at": 0, "do": "launch", "note": "The app runs the Android SDK 6.0.0: settings.profile is android@6.0.0 (R10). A bare android is 37.0.0." },
                { "at": 3, "do": "testSend", "id": "qa-check", "message": { "type": "SLIDEUP", "message": "QA check", "duration": 1000 }, "note": "A QA test send arrives while the app is open. Before 7.0.0 it waits for its push to be opened: test_send waiting (TS2). From 7.0.0 it shows on arrival." },
                { "at": 5, "do": "customEvent", "name": "add_to_cart", "note": "The cart modal shows (L2)." },
                { "at": 7, "do": "customEvent", "name": "browse", "note": "The promo is performed while the cart modal is visible: back on the stack, message_visible (L3)." },
                { "at": 10, "do": "changeUser", "id": "user-2", "note": "Another user logs in (R11). 6.0.0 keeps everything: user_changed alone. From 36.0.0 the visible modal is removed, from 42.0.0 the waiting promo too (X40)." },
                { "at": 12, "do": "dismiss", "note": "The new user closes the previous user's cart modal (M4)." },
                { "at": 13, "do": "displayNext", "note": "The promo triggered for the previous user shows to user-2 on 6.0.0. From 35.0.0 the SDK refuses it: discarded user_changed (X40)." }
              ]
            }
            """)
}
