extension Lesson {
    /// `iamterm --lesson assets-and-latency`.
    static let assetsAndLatency = Lesson(
        name: "assets-and-latency", summary: "images download after delivery; a message can wait for its image",
        rules: ["D2", "D4", "L3"],
        json: """
            {
              "name": "Lesson: assets and latency",
              "description": "Images download after a delivery (D2). A message shown before its image arrives waits for it (D4, L3 step 7), which is why session-start messages can show late; a failed download discards the message.",
              "assets": {
                "https://cdn.example/hero.png": { "download": 2.0 },
                "https://cdn.example/broken.png": { "download": 1.0, "fails": true },
                "https://cdn.example/late.png": { "download": 1.5 }
              },
              "triggers": [
                { "id": "hero", "type": "inapp", "re_eligibility": 0, "min_seconds_since_last_trigger": 0,
                  "trigger_condition": [ { "type": "open", "data": {} } ],
                  "data": { "type": "MODAL", "header": "Hello", "message": "Our new look", "image_url": "https://cdn.example/hero.png", "duration": 3000 } },
                { "id": "broken", "type": "inapp", "re_eligibility": 0, "min_seconds_since_last_trigger": 0,
                  "trigger_condition": [ { "type": "custom_event", "data": { "event_name": "gallery" } } ],
                  "data": { "type": "MODAL", "message": "A picture that never arrives", "image_url": "https://cdn.example/broken.png" } },
                { "id": "on-demand", "type": "inapp", "re_eligibility": 0, "min_seconds_since_last_trigger": 0, "prefetch": false,
                  "trigger_condition": [ { "type": "custom_event", "data": { "event_name": "details" } } ],
                  "data": { "type": "MODAL", "message": "Downloaded only when needed", "image_url": "https://cdn.example/late.png", "duration": 3000 } }
              ],
              "timeline": [
                { "at": 0, "do": "launch", "note": "Cold start. The open event waits for the delivery (D3), which completes at 0.5 s and starts the prefetch downloads (D2)." },
                { "at": 0.5, "do": "wait", "note": "hero fires on the session start, but its image is still downloading (until 2.5 s): waiting_for_asset (D4, L3 step 7). It shows when asset_ready arrives, 2 s late." },
                { "at": 8, "do": "customEvent", "name": "gallery", "note": "broken's image failed to download (asset_failed at 1.5 s): offered now, it is discarded asset_failed (L3 step 7)." },
                { "at": 10, "do": "customEvent", "name": "details", "note": "on-demand has prefetch false: its image is requested only now, when offered, and it shows 1.5 s later (D4)." }
              ]
            }
            """)
}
