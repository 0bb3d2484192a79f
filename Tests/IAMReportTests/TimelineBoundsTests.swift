import Foundation
import IAMEngine
import IAMReport
import IAMScenario
import Testing

/// The SVG timeline stays legible and bounded (labels that never overlap, text that reads on a
/// slide, density bands where marks do not fit, a file whose size does not grow with the run).
@Suite("SVG timeline: legible and bounded")
struct TimelineBoundsTests {
    /// Six triggers on one event with no interval between them, `steps` steps 0.5 s apart:
    /// events, the keyboard up and down (returns to the stack), the app sent to the background
    /// and launched again, a delegate that discards for a while.
    static func dense(steps: Int, spacing: Double = 0.5) -> Scenario {
        var timeline = [TimelineStep(at: 0, action: .launch)]
        for i in 0..<steps {
            let at = 1 + Double(i) * spacing
            let action: Action =
                switch (i % 25, i % 50) {
                case (5, _): .keyboard(shown: true)
                case (15, _): .keyboard(shown: false)
                case (_, 40): .background
                case (_, 42): .launch
                case (_, 20): .delegate(Delegate(implements: .controller, answer: .discard))
                case (_, 31): .delegate(Delegate(implements: .controller, answer: .now))
                default: .customEvent(name: "go", properties: [:])
                }
            timeline.append(TimelineStep(at: at, action: action))
        }
        let triggers = (0..<6).map { k in
            Trigger(
                id: "offer-\(k)", conditions: [.customEvent(name: "go")], priority: k, minSecondsSinceLastTrigger: 0,
                reEligibility: 0, message: Message(text: "hi", close: .autoDismiss, duration: 3000))
        }
        return Scenario(
            name: "dense", settings: Settings(minimumTriggerInterval: 0), triggers: triggers, timeline: timeline)
    }

    static func demo() throws -> Scenario {
        try ScenarioLoader.load(json: DemoScenario.json, file: "demo.json").scenario
    }

    /// A text element's box: x from its anchor and the estimated width, y from the baseline.
    struct Box: CustomStringConvertible {
        var x0, x1, y0, y1: Double
        var text: String
        func overlaps(_ o: Box) -> Bool { x0 < o.x1 && o.x0 < x1 && y0 < o.y1 && o.y0 < y1 }
        var description: String { "'\(text)' [\(x0)...\(x1)] × [\(y0)...\(y1)]" }
    }

    /// The font size a text element is drawn at, from the stylesheet the picture carries.
    static func size(_ element: ParsedSVG.Element) -> Double {
        let classes = element.classes
        if classes.contains("title") { return TimelineSVG.Font.title }
        let small = ["tick", "depth-scale", "mark-label", "span-label", "bar-label", "legend-label"]
        return classes.contains { small.contains($0) } ? TimelineSVG.Font.label : TimelineSVG.Font.base
    }

    static func boxes(_ parsed: ParsedSVG) -> [Box] {
        parsed.elements.filter { $0.name == "text" }.map { element in
            let size = size(element)
            let x = Double(element.attributes["x"] ?? "") ?? .nan
            let y = Double(element.attributes["y"] ?? "") ?? .nan
            let width = TextWidth.of(element.text, size: size)
            let anchor = element.attributes["text-anchor"] ?? (element.classes.contains("lane-label") ? "end" : "start")
            let x0 =
                switch anchor {
                case "end": x - width
                case "middle": x - width / 2
                default: x
                }
            // From the ascender to the descender (DejaVu Sans: 0.76 and 0.24 em).
            return Box(x0: x0, x1: x0 + width, y0: y - 0.76 * size, y1: y + 0.24 * size, text: element.text)
        }
    }

    static func overlapping(_ svg: String) -> [String] {
        let boxes = boxes(ParsedSVG(svg))
        var found: [String] = []
        for i in boxes.indices {
            for j in boxes.indices where j > i && boxes[i].overlaps(boxes[j]) {
                found.append("\(boxes[i]) and \(boxes[j])")
            }
        }
        return found
    }

    @Test("no two texts overlap: the demo, a dense 300-step run, and that run zoomed")
    func labelsNeverOverlap() throws {
        let dense = Self.dense(steps: 300)
        let pictures = [
            TimelineSVG.render(TimelineModel.build(try Self.demo())),
            TimelineSVG.render(TimelineModel.build(dense)),
            TimelineSVG.render(TimelineModel.build(dense, from: 40, to: 70)),
        ]
        for svg in pictures {
            let parsed = ParsedSVG(svg)
            #expect(parsed.error == nil)
            // Labels were laid out (some dropped, some kept), not all left out.
            #expect(parsed.with(class: "mark-label").count >= 10)
            let overlaps = Self.overlapping(svg)
            #expect(overlaps.isEmpty, "\(overlaps.prefix(5))")
        }
    }

