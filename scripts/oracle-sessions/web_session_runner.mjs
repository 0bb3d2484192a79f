// Plays whole iamterm scenarios through the Web SDK's own ES modules in Node and reports what
// the SDK hands to the app (the subscriber's callbacks): which message, at which millisecond.
// The SDK is read at run time from an extracted @braze/web-sdk package (SDK_DIR); nothing of
// it is in this repository. The browser is a shim: a fake clock (Date, setTimeout),
// localStorage, document and navigator stubs, and an XMLHttpRequest whose /data/ requests the
// scenario's server answers after settings.network.syncLatency with the triggers switched on.
//
// Usage: node web_session_runner.mjs SDK_DIR < runs.json > results.json
//   runs.json: [{"id", "scenario": {settings, triggers, timeline, until}}]
//   results.json: [{"id", "handed": [{"t", "message"}], "errors": [...]}]
// Steps played: launch (a page load: destroy, initialize, openSession), customEvent, purchase,
// campaign (on/off for the next sync), wait. Others are reported in `errors`.

import { readFileSync } from "node:fs";
import { pathToFileURL } from "node:url";

const SDK = process.argv[2];
if (!SDK) {
  console.error("usage: node web_session_runner.mjs SDK_DIR < runs.json");
  process.exit(64);
}

const clock = { ms: 0 };
const RealDate = Date;
class FakeDate extends RealDate {
  constructor(...a) {
    if (a.length === 0) super(clock.ms);
    else super(...a);
  }
  static now() {
    return clock.ms;
  }
}
globalThis.Date = FakeDate;
let timers = [];
let timerSeq = 0;
globalThis.window = globalThis;
window.setTimeout = (fn, ms) => {
  const id = ++timerSeq;
  timers.push({ id, at: clock.ms + Math.max(0, ms || 0), fn });
  return id;
};
window.clearTimeout = (id) => {
  timers = timers.filter((t) => t.id !== id);
};
window.setInterval = () => 0;
window.clearInterval = () => {};
const store = new Map();
globalThis.localStorage = {
  getItem: (k) => (store.has(k) ? store.get(k) : null),
  setItem: (k, v) => store.set(k, String(v)),
  removeItem: (k) => store.delete(k),
  get length() {
    return store.size;
  },
  key: (i) => [...store.keys()][i],
};
const location = { href: "https://example.com/", search: "", hostname: "example.com", protocol: "https:" };
window.location = location;
globalThis.document = {
  cookie: "",
  location,
  referrer: "",
  visibilityState: "visible",
  hidden: false,
  body: {},
  documentElement: { style: {} },
  createElement(tag) {
    if (tag === "a") {
      return {
        set href(v) {
          this._u = new URL(v);
        },
        get pathname() {
          return this._u.pathname;
        },
        toString() {
          return this._u.toString();
        },
      };
    }
    return { style: {}, setAttribute() {}, appendChild() {} };
  },
  getElementsByTagName: () => [],
  querySelector: () => null,
  addEventListener() {},
  removeEventListener() {},
};
Object.defineProperty(globalThis, "navigator", {
  value: { onLine: true, userAgent: "Mozilla/5.0 (X11; Linux x86_64) Chrome/120", language: "en-US", cookieEnabled: true, platform: "Linux" },
  configurable: true,
});
window.addEventListener = () => {};
window.screen = { width: 1000, height: 800 };

let pending = [];
// The scenario's network: a request is answered `latencyMs` after it is sent, from the set of
// triggers switched on when it was sent (D5).
const network = { latencyMs: 500, disabled: new Set(), sent: [] };
globalThis.XMLHttpRequest = class {
  open(method, url) {
    this.url = url;
  }
  setRequestHeader() {}
  getAllResponseHeaders() {
    return "";
  }
  send(body) {
    this.body = JSON.parse(body);
    network.sent.push({ t: clock.ms, triggers: !!this.body.respond_with?.triggers, events: (this.body.events || []).map((e) => e.name) });
    this._due = clock.ms + network.latencyMs;
    this._disabled = new Set(network.disabled);
    pending.push(this);
  }
};
for (const level of ["log", "info", "warn", "error", "debug"]) console[level] = () => {};

const braze = await import(pathToFileURL(SDK + "/src/index.js").href);

function runTimersUntil(ms, result) {
  for (;;) {
    timers.sort((a, b) => a.at - b.at || a.id - b.id);
    const next = timers[0];
    if (!next || next.at > ms) break;
    timers.shift();
    clock.ms = next.at;
    try {
      next.fn();
    } catch (e) {
      result.errors.push({ t: clock.ms, error: String(e && e.message ? e.message : e) });
    }
  }
  clock.ms = Math.max(clock.ms, ms);
}

