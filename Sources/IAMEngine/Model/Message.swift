/// An in-app message: the `data` of a triggered action, or the body of `addLocal` (spec §8).
public struct Message: Sendable, Equatable {
    public enum Kind: String, Sendable, CaseIterable {
        case slideup = "SLIDEUP"
        case modal = "MODAL"
        case full = "FULL"
        case html = "HTML"
        case htmlFull = "HTML_FULL"

        /// HTML messages keep the keyboard (M5) and download a zip instead of an image (D2).
        public var isHTML: Bool { self == .html || self == .htmlFull }
    }

    public enum ImageStyle: String, Sendable, CaseIterable {
        case top = "TOP"
        case graphic = "GRAPHIC"
    }
    public enum Close: String, Sendable, CaseIterable {
        case autoDismiss = "AUTO_DISMISS"
        case swipe = "SWIPE"
    }
    public enum Orientation: String, Sendable, CaseIterable {
        case any = "ANY"
        case portrait = "PORTRAIT"
        case landscape = "LANDSCAPE"
    }
    public enum SlideFrom: String, Sendable, CaseIterable {
        case bottom = "BOTTOM"
        case top = "TOP"
    }

    public var kind: Kind
    public var text: String
    public var header: String?
    public var imageURL: String?
    public var zippedAssetsURL: String?
    public var imageStyle: ImageStyle
    public var icon: String?
    public var buttons: [Button]
    public var clickAction: ClickAction
    public var close: Close
    /// Milliseconds, as Braze serializes it; see `displayDuration` for M3's floor.
    public var duration: Int
    public var orientation: Orientation
    public var slideFrom: SlideFrom
    public var extras: [String: String]
    /// `asset_urls` (HTML): the URLs the page loads; an HTML message waits for all of them (L3 step 7).
    public var assetURLs: [String]
    public var isControl: Bool
    /// ARGB colours by Braze key (`bg_color`, `text_color`, ...).
    public var colors: [String: UInt32]
    /// The payload's own `trigger_id` (Braze's payloads carry it; X57: a platform that reads the
    /// id from the message logs no click without it). `nil` when the payload has none.
    public var payloadTriggerID: String? = nil
    /// X63: an HTML message the Web SDK shows without `allowUserSuppliedJavascript`.
    public var trusted = false
    /// X59, X62: whether the payload gave `message_close` and `orientation` (a platform may
    /// default them per type where they are absent).
    public var closeGiven = true
    public var orientationGiven = true
    /// What would keep an SDK from building this message (X27), in words, such as
    /// `click_action URI without a uri`; `nil` for a sound message. The loader reads such a
    /// message leniently (with a warning) and notes it here; the platform decides.
    public var defect: String? = nil
    /// R9, X38: the `type` no SDK builds into a message it shows (`BANNER`), or `none` when the
    /// payload gave none; `nil` for a shown type. Such a message is drawn as the default kind; the
    /// platform decides what becomes of its trigger (a `BANNER` is discarded when performed
    /// outside web; a message without `type` shows as a slideup there, as it always has).
    public var unsupportedType: String? {
        get { notes?.unsupportedType }
        set { notes = Notes.make(unsupportedType: newValue, refusal: refusal) }
    }
    /// X39: why a platform's SDK refuses this message when it is performed (an unknown
    /// `brazeActions://` action in a click action), in words; `nil` when none does. The loader
    /// notes it; the platform decides.
    public var refusal: String? {
        get { notes?.refusal }
        set { notes = Notes.make(unsupportedType: unsupportedType, refusal: newValue) }
    }
    /// `unsupportedType` and `refusal`, rare, held by reference: a message (copied into every
    /// pending message) stays the size it was.
    private var notes: Notes?

    public init(
        kind: Kind = .slideup, text: String = "", header: String? = nil,
        imageURL: String? = nil, zippedAssetsURL: String? = nil, imageStyle: ImageStyle = .top,
        icon: String? = nil, buttons: [Button] = [], clickAction: ClickAction = .none,
        close: Close = .autoDismiss, duration: Int = 5000, orientation: Orientation = .any,
        slideFrom: SlideFrom = .bottom, extras: [String: String] = [:], isControl: Bool = false,
        colors: [String: UInt32] = [:], assetURLs: [String] = []
    ) {
        self.kind = kind
        self.text = text
        self.header = header
        self.imageURL = imageURL
        self.zippedAssetsURL = zippedAssetsURL
        self.imageStyle = imageStyle
        self.icon = icon
        self.buttons = buttons
        self.clickAction = clickAction
        self.close = close
        self.duration = duration
        self.orientation = orientation
        self.slideFrom = slideFrom
        self.extras = extras
        self.assetURLs = assetURLs
        self.isControl = isControl
        self.colors = colors
    }

    /// The asset the message needs before it can show (D2): the zip for HTML_FULL, else the image.
    public var assetURL: String? {
        kind == .htmlFull ? (zippedAssetsURL ?? imageURL) : imageURL
    }

    /// Every asset the message waits for (D2, L3 step 7), without repeats: `assetURL`, and for
    /// an HTML message also its `zipped_assets_url` and every URL of its `asset_urls` (revision 2).
    public var requiredAssets: [String] {
        var urls: [String] = []
        func add(_ url: String?) { if let url, !urls.contains(url) { urls.append(url) } }
        add(assetURL)
        if kind.isHTML {
            add(zippedAssetsURL)
            for url in assetURLs { add(url) }
        }
        return urls
    }

    /// M3: auto-dismiss delay in seconds; values below 999 ms become 5000 ms.
    public var displayDuration: Double? {
        guard close == .autoDismiss else { return nil }
        return Double(duration < 999 ? 5000 : duration) / 1000
    }
}

/// A message button (`btns[]`).
public struct Button: Sendable, Equatable {
    /// The payload's `id`, or the button's index when it has none (`hasID` false).
    public var id: String
    /// X36: whether the payload gave the button an `id` (a platform may raise no `iam_click`
    /// for a button without one).
    public var hasID = true
    public var text: String
    public var clickAction: ClickAction

    public init(id: String, text: String, clickAction: ClickAction = .none) {
        self.id = id
        self.text = text
        self.clickAction = clickAction
    }
}

/// What a click does (M4).
public enum ClickAction: Sendable, Equatable {
    case none
    case uri(String)
    case newsFeed

    /// The `reason` of a `clicked` record: the action in Braze's spelling.
    public var traceReason: TraceReason {
        switch self {
        case .none: .clickNone
        case .uri: .clickURI
        case .newsFeed: .clickNewsFeed
        }
    }
}

extension Message {
    /// The rare facts a platform reads of a message (X38, X39), immutable and compared by value.
    final class Notes: Sendable, Equatable {
        let unsupportedType: String?
        let refusal: String?

        private init(unsupportedType: String?, refusal: String?) {
            self.unsupportedType = unsupportedType
            self.refusal = refusal
        }

        /// `nil` when there is nothing to note.
        static func make(unsupportedType: String?, refusal: String?) -> Notes? {
            unsupportedType == nil && refusal == nil ? nil : Notes(unsupportedType: unsupportedType, refusal: refusal)
        }

        static func == (a: Notes, b: Notes) -> Bool {
            a === b || (a.unsupportedType == b.unsupportedType && a.refusal == b.refusal)
        }
    }
}
