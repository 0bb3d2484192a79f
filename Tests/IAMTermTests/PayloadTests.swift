import Foundation
import Testing

/// Bring your own payload (spec §9, revision 2): real-shaped Braze data, one file per shape,
/// run through the built `iamterm` with the default timeline, against golden traces.
@Suite("iamterm on Braze payloads")
struct PayloadTests {
    static let payloads = [
        "array-extras", "base64-click-chain", "html-asset-urls", "string-comparator-3", "lookahead-regex",
        "sync-response", "single-triggered-action", "single-message",
    ]

    @Test("run --format jsonl on each payload shape matches its golden trace", arguments: payloads)
    func goldenTraces(_ name: String) throws {
        let result = try BinaryRunner.run(["run", "payloads/\(name).json", "--format", "jsonl"])
        #expect(result.status == 0, "\(result.stderr)")
        if let problem = try BinaryRunner.assertGolden(result.stdout, "payloads/\(name).jsonl") {
            Issue.record("\(problem)")
        }
        let check = try BinaryRunner.run(["check", "payloads/\(name).json"])
        #expect(check.status == 0)
        #expect(check.stdout.hasPrefix("payloads/\(name).json: ok: "))
        #expect(check.stdout.contains("\n  default timeline: 0 launch"))
    }

    @Test("T4: the string comparator 3 payload warns with the JSON path and skips with unsupported_filter")
    func stringComparator3() throws {
        let result = try BinaryRunner.run(["run", "payloads/string-comparator-3.json"])
        #expect(
            result.stderr
                == "iamterm: payloads/string-comparator-3.json: triggers[0].trigger_condition[0].data.property_filters[0][0].property_type: warning: unsupported filter: comparator 3 does not apply to string properties; it never passes (T4), except on android and web, which evaluate it (X25)\n"
        )
        #expect(
            result.stdout.contains(
                "  31.000  trigger_skipped   plan-upsell     unsupported_filter  plan: comparator 3 does not apply to string properties\n"
            ))
    }

    @Test("check prints what it understood: shape, conditions in words, messages, assets, timeline, ignored fields")
    func checkSummary() throws {
        let check = try BinaryRunner.run(["check", "payloads/array-extras.json"])
        #expect(check.status == 0)
        #expect(
            check.stdout == """
                payloads/array-extras.json: ok: 2 triggers, 2 timeline steps, 2 warnings
                  holds: a triggers array
                  triggers:
                    stub-welcome [priority 1]: session start
                    stub-cart: event add_to_cart
                  messages: 1 SLIDEUP, 1 MODAL
                  assets: none
                  default timeline: 0 launch; 31 customEvent add_to_cart
                  kept, not simulated: message.animate_in, message.animate_out, message.crop_type, button.use_webview, message.use_webview, message.themes

                """)
        #expect(
            check.stderr.split(separator: "\n") == [
                "iamterm: payloads/array-extras.json: $[0].data.extras: warning: extras is an array, not an object of strings; kept and ignored (§8)",
                #"iamterm: payloads/array-extras.json: $[1].data.extras: warning: extras is the string "promo=ship", not an object of strings; kept and ignored (§8)"#,
            ])
        let chain = try BinaryRunner.run(["check", "payloads/base64-click-chain.json"])
        #expect(
            chain.stdout.contains(
                "NjVhMWYwYzJlNGIwZDNhOWM4Zjc5OTk5XyRfbXY9NjVhMWYwYzJlNGIwZDNhOWM4Zjc5OTlhJnBpPWNtcA== (campaign 65a1f0c2e4b0d3a9c8f79999): click on 65a1f0c2e4b0d3a9c8f71234 button 1\n"
            ))
        let html = try BinaryRunner.run(["check", "payloads/html-asset-urls.json"])
        #expect(
            html.stdout.contains(
                "  assets: https://cdn.example/quiz/bundle.zip, https://cdn.example/quiz/hero.png, https://cdn.example/quiz/style.css\n"
            ))
    }

    @Test("JSON that is not JSON (a hex literal) stays a clear error with exit 65")
    func hexLiteral() throws {
        let result = try BinaryRunner.run(
            ["check", "-"], stdin: Data(#"[{"id": "a", "trigger_condition": [], "data": {"bg_color": 0xff}}]"#.utf8))
        #expect(result.status == 65)
        #expect(
            result.stderr
                == "iamterm: <stdin>: $[0].data: line 1, column 61: unexpected character 'x'; expected ',' or '}' in an object\n"
        )
    }
}