function runOne(run) {
  const sc = run.scenario;
  const settings = sc.settings || {};
  const epochMs = Math.round((settings.epoch ?? 1767225600) * 1000);
  const latencyMs = Math.round(((settings.network || {}).syncLatency ?? 0.5) * 1000);
  const result = { id: run.id, handed: [], errors: [] };
  const disabled = new Set((sc.triggers || []).filter((t) => t.x_sim && t.x_sim.enabled === false).map((t) => t.id));
  store.clear();
  timers = [];
  pending = [];
  clock.ms = epochMs;
  let initialized = false;
  const web = settings.integration?.web || {};
  let subscribed = (web.subscribers || ["consume"]).length > 0;
  // A `show` subscriber stands for showInAppMessage in a browser: the message shows unless one
  // is on screen (the SDK refuses a second), its impression is logged, and it stays for its
  // duration or until it is clicked.
  let shows = (web.subscribers || []).includes("show");
  let visible = null;
  const subscribe = () =>
    braze.subscribeToInAppMessage((m) => {
      result.handed.push({ t: Math.round(clock.ms - epochMs) / 1000, message: m.message });
      if (!shows || (visible && clock.ms < visible.until)) return;
      braze.logInAppMessageImpression(m);
      visible = { m, until: clock.ms + (m.duration || 5000) };
    });

  const answer = (req) => {
    const wantsTriggers = req.body && req.body.respond_with && req.body.respond_with.triggers;
    const triggers = (sc.triggers || []).filter((t) => !req._disabled.has(t.id)).map((t) => {
      const copy = { ...t };
      delete copy.x_sim;
      return copy;
    });
    req.status = 200;
    req.readyState = 4;
    req.responseText = JSON.stringify(wantsTriggers ? { triggers } : {});
    req.onload();
  };
  network.latencyMs = latencyMs;
  network.sent = [];
  network.disabled = disabled;
  // Timers and answers in time order up to `untilMs`: a request a timer sends is answered
  // its latency after that timer, not after the step that follows.
  const flushNetwork = (untilMs) => {
    for (;;) {
      const due = pending.filter((r) => r._due <= untilMs).sort((a, b) => a._due - b._due)[0];
      const timer = timers.filter((t) => t.at <= untilMs).sort((a, b) => a.at - b.at || a.id - b.id)[0];
      if (!due && !timer) break;
      if (timer && (!due || timer.at < due._due)) {
        runTimersUntil(timer.at, result);
        continue;
      }
      clock.ms = Math.max(clock.ms, due._due);
      pending = pending.filter((r) => r !== due);
      try {
        answer(due);
      } catch (e) {
        result.errors.push({ t: clock.ms, error: String(e.message || e) });
      }
    }
    clock.ms = Math.max(clock.ms, untilMs);
  };

  for (const s of sc.timeline || []) {
    flushNetwork(epochMs + Math.round(s.at * 1000));
    try {
      switch (s.do) {
        case "launch":
          // A page load: the old page's requests in flight and its timers die with it (a
          // browser aborts them on navigation); what the SDK stored in localStorage stays.
          if (initialized) braze.destroy();
          pending = [];
          timers = [];
          visible = null;
          braze.initialize("api-key", {
            baseUrl: "sdk.example.com",
            noCookies: true,
            minimumIntervalBetweenTriggerActionsInSeconds: settings.minimumTriggerInterval ?? 30,
            sessionTimeoutInSeconds: settings.sessionTimeout ?? 1800,
          });
          initialized = true;
          if (subscribed) subscribe();
          braze.openSession();
          break;
        case "integration":
          // The app subscribes (settings.integration.web with a subscriber).
          if ((s.web?.subscribers || []).length > 0 && !subscribed) {
            subscribed = true;
            shows = s.web.subscribers.includes("show");
            if (initialized) subscribe();
          }
          break;
        case "customEvent":
          braze.logCustomEvent(s.name, s.properties);
          break;
        case "purchase":
          braze.logPurchase(s.product_id, s.price ?? 1, "USD", 1, s.properties);
          break;
        case "campaign":
          if (s.enabled) disabled.delete(s.id);
          else disabled.add(s.id);
          break;
        case "click":
          // The user clicks the message on screen: its body, or a button by index.
          if (visible && clock.ms < visible.until) {
            const m = visible.m;
            visible = null;
            if (s.button == null) braze.logInAppMessageClick(m);
            else if (m.buttons && m.buttons[s.button]) braze.logInAppMessageButtonClick(m.buttons[s.button], m);
          }
          break;
        case "wait":
          break;
        default:
          result.errors.push({ t: s.at, error: `unsupported step ${s.do}` });
      }
    } catch (e) {
      result.errors.push({ t: s.at, error: String(e && e.message ? e.message : e) });
    }
  }
  flushNetwork(epochMs + Math.round((sc.until ?? 0) * 1000));
  if (initialized) braze.destroy();
  if (process.env.ORACLE_SESSIONS_REQUESTS)
    result.requests = network.sent.map((r) => ({ ...r, t: (r.t - epochMs) / 1000 }));
  return result;
}

const runs = JSON.parse(readFileSync(0, "utf8"));
process.stdout.write(JSON.stringify(runs.map(runOne)));