    @Test("the layout drops a label rather than overprint it: the mark keeps it in its hover title")
    func droppedLabelsKeepTheirTitle() throws {
        let parsed = ParsedSVG(TimelineSVG.render(TimelineModel.build(Self.dense(steps: 300))))
        let returns = parsed.elements.filter { $0.lane == "returns" }
        let marks = returns.filter { $0.classes.contains("return") }
        let labels = returns.filter { $0.classes.contains("mark-label") }
        #expect(marks.count > labels.count)
        // Each mark's title (the element after it) is its trace line.
        let titles = parsed.elements.indices.filter {
            parsed.elements[$0].classes.contains("return") && parsed.elements[$0].lane == "returns"
        }.map { parsed.elements[$0 + 1] }
        #expect(titles.allSatisfy { $0.name == "title" && $0.text.contains("returned_to_stack") })
        #expect(titles.count == marks.count)
    }

    @Test("the default picture reads at 1,600 px: at most 1,600 px wide, no text under 11 px once scaled")
    func legibleOnASlide() throws {
        let long = Scenario(timeline: [
            TimelineStep(at: 0, action: .launch), TimelineStep(at: 7200, action: .background),
        ])
        for model in [TimelineModel.build(try Self.demo()), TimelineModel.build(long)] {
            let svg = TimelineSVG.render(model)
            let parsed = ParsedSVG(svg)
            let root = try #require(parsed.elements.first { $0.name == "svg" })
            let width = try #require(Double(root.attributes["width"] ?? ""))
            #expect(width <= 1600)
            // Every size the stylesheet and the root set, scaled to a 1,600 px slide.
            var sizes = [try #require(Double(root.attributes["font-size"] ?? ""))]
            var rest = Substring(svg)
            while let range = rest.range(of: "font-size: ") {
                rest = rest[range.upperBound...]
                sizes.append(Double(rest.prefix { $0.isNumber || $0 == "." }) ?? 0)
            }
            #expect(sizes.count >= 3)
            let smallest = try #require(sizes.min())
            #expect(smallest * 1600 / width >= 11, "\(smallest) px at \(width) px wide")
        }
    }

    @Test("density bands: where marks do not fit, bands whose counts and the marks drawn add up to every record")
    func bandsCountEveryRecord() throws {
        // 20,000 steps over 10,000 s: far more marks than pixel columns.
        let scenario = Self.dense(steps: 20000)
        let trace = ScenarioRunner.trace(scenario)
        let parsed = ParsedSVG(TimelineSVG.render(TimelineModel.build(scenario)))
        #expect(parsed.error == nil)
        for (lane, markClass, bandClass, kind) in [
            ("events", "event", "event-band", TraceRecord.Kind.event),
            ("performed", "performed", "performed-band", .performed),
            ("discards", "discard", "discard-band", .discarded),
            ("returns", "return", "return-band", .returnedToStack),
        ] {
            let elements = parsed.elements.filter { $0.lane == lane }
            let bands = elements.filter { $0.classes.contains(bandClass) }
            let counted = bands.map { Int($0.attributes["data-count"] ?? "") ?? 0 }.reduce(0, +)
            let marks = elements.count { $0.classes.contains(markClass) }
            let records = trace.count { $0.kind == kind }
            #expect(records > 1000, "\(lane)")
            #expect(!bands.isEmpty, "\(lane)")
            #expect(counted + marks == records, "\(lane): \(counted) in bands + \(marks) marks, \(records) records")
        }
        // A band's title says how many it holds.
        let band = try #require(parsed.with(class: "event-band").first)
        let index = try #require(parsed.elements.firstIndex { $0.attributes == band.attributes })
        let count = Int(band.attributes["data-count"] ?? "") ?? 0
        let title = parsed.elements[index + 1]
        #expect(title.name == "title")
        #expect(title.text.replacingOccurrences(of: ",", with: "").hasPrefix("\(count) events · "))
    }

    @Test("--from/--to give the detail back: zoomed to 3 s, the dense run draws its returns one by one")
    func zoomGivesDetail() throws {
        let scenario = Self.dense(steps: 20000, spacing: 0.1)
        let trace = ScenarioRunner.trace(scenario)
        let unzoomed = ParsedSVG(TimelineSVG.render(TimelineModel.build(scenario)))
        let parsed = ParsedSVG(TimelineSVG.render(TimelineModel.build(scenario, from: 100, to: 103)))
        let window = trace.filter { $0.t >= 100 && $0.t <= 103 }
        let returns = window.filter { $0.kind == .returnedToStack }
        #expect(returns.count > 5)
        // Unzoomed the whole lane is bands; zoomed, a band is left only where several returns
        // share one instant (their symbols would coincide anyway).
        #expect(unzoomed.with(class: "return").filter { $0.lane == "returns" }.isEmpty)
        let marks = parsed.with(class: "return").filter { $0.lane == "returns" }.count
        let bands = parsed.with(class: "return-band").map { Int($0.attributes["data-count"] ?? "") ?? 0 }
        let crowded = Dictionary(grouping: returns, by: \.t).values.count { $0.count >= 2 }
        #expect(bands.count <= crowded)
        #expect(marks >= returns.count / 2)
        #expect(marks + bands.reduce(0, +) == returns.count)
        #expect(
            parsed.with(class: "event").filter { $0.lane == "events" }.count == window.count { $0.kind == .event })
    }

