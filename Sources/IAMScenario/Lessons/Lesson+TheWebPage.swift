extension Lesson {
    /// `iamterm --lesson the-web-page`: the page as the Web SDK's own display code leaves it:
    /// slide-ups that stack, a modal that stays until closed, the close animation's half second,
    /// a short duration taken as given, an HTML message refused without permission (X58–X60,
    /// X63). It runs on web; the notes say what ios does (checked by `LessonTests`).
    static let theWebPage = Lesson(
        name: "the-web-page",
        summary: "the Web SDK's page: stacked slide-ups, a modal that waits, the close animation",
        rules: ["X58", "X59", "X60", "X63", "X1"],
        json: """
            {
              "name": "Lesson: the web page",
              "description": "What a web page shows when several messages arrive, as the Web SDK's own display code does it. This lesson runs on web; press V to run ios beside it, or run `iamterm compare --lesson the-web-page --profiles ios,web` (X58-X60, X63).",
              "settings": { "minimumTriggerInterval": 0, "profile": "web" },
              "triggers": [
                { "id": "tip", "type": "inapp", "re_eligibility": 0,
                  "trigger_condition": [ { "type": "custom_event", "data": { "event_name": "browse" } } ],
                  "data": { "type": "SLIDEUP", "message": "Tip: filter by size", "duration": 8000, "message_close": "AUTO_DISMISS", "trigger_id": "tip" } },
                { "id": "sale", "type": "inapp", "re_eligibility": 0,
                  "trigger_condition": [ { "type": "custom_event", "data": { "event_name": "sale" } } ],
                  "data": { "type": "SLIDEUP", "message": "20% off shoes", "duration": 4000, "message_close": "AUTO_DISMISS", "trigger_id": "sale" } },
                { "id": "signup", "type": "inapp", "re_eligibility": 0,
                  "trigger_condition": [ { "type": "custom_event", "data": { "event_name": "signup" } } ],
                  "data": { "type": "MODAL", "header": "Join us", "message": "Get the newsletter", "trigger_id": "signup" } },
                { "id": "survey", "type": "inapp", "re_eligibility": 0,
                  "trigger_condition": [ { "type": "custom_event", "data": { "event_name": "survey" } } ],
                  "data": { "type": "MODAL", "message": "Two questions?", "duration": 500, "message_close": "AUTO_DISMISS", "trigger_id": "survey" } },
                { "id": "quiz", "type": "inapp", "re_eligibility": 0,
                  "trigger_condition": [ { "type": "custom_event", "data": { "event_name": "quiz" } } ],
                  "data": { "type": "HTML", "message": "<p>Quiz</p>", "trigger_id": "quiz" } }
              ],
              "timeline": [
                { "at": 0, "do": "launch", "note": "A page loads on web. Every message here is handed to automatic display, which shows it unless the page refuses it (X58). Press V for ios beside it." },
                { "at": 2, "do": "customEvent", "name": "browse", "note": "tip, a slide-up, shows for 8 s (M3)." },
                { "at": 3, "do": "customEvent", "name": "sale", "note": "sale is a slide-up too: on a web page slide-ups never wait, they stack, tip beneath it (X58). ios shows one message at a time: sale goes back on the stack." },
                { "at": 4, "do": "customEvent", "name": "signup", "note": "signup is a modal. Only a modal-like message on the page would refuse it; slide-ups do not, so it shows over both (X58). It has no message_close: on web a modal then waits for the user, where ios would dismiss it after 5 s (X59)." },
                { "at": 5, "do": "customEvent", "name": "survey", "note": "Another modal while signup is on the page: refused, discarded message_visible; web has no stack to keep it (X58, X1). The slide-ups beneath dismiss themselves on their own timers, sale at 7 s, tip at 10 s." },
                { "at": 20, "do": "dismiss", "note": "The user closes signup, the newest message on the page (X58). Its close animation keeps it on the page for half a second more." },
                { "at": 20.3, "do": "customEvent", "name": "survey", "note": "survey comes back 0.3 s later: signup is still animating out, so survey is refused again, message_visible (X58)." },
                { "at": 21, "do": "customEvent", "name": "survey", "note": "Now the page is clear: survey shows. Its duration is 500 ms, and web takes it as given: it dismisses itself at 21.5 s; ios raises anything under 999 ms to 5 s (X60)." },
                { "at": 25, "do": "customEvent", "name": "quiz", "note": "quiz is an HTML message that is not trusted, and the page was initialised without allowUserSuppliedJavascript: discarded html_not_allowed (X63). settings.integration.web.allowUserSuppliedJavascript lets it show." }
              ]
            }
            """)
}
