extension Engine {
    mutating func perform(_ action: Action) {
        // filled in by the rule files
    }

    mutating func fire(_ due: Due) {
    }
}
