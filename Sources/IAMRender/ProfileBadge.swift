import IAMEngine

/// The platform in the title bar and where the UI names a platform's setting (profiles.md).
enum ProfileBadge {
    /// `[android]` in the title bar: which platform's rules the device runs.
    static func span(_ ctx: RenderContext) -> Span {
        Span("[\(ctx.engine.settings.profile.name)]  ", .title, bold: true)
    }

    /// X12: the minimum interval under the platform's own setting name (the side panel falls
    /// back to "P2 interval" where the name does not fit).
    static func intervalSettingName(_ ctx: RenderContext) -> String {
        ctx.engine.settings.profile.intervalSettingName
    }
}
