/// Spec §9 (revision 2): Braze's data is read as the SDKs' JSON readers read it: a number sent as
/// a string (`"30"`) as the number, `"true"` / `"false"` as booleans. Settings, assets and the
/// timeline (written for the simulator) do not use these views.
extension Node {
    /// The number a string holds, when it is exactly a JSON number literal; otherwise `self`.
    var numeric: Node {
        @inline(never) get {
            guard kind == .string, let text, text.utf8.count <= 64, text.first != " ", text.last != " ",
                let parsed = try? JSONReader.parse(Array(text.utf8)), case .number = parsed
            else { return self }
            return Node(value: parsed, path: path)
        }
    }

    /// `true` / `false` sent as strings (any case) as booleans; otherwise `self`.
    var boolean: Node {
        @inline(never) get {
            guard kind == .string, let text, let flag = Bool(text.lowercased()) else { return self }
            return Node(value: .bool(flag), path: path)
        }
    }
}
