/// Turns a `JSONValue` tree into engine values, collecting warnings on the way.
/// One instance decodes one file; the `Decoding/*` files extend it, one part of §9 each.
struct ScenarioDecoder {
    private(set) var warnings: [(path: JSONPath, message: String)] = []
    /// Trigger ids seen so far, with their index (duplicates are an error; `campaign` steps check them).
    var triggerIndex: [String: Int] = [:]
    /// The top-level `until` (§9): where `iamterm run` stops unless `--until` says otherwise.
    var until: Double?

    mutating func warn(_ path: JSONPath, _ message: String) {
        warnings.append((path, message))
    }

    /// Warns once for each member of `object` that was not read; `what` names the object.
    mutating func warnUnknownKeys(_ object: ObjectReader, in what: String) {
        for (key, path) in object.unread {
            warn(path, "unknown key \(JSONText.quoted(key)) in \(what); ignored")
        }
    }
}
