// TEMPORARY (render branch only): main's CLI refers to `DemoScenario` from the loader branch,
// which has not landed yet. This stand-in lets the executable build; delete it when the
// loader's `DemoScenario` is merged (a module-local type would shadow the imported one).
enum DemoScenario {
    static let fileName = "demo.json"
    static let json = """
    {
      "name": "Coffee Shop demo",
      "settings": { "minimumTriggerInterval": 30, "sessionTimeout": 10 },
      "assets": { "https://cdn.example.com/hero.png": { "download": 1.5 } },
      "triggers": [
        { "id": "welcome", "type": "inapp", "re_eligibility": 0,
          "trigger_condition": [ { "type": "open", "data": {} } ],
          "data": { "type": "SLIDEUP", "slide_from": "TOP", "message": "Welcome back! Today's special: cold brew.",
                    "click_action": "URI", "uri": "coffee://specials", "duration": 4000 } },
        { "id": "promo-summer", "type": "inapp", "priority": 2, "re_eligibility": 0,
          "trigger_condition": [ { "type": "custom_event", "data": { "event_name": "cart_add" } } ],
          "data": { "type": "MODAL", "header": "Summer is here!", "message": "20% off cold brew",
                    "image_url": "https://cdn.example.com/hero.png", "message_close": "SWIPE",
                    "btns": [ { "id": "shop", "text": "Shop", "click_action": "URI", "uri": "coffee://shop" },
                              { "id": "later", "text": "Later" } ] } },
        { "id": "cart-reminder", "type": "inapp", "priority": 1, "re_eligibility": 0,
          "trigger_condition": [ { "type": "custom_event", "data": { "event_name": "cart_add" } } ],
          "data": { "type": "SLIDEUP", "message": "You left something in your cart" } },
        { "id": "landscape-only", "type": "inapp", "re_eligibility": 0, "min_seconds_since_last_trigger": 0,
          "trigger_condition": [ { "type": "custom_event", "data": { "event_name": "video_start" } } ],
          "data": { "type": "MODAL", "orientation": "LANDSCAPE", "header": "Wide view", "message": "Best enjoyed sideways" } },
        { "id": "thanks", "type": "inapp", "min_seconds_since_last_trigger": 0, "re_eligibility": 0,
          "trigger_condition": [ { "type": "purchase", "data": {} } ],
          "data": { "type": "MODAL", "header": "Thanks!", "message": "Enjoy your coffee.", "message_close": "SWIPE" } },
        { "id": "push-offer", "type": "inapp", "re_eligibility": 0,
          "trigger_condition": [ { "type": "push_click", "data": { "campaign_id": "camp-7" } } ],
          "data": { "type": "HTML", "message": "<h1>Flash sale</h1><p>Two for one, today only.</p>" } }
      ],
      "timeline": [
        { "at": 0, "do": "launch" },
        { "at": 3, "do": "customEvent", "name": "cart_add" },
        { "at": 8, "do": "keyboard", "shown": true },
        { "at": 9, "do": "purchase", "product_id": "latte", "price": 4.5 },
        { "at": 14, "do": "keyboard", "shown": false },
        { "at": 15, "do": "displayNext" }
      ]
    }
    """
}
