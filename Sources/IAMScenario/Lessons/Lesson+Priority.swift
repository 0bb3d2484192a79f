extension Lesson {
    /// `iamterm --lesson priority`.
    static let priority = Lesson(
        name: "priority",
        summary: "several triggers match one event: the highest priority wins, the rest are not queued",
        rules: ["P4", "P3"],
        json: """
            {
              "name": "Lesson: priority",
              "description": "When several triggers match one event, the highest priority wins; the others are not queued (P4). A trigger shown once is not eligible again unless its re_eligibility allows it (P3).",
              "triggers": [
                { "id": "ten-percent", "type": "inapp", "priority": 1, "re_eligibility": 0,
                  "trigger_condition": [ { "type": "purchase", "data": {} } ],
                  "data": { "type": "SLIDEUP", "message": "10% off your next coffee", "duration": 3000 } },
                { "id": "twenty-percent", "type": "inapp", "priority": 5,
                  "trigger_condition": [ { "type": "purchase", "data": {} } ],
                  "data": { "type": "MODAL", "header": "Thank you!", "message": "20% off your next coffee", "duration": 3000 } }
              ],
              "timeline": [
                { "at": 0, "do": "launch", "note": "The app starts; both triggers fire on any purchase (T1). ten-percent has priority 1, twenty-percent priority 5." },
                { "at": 2, "do": "purchase", "product_id": "latte", "note": "One purchase, two matches: twenty-percent wins on priority (trigger_matched) and ten-percent is trigger_skipped lower_priority (P4). The loser is not queued: it will not show later for this purchase." },
                { "at": 40, "do": "purchase", "product_id": "espresso", "note": "40 s later the interval has passed (P2), but twenty-percent has the default re_eligibility -1: once ever. It is trigger_skipped re_eligibility (P3), and ten-percent (always re-eligible) wins now." }
              ]
            }
            """)
}
