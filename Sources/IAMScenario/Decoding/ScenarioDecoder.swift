/// Turns a parsed file (its `JSONTape`, read through `Node`) into engine values, collecting
/// warnings; one instance a file, extended by the `Decoding/*` files, one part of §9 each.
struct ScenarioDecoder {
    private(set) var warnings: [(path: JSONPath, message: String)] = []
    /// Trigger ids seen so far, with their index (duplicates are an error; `campaign` steps check them).
    var triggerIndex: [String: Int] = [:]
    /// The top-level `until` (§9): where `iamterm run` stops unless `--until` says otherwise.
    var until: Double?
    /// The top-level `expect` list (issue 47).
    var expectations: [Expectation] = []
    /// Event properties and names that timeline steps repeat, kept once.
    var shared = SharedStepValues()
    /// The lists decoded while the file was read, if any (see `ListStream`).
    var stream: ListStream?

    /// Fields of Braze's data that load and are not simulated (`message.animate_in`, ...), once
    /// each in the order first seen: `iamterm check` lists them so nothing is dropped silently.
    private(set) var ignoredFields: [String] = []
    private var ignoredSeen: Set<String> = []

    /// Notes every member of `object` that was not read as kept and ignored; `owner` names the
    /// kind of object (`message`, `trigger`, `sync response`).
    mutating func noteIgnored<Key>(_ object: MemberReader<Key>, in owner: String) {
        for (key, _) in object.unread { noteIgnored(field: "\(owner).\(key)") }
    }

    /// Notes `name` (`owner.key`) as kept and ignored, unless it already is.
    mutating func noteIgnored(field name: String) {
        if ignoredSeen.insert(name).inserted { ignoredFields.append(name) }
    }

    /// Takes `name` off the ignored fields (a field a payload shape reads after all).
    mutating func dropIgnored(_ name: String) {
        ignoredFields.removeAll { $0 == name }
    }

    mutating func warn(_ path: JSONPath, _ message: String) {
        warnings.append((path, message))
    }

    /// Makes the paths of the warnings from `start` on independent of the tape they were found
    /// on (a streamed element's tape is gone once it is decoded).
    mutating func makeWarningPathsFinal(from start: Int) {
        for index in start..<warnings.count { warnings[index].path = JSONPath(warnings[index].path.components) }
    }

    /// Takes on the warnings and ignored fields `other` found (a list decoded while the file was
    /// read), as if this decoder had found them now.
    mutating func absorb(_ other: ScenarioDecoder) {
        warnings.append(contentsOf: other.warnings)
        for name in other.ignoredFields where ignoredSeen.insert(name).inserted { ignoredFields.append(name) }
    }

    /// Warns once for each member of `object` that was not read; `what` names the object
    /// (built only when there is something to warn about: most objects have no unknown key).
    mutating func warnUnknownKeys<Key>(_ object: MemberReader<Key>, in what: @autoclosure () -> String) {
        for (key, path) in object.unread {
            warn(path, "unknown key \(JSONText.quoted(key)) in \(what()); ignored")
        }
    }
}