    @Test("bounded: 200,000 steps make a picture of the same order as 2,000, that parses and renders")
    func boundedFile() throws {
        let small = TimelineSVG.render(TimelineModel.build(Self.dense(steps: 2000, spacing: 0.1)))
        let large = TimelineSVG.render(TimelineModel.build(Self.dense(steps: 200_000, spacing: 0.1)))
        let parsed = ParsedSVG(large)
        #expect(parsed.error == nil)
        #expect(large.utf8.count < 1_000_000, "\(large.utf8.count) bytes")
        #expect(parsed.elements.count < 8000, "\(parsed.elements.count) elements")
        #expect(large.utf8.count < 3 * small.utf8.count, "\(large.utf8.count) vs \(small.utf8.count)")
        if RSVG.path != nil {
            let result = try RSVG.render(large)
            #expect(result.status == 0 && result.stderr.isEmpty, "\(result.stderr)")
        }
    }

    @Test("the model keeps bins, not records: spans too short to see are counted, none lost")
    func spansAreConserved() throws {
        // 30,000 background/launch pairs 0.2 s apart over 6,000 s, then one long foreground stretch.
        var timeline: [TimelineStep] = []
        for i in 0..<30000 {
            timeline.append(TimelineStep(at: Double(i) * 0.2, action: .launch))
            timeline.append(TimelineStep(at: Double(i) * 0.2 + 0.1, action: .background))
        }
        timeline.append(TimelineStep(at: 6000, action: .launch))
        timeline.append(TimelineStep(at: 9000, action: .background))
        let model = TimelineModel.build(Scenario(timeline: timeline))
        // Every change of state is one span: 60,002 changes, so 60,002 spans (the last ends the run).
        #expect(model.app.spans.count + model.app.shortTotal == 60002)
        #expect(model.app.spans.count <= TimeGrid.count / 6 + 1)
        let last = model.app.spans.first { $0.start == 6000 }
        #expect(last.map { [$0.label, String($0.end)] } == ["foreground", "9000.0"])
        #expect(model.events.marks.values.allSatisfy { $0.count <= MarkLane.kept })
        #expect(model.events.total == model.events.counts.reduce(0) { $0 + Int($1) })
    }

    @Test("a long id is drawn cut at 256 characters, its trace line at 512: the picture does not grow with it")
    func longIDs() throws {
        let id = String(repeating: "x", count: 100_000)
        let scenario = Scenario(
            triggers: [
                Trigger(
                    id: id, conditions: [.customEvent(name: "go")], reEligibility: 0,
                    message: Message(kind: .modal, text: "x", close: .swipe))
            ],
            timeline: [
                TimelineStep(at: 0, action: .launch),
                TimelineStep(at: 1, action: .customEvent(name: "go", properties: [:])),
            ])
        let svg = TimelineSVG.render(TimelineModel.build(scenario))
        let parsed = ParsedSVG(svg)
        #expect(parsed.error == nil)
        let bar = try #require(parsed.with(class: "message-bar").first { $0.lane == "messages" })
        #expect(bar.attributes["data-message"] == String(repeating: "x", count: 255) + "…")
        let title = try #require(parsed.elements.first { $0.name == "title" && $0.text.contains("performed") })
        #expect(title.text.count == 512)
        #expect(svg.utf8.count < 40_000, "\(svg.utf8.count) bytes")
    }
}
