/// The built-in demo: "Bean There", a coffee-shop app, walking through the delivery rules in
/// about three and a half simulated minutes. It loads with no warnings (a test checks).
public enum DemoScenario {
    public static let fileName = "demo.json"

    /// Loads `json` as `fileName`.
    public static func load() throws(ScenarioError) -> LoadedScenario {
        try ScenarioLoader.load(json: json, file: fileName)
    }

    public static let json: String = #"""
        {
          "name": "Coffee Shop",
          "description": "Bean There, a coffee-shop app, on a phone held upright. Fifteen campaigns cover every trigger type (session start, any purchase, a specific purchase with property filters, custom events with and without filters, a push click and a click on another message). The timeline walks through the delivery rules in order: the session-start message, the 30 s minimum interval dropping an event, priorities competing on one purchase, a message returned to the stack because another is visible, LIFO order while the keyboard is up, every discard reason, a delayed trigger that fires in the background, a local message and a push click, and the steps where the platforms part (keyboard up, background then foreground, a reenqueue, a >= filter: try iamterm compare --demo). welcome, thanks-any-purchase, latte-loyalty and winter-menu-push use the global 30 s minimum interval; the others set min_seconds_since_last_trigger so the demo can show one rule every few seconds.",
          "settings": {
            "minimumTriggerInterval": 30,
            "sessionTimeout": 10,
            "epoch": 1767603600,
            "device": { "kind": "phone", "orientation": "portrait" },
            "network": { "online": true, "syncLatency": 0.5 },
            "delegate": { "implements": "none", "answer": "now" }
          },
          "assets": {
            "https://cdn.example.com/beanthere/latte-art.png": { "download": 1.5, "fails": false },
            "https://cdn.example.com/beanthere/winter-banner.png": { "download": 1.0, "fails": true },
            "https://cdn.example.com/beanthere/winter-menu.zip": { "download": 2.0 },
            "https://cdn.example.com/beanthere/store-map.png": { "download": 1.0 }
          },
          "triggers": [
            {
              "id": "welcome",
              "type": "inapp",
              "x_sim": { "name": "Welcome back", "description": "Session start (open). Shown once ever: re_eligibility -1 is the default." },
              "trigger_condition": [ { "type": "open", "data": {} } ],
              "priority": 0,
              "re_eligibility": -1,
              "data": {
                "type": "SLIDEUP",
                "message": "Welcome back to Bean There! Your usual is one tap away.",
                "click_action": "NONE",
                "message_close": "AUTO_DISMISS",
                "duration": 4000,
                "slide_from": "BOTTOM",
                "bg_color": -1,
                "text_color": -13421773
              }
            },
            {
              "id": "thanks-any-purchase",
              "type": "inapp",
              "x_sim": { "name": "Thanks for any order", "description": "Any purchase (no product_id). Priority 0, so a more specific campaign outranks it." },
              "trigger_condition": [ { "type": "purchase", "data": {} } ],
              "priority": 0,
              "re_eligibility": 0,
              "data": {
                "type": "SLIDEUP",
                "message": "Thanks for your order. Enjoy!",
                "duration": 3000
              }
            },
            {
              "id": "latte-loyalty",
              "type": "inapp",
              "x_sim": { "name": "Latte loyalty card", "description": "A specific purchase with property filters: a grande or venti latte (one OR group) by a loyalty member (AND a second group). Priority 5 beats thanks-any-purchase on the same purchase. SWIPE: it stays until the user acts." },
              "trigger_condition": [
                {
                  "type": "purchase_property",
                  "data": {
                    "product_id": "latte",
                    "property_filters": [
                      [
                        { "property_key": "size", "property_type": "string", "comparator": 1, "property_value": "grande" },
                        { "property_key": "size", "property_type": "string", "comparator": 1, "property_value": "venti" }
                      ],
                      [
                        { "property_key": "loyalty_member", "property_type": "boolean", "comparator": 1, "property_value": true }
                      ]
                    ]
                  }
                }
              ],
              "priority": 5,
              "re_eligibility": 0,
              "data": {
                "type": "MODAL",
                "header": "A stamp for your latte",
                "message": "That was stamp 3 of 10. The tenth latte is on us.",
                "image_url": "https://cdn.example.com/beanthere/latte-art.png",
                "image_style": "TOP",
                "message_close": "SWIPE",
                "btns": [
                  { "id": "later", "text": "Not now", "click_action": "NONE" },
                  { "id": "rewards", "text": "Show my card", "click_action": "URI", "uri": "beanthere://rewards" }
                ],
                "extras": { "campaign_group": "loyalty" }
              }
            },
            {
              "id": "rewards-followup",
              "type": "inapp",
              "x_sim": { "name": "Rewards follow-up", "description": "iam_click: fires only when the Show my card button of latte-loyalty is clicked, not on a body click." },
              "trigger_condition": [ { "type": "iam_click", "data": { "id": "latte-loyalty", "buttons": [ "rewards" ] } } ],
              "min_seconds_since_last_trigger": 0,
              "data": {
                "type": "SLIDEUP",
                "message": "Your card: 3 of 10 stamps. Seven lattes to a free one.",
                "duration": 5000,
                "slide_from": "TOP"
              }
            },
            {
              "id": "store-map-landscape",
              "type": "inapp",
              "x_sim": { "name": "Store map (landscape only)", "description": "A custom event without filters. The map only makes sense sideways: orientation LANDSCAPE, so a phone held upright discards it." },
              "trigger_condition": [ { "type": "custom_event", "data": { "event_name": "store_locator_opened" } } ],
              "min_seconds_since_last_trigger": 0,
              "re_eligibility": 0,
              "data": {
                "type": "MODAL",
                "header": "Find us",
                "message": "Three shops within a ten-minute walk.",
                "image_url": "https://cdn.example.com/beanthere/store-map.png",
                "orientation": "LANDSCAPE",
                "message_close": "SWIPE"
              }
            },
            {
              "id": "cart-reminder",
              "type": "inapp",
              "x_sim": { "name": "Cart reminder", "description": "A custom event with a number filter (items > 1). Its own 15 s minimum interval replaces the global 30 s. The 15 s timeout makes it stale if it waits too long on the stack." },
              "trigger_condition": [
                {
                  "type": "custom_event_property",
                  "data": {
                    "event_name": "cart_viewed",
                    "property_filters": [
                      [ { "property_key": "items", "property_type": "number", "comparator": 3, "property_value": 1 } ]
                    ]
                  }
                }
              ],
              "min_seconds_since_last_trigger": 15,
              "timeout": 15000,
              "data": {
                "type": "SLIDEUP",
                "message": "Still deciding? Your cart keeps for an hour.",
                "duration": 5000
              }
            },
            {
              "id": "double-stamp",
              "type": "inapp",
              "x_sim": { "name": "Double stamp coupon", "description": "A custom event with a regex filter (comparator 10: partial, case-insensitive match) on the coupon code." },
              "trigger_condition": [
                {
                  "type": "custom_event_property",
                  "data": {
                    "event_name": "coupon_scanned",
                    "property_filters": [
                      [ { "property_key": "code", "property_type": "string", "comparator": 10, "property_value": "^double-" } ]
                    ]
                  }
                }
              ],
              "min_seconds_since_last_trigger": 0,
              "data": {
                "type": "MODAL",
                "header": "Double stamps!",
                "message": "Every drink counts twice until Sunday.",
                "duration": 5000
              }
            },
            {
              "id": "full-menu-no-image",
              "type": "inapp",
              "x_sim": { "name": "Full-screen menu without image", "description": "A FULL message needs its image; this one has none, so it is discarded." },
              "trigger_condition": [ { "type": "custom_event", "data": { "event_name": "menu_opened" } } ],
              "min_seconds_since_last_trigger": 0,
              "data": {
                "type": "FULL",
                "header": "Our menu",
                "message": "Forty drinks, all roasted in-house."
              }
            },
            {
              "id": "winter-banner-broken",
              "type": "inapp",
              "x_sim": { "name": "Winter banner (broken image)", "description": "Its image download fails (the asset is marked failing), so the message is discarded when offered." },
              "trigger_condition": [ { "type": "custom_event", "data": { "event_name": "seasonal_tab_opened" } } ],
              "min_seconds_since_last_trigger": 0,
              "data": {
                "type": "MODAL",
                "header": "Winter drinks are here",
                "message": "Gingerbread flat white, chestnut mocha.",
                "image_url": "https://cdn.example.com/beanthere/winter-banner.png"
              }
            },
            {
              "id": "newsletter-signup",
              "type": "inapp",
              "x_sim": { "name": "Newsletter sign-up", "description": "The app's delegate answers discard for this message id: the app decides it does not want it." },
              "trigger_condition": [ { "type": "custom_event", "data": { "event_name": "profile_viewed" } } ],
              "min_seconds_since_last_trigger": 0,
              "data": {
                "type": "SLIDEUP",
                "message": "Get our weekly roast notes by e-mail."
              }
            },
            {
              "id": "reorder-prompt",
              "type": "inapp",
              "x_sim": { "name": "Reorder prompt", "description": "The app's delegate answers reenqueue for this message id: the platforms disagree on what that means (X5)." },
              "trigger_condition": [ { "type": "custom_event", "data": { "event_name": "order_history_viewed" } } ],
              "min_seconds_since_last_trigger": 0,
              "data": {
                "type": "SLIDEUP",
                "message": "Order your usual again?"
              }
            },
            {
              "id": "refill-reminder",
              "type": "inapp",
              "x_sim": { "name": "Refill reminder", "description": "A number filter with comparator 4: never passes on iOS, Swift and Android; Web reads it as >= (X7)." },
              "trigger_condition": [
                {
                  "type": "custom_event_property",
                  "data": {
                    "event_name": "cups_counted",
                    "property_filters": [
                      [ { "property_key": "cups", "property_type": "number", "comparator": 4, "property_value": 3 } ]
                    ]
                  }
                }
              ],
              "min_seconds_since_last_trigger": 0,
              "data": {
                "type": "SLIDEUP",
                "message": "Three cups today: the next refill is on us."
              }
            },
            {
              "id": "control-group",
              "type": "inapp",
              "x_sim": { "name": "Control group", "description": "is_control: the user is in the campaign's control group. The SDK logs a control impression and draws nothing." },
              "trigger_condition": [ { "type": "custom_event", "data": { "event_name": "loyalty_scanned" } } ],
              "min_seconds_since_last_trigger": 0,
              "data": {
                "type": "SLIDEUP",
                "message": "(never drawn)",
                "is_control": true
              }
            },
            {
              "id": "pastry-upsell",
              "type": "inapp",
              "x_sim": { "name": "Pastry upsell (delayed)", "description": "delay 10: performed ten seconds after the event, whatever the app is doing then." },
              "trigger_condition": [ { "type": "custom_event", "data": { "event_name": "pickup_scheduled" } } ],
              "min_seconds_since_last_trigger": 0,
              "delay": 10,
              "data": {
                "type": "SLIDEUP",
                "message": "A croissant with that? Fresh from the oven at 9:30.",
                "duration": 5000
              }
            },
            {
              "id": "winter-menu-push",
              "type": "inapp",
              "x_sim": { "name": "Winter menu (from push)", "description": "A push click of campaign winter-menu-2026, within a January time window. An HTML_FULL message: its zip was prefetched at the first delivery, and the keyboard does not dismiss it." },
              "trigger_condition": [ { "type": "push_click", "data": { "campaign_id": "winter-menu-2026" } } ],
              "start_time": 1767225600,
              "end_time": 1769904000,
              "priority": 2,
              "data": {
                "type": "HTML_FULL",
                "message": "<h1>Winter menu</h1><p>Gingerbread flat white</p>",
                "zipped_assets_url": "https://cdn.example.com/beanthere/winter-menu.zip",
                "click_action": "URI",
                "uri": "beanthere://menu/winter",
                "message_close": "SWIPE",
                "trusted": true
              }
            }
          ],
          "timeline": [
            { "at": 0, "do": "launch", "note": "Cold start: a new session. The trigger set arrives after 0.5 s; the session-start event waits for it, then welcome shows." },
            { "at": 12, "do": "purchase", "product_id": "espresso", "price": 2.8, "note": "Rate limit: only 11.5 s since welcome, under the 30 s minimum interval. thanks-any-purchase is dropped, not queued." },
            { "at": 35, "do": "purchase", "product_id": "latte", "price": 4.6, "properties": { "size": "grande", "loyalty_member": true }, "note": "Priorities: latte-loyalty (5) and thanks-any-purchase (0) both match; the higher priority wins and the other is not queued." },
            { "at": 40, "do": "customEvent", "name": "store_locator_opened", "note": "Return to stack: the loyalty card is still visible, so the store map goes back on the stack." },
            { "at": 44, "do": "click", "button": 1, "note": "Show my card: a button click dismisses the card and raises iam_click, which fires rewards-followup." },
            { "at": 50, "do": "displayNext", "note": "The app asks for the next message: the store map is landscape-only and the phone is upright, so it is discarded." },
            { "at": 60, "do": "keyboard", "shown": true, "note": "The user types a note for the barista. With the keyboard up the default display choice is later." },
            { "at": 62, "do": "customEvent", "name": "cart_viewed", "properties": { "items": 3 }, "note": "cart-reminder passes its own 15 s interval, but the keyboard is up: back on the stack. Only iOS holds messages back for the keyboard (X3)." },
            { "at": 64, "do": "customEvent", "name": "coupon_scanned", "properties": { "code": "DOUBLE-JAN" }, "note": "The regex matches the code. double-stamp also waits on the stack, on top of cart-reminder." },
            { "at": 70, "do": "keyboard", "shown": false, "note": "Hiding the keyboard is not an eligible moment: nothing is offered by itself." },
            { "at": 72, "do": "displayNext", "note": "LIFO: the last message stacked (double-stamp) shows first." },
            { "at": 80, "do": "displayNext", "note": "cart-reminder waited 18 s, beyond its 15 s timeout: discarded as stale." },
            { "at": 90, "do": "customEvent", "name": "menu_opened", "note": "A FULL message without an image is discarded." },
            { "at": 95, "do": "customEvent", "name": "seasonal_tab_opened", "note": "The winter banner's image failed to download at delivery: discarded." },
            { "at": 100, "do": "delegate", "implements": "controller", "answer": "now", "answers": { "newsletter-signup": "discard", "reorder-prompt": "reenqueue" }, "note": "The app now implements beforeInAppMessageDisplayed: and discards the newsletter message." },
            { "at": 102, "do": "customEvent", "name": "profile_viewed", "note": "The delegate answers discard: the message is dropped by the app." },
            { "at": 103, "do": "customEvent", "name": "order_history_viewed", "note": "The delegate answers reenqueue: iOS and Android roll the trigger back and keep nothing; Swift puts it back on the stack; Web throws it away (X5)." },
            { "at": 104, "do": "delegate", "implements": "none", "note": "Back to no delegate: the default display choice again." },
            { "at": 108, "do": "customEvent", "name": "loyalty_scanned", "note": "A control message: a control impression is logged and nothing is drawn." },
            { "at": 115, "do": "customEvent", "name": "pickup_scheduled", "properties": { "minutes": 5 }, "note": "pastry-upsell has a 10 s delay: it will be performed at 125 s." },
            { "at": 117, "do": "background", "note": "The app goes to the background; the session ends if it stays there 10 s." },
            { "at": 125, "do": "wait", "note": "The delayed pastry-upsell is performed now, with the app in the background: back on the stack (Android parks it for the next foreground, X2; Web discards it)." },
            { "at": 135, "do": "foreground", "note": "18 s in the background: a new session. After its delivery the top of the stack (pastry-upsell) is offered and shows; welcome was once only." },
            { "at": 150, "do": "addLocal", "message": { "type": "SLIDEUP", "message": "Order #42 is ready at the counter.", "duration": 4000 }, "note": "A message built in the app: shown at once as local-1, no trigger rules, no analytics." },
            { "at": 160, "do": "background", "note": "The user leaves the app." },
            { "at": 175, "do": "pushClick", "campaign_id": "winter-menu-2026", "note": "A push opens the app after 15 s away: a new session, then the push click fires winter-menu-push." },
            { "at": 185, "do": "keyboard", "shown": true, "note": "The keyboard does not dismiss an HTML message." },
            { "at": 187, "do": "keyboard", "shown": false, "note": "Keyboard down again." },
            { "at": 190, "do": "click", "note": "A body click opens beanthere://menu/winter and dismisses the message." },
            { "at": 195, "do": "rotate", "orientation": "landscape", "note": "The user turns the phone sideways." },
            { "at": 197, "do": "customEvent", "name": "store_locator_opened", "note": "Now the landscape-only store map fits the device and shows." },
            { "at": 205, "do": "rotate", "orientation": "portrait", "note": "Rotating leaves a visible message as it is." },
            { "at": 210, "do": "dismiss", "note": "The user swipes the map away." },
            { "at": 212, "do": "customEvent", "name": "cups_counted", "properties": { "cups": 3 }, "note": "Comparator 4 on a number never passes on iOS, Swift and Android; Web reads it as >= and shows the refill offer (X7)." },
            { "at": 215, "do": "wait", "note": "The end. Change the timeline or press keys to try other paths." }
          ]
        }
        """#
}
