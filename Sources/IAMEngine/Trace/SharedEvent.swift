/// One event as the records it causes hold it: a reference, so that each record copies one
/// pointer instead of the event's kind, name, button and properties (three references).
/// Compares by value, as `TraceRecord.event` does.
package final class SharedEvent: Sendable, Equatable {
    package let event: Event

    package init(_ event: consuming Event) {
        self.event = event
    }

    package static func == (lhs: SharedEvent, rhs: SharedEvent) -> Bool {
        lhs === rhs || lhs.event == rhs.event
    }
}
