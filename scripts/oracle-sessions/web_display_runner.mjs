// Plays display scenarios through the Web SDK's own display code in a DOM (jsdom, Debian's
// node-jsdom) on a fake clock, and reports what reached the page: which message was displayed
// (its impression logged when the SDK's show callback ran), when it was dismissed (the SDK's
// close path started: the close button, the auto-dismiss timer, a click), and what the SDK
// refused (its display-failure code, and the log line that said why).
//
// The SDK is read at run time from an extracted @braze/web-sdk package (SDK_DIR); nothing of
// it is in this repository. A few of its methods are wrapped at run time to observe it (the
// manager's impression logging and display-failure logging, a message's close); what they do is
// left unchanged.
//
// Usage: node web_display_runner.mjs SDK_DIR < runs.json > results.json
//   runs.json: [{"id", "scenario": {settings, triggers, timeline, until}}]
//   results.json: [{"id", "displayed": [{t, message, control?}], "dismissed": [{t, message, how}],
//                  "refused": [{t, message, reason, code}], "dom": [...], "log": [...], "errors": [...]}]
// Steps played: launch (the first: a page; a later one: a page reload, the old page's DOM,
// timers, requests in flight and the app's variables gone, localStorage kept), background /
// foreground (the page hidden / visible: document.hidden, visibilityState and a
// visibilitychange event), customEvent, purchase, dismiss (the close button of the newest
// message on screen; an HTML message's own programmatic close), click (its body, or button N),
// showInAppMessage / deferInAppMessage (a message the subscribers were handed, by id),
// showDeferred, displayNext (nothing: the Web SDK has no stack), keyboard (nothing: no keyboard
// on the page), delegate (nothing: the Web SDK has no delegate; the Python side only lets
// `now` through), rotate, device, wait. Others are reported in `errors`. After the last step
// the clock runs to `until` (the Python side sets it when the scenario has none).

import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { pathToFileURL } from "node:url";

const SDK = process.argv[2];
if (!SDK) {
  console.error("usage: node web_display_runner.mjs SDK_DIR < runs.json");
  process.exit(64);
}
// Debian installs jsdom and its dependencies under /usr/share/nodejs, which a Node built
// elsewhere does not search: add it to NODE_PATH before requiring.
const Module = createRequire(import.meta.url)("node:module");
const nodePath = (process.env.NODE_PATH || "").split(":").filter(Boolean);
if (!nodePath.includes("/usr/share/nodejs")) {
  process.env.NODE_PATH = [...nodePath, "/usr/share/nodejs"].join(":");
  Module._initPaths();
}
const require = createRequire(import.meta.url);
let JSDOM;
try {
  ({ JSDOM } = require("jsdom"));
} catch {}
if (!JSDOM) {
  console.error("jsdom not found (Debian: apt-get install node-jsdom)");
  process.exit(69);
}

// ---- the browser: one jsdom page, a fake clock ----
const realLog = { log: console.log, info: console.info, warn: console.warn, error: console.error, debug: console.debug };
const clock = { ms: 0, epoch: 0 };
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
let timers = [];
let timerSeq = 0;
const fakeSetTimeout = (fn, ms, ...args) => {
  const id = ++timerSeq;
  if (typeof fn === "function") timers.push({ id, at: clock.ms + Math.max(0, Number(ms) || 0), fn: () => fn(...args) });
  return id;
};
const fakeClearTimeout = (id) => {
  timers = timers.filter((t) => t.id !== id);
};

const dom = new JSDOM("<!DOCTYPE html><html><head></head><body></body></html>", {
  url: "https://example.com/",
  pretendToBeVisual: false,
});
const win = dom.window;
const screenState = { width: 400, height: 800 };
const fakeScreen = {
  get width() {
    return screenState.width;
  },
  get height() {
    return screenState.height;
  },
};
for (const key of Object.getOwnPropertyNames(win)) {
  if (key in globalThis || key.startsWith("_")) continue;
  try {
    globalThis[key] = win[key];
  } catch {}
}
// Node has its own Event, CustomEvent and EventTarget: the page's must win (the SDK dispatches
// a CustomEvent in an HTML message's frame).
for (const key of ["Event", "CustomEvent", "EventTarget", "MouseEvent", "KeyboardEvent", "DOMException"]) globalThis[key] = win[key];
globalThis.window = win;
globalThis.document = win.document;
Object.defineProperty(globalThis, "navigator", { value: win.navigator, configurable: true, writable: true });
globalThis.Date = FakeDate;
win.Date = FakeDate;
globalThis.setTimeout = fakeSetTimeout;
globalThis.clearTimeout = fakeClearTimeout;
win.setTimeout = fakeSetTimeout;
win.clearTimeout = fakeClearTimeout;
globalThis.setInterval = win.setInterval = () => 0;
globalThis.clearInterval = win.clearInterval = () => {};
Object.defineProperty(win, "screen", { value: fakeScreen, configurable: true, writable: true });
globalThis.screen = fakeScreen;
// window-utils reads `"orientation" in window`: 0 is portrait, 90 landscape.
win.orientation = 0;
// The page's visibility (background / foreground): request-controller.js reads document.hidden.
const visibility = { hidden: false };
Object.defineProperty(win.document, "hidden", { get: () => visibility.hidden, configurable: true });
Object.defineProperty(win.document, "visibilityState", { get: () => (visibility.hidden ? "hidden" : "visible"), configurable: true });
function setHidden(hidden) {
  if (visibility.hidden === hidden) return false;
  visibility.hidden = hidden;
  win.document.dispatchEvent(new win.Event("visibilitychange"));
  return true;
}
// A URI click action opens a window or navigates this one (util/window-utils.js:24): jsdom can
// do neither; the runner records it as an action and keeps the page.
win.open = (uri) => {
  if (current) current.actions.push({ t: seconds(), do: "open_uri", uri: String(uri), target: "blank" });
  return null;
};

// The scenario's network, as web_session_runner.mjs: a request is answered after the sync
// latency with the triggers.
let pending = [];
const network = { latencyMs: 500 };
class FakeXHR {
  open(method, url) {
    this.url = url;
  }
  setRequestHeader() {}
  getAllResponseHeaders() {
    return "";
  }
  send(body) {
    this.body = JSON.parse(body);
    this._due = clock.ms + network.latencyMs;
    pending.push(this);
  }
}
globalThis.XMLHttpRequest = FakeXHR;
win.XMLHttpRequest = FakeXHR;

// ---- the SDK, and what is observed of it ----
let current = null; // the result of the scenario being played
let cause = "auto"; // what the runner is doing now: a user's action, or the clock
const sdkLog = (level) => (...a) => {
  if (current) current.log.push({ t: seconds(), level, text: a.map(String).join(" ").split("\n")[0].slice(0, 300) });
};
for (const level of ["log", "info", "warn", "error", "debug"]) console[level] = sdkLog(level);

const braze = await import(pathToFileURL(SDK + "/src/index.js").href);
const Manager = (await import(pathToFileURL(SDK + "/src/InAppMessage/in-app-message-manager.js").href)).default;
const IAM = (await import(pathToFileURL(SDK + "/src/InAppMessage/models/in-app-message.js").href)).default;
const ControlMessage = (await import(pathToFileURL(SDK + "/src/InAppMessage/models/control-message.js").href)).default;
const shared = (await import(pathToFileURL(SDK + "/shared-lib/braze-shared-lib.js").href)).default;
const IMPRESSION = shared.q.Vi;
const CONTROL_IMPRESSION = shared.q.eo;
// Display failures (InAppMessage.Ie), as words.
const FAILURES = { hd: "html_disabled", ias: "message_visible", of: "orientation_mismatch", do: "display_other", umt: "unknown_message_type", tf: "templating_failed", te: "templating_expired" };

function seconds() {
  return Math.round(clock.ms - clock.epoch) / 1000;
}
const idOf = (m) => (m && m.triggerId != null ? String(m.triggerId) : m && m.message != null ? String(m.message) : "?");

const logEvent = Manager.prototype.N;
Manager.prototype.N = function (m, kind, ...rest) {
  if (current && (kind === IMPRESSION || kind === CONTROL_IMPRESSION)) {
    const d = { t: seconds(), message: idOf(m) };
    if (m instanceof ControlMessage) d.control = true;
    // The SDK logs one impression per message object; a second show of the same object is
    // still a display on the page.
    if (kind === IMPRESSION && m.so && m.so()) d.repeat = true;
    current.displayed.push(d);
  }
  return logEvent.call(this, m, kind, ...rest);
};
const logFailure = Manager.prototype.Ji;
Manager.prototype.Ji = function (id, code) {
  if (current) {
    const d = { t: seconds(), message: String(id), reason: FAILURES[code] || code, code };
    // Which check refused it: a modal-like message on the page, or an image still loading
    // (in-app-message-to-html.js:37, the same code).
    if (win.document.querySelectorAll(".ab-iam-img-loading").length > 0) d.imageLoading = true;
    if (win.document.querySelectorAll(".ab-modal-interactions").length > 0) d.modalOnPage = true;
    current.refused.push(d);
  }
  return logFailure.call(this, id, code);
};
const close = IAM.prototype.ye;
IAM.prototype.ye = function (el, after) {
  if (current && el != null) {
    const root = (el.closest && el.closest(".ab-iam-root")) || el;
    if (!closing.has(root)) {
      closing.add(root);
      current.dismissed.push({ t: seconds(), message: idOf(this), how: cause });
    }
  }
  return close.call(this, el, after);
};
let closing = new WeakSet();
// A root the SDK shows is named with its message's id (for the DOM log and the user's steps).
const reveal = IAM.prototype.Ah;
IAM.prototype.Ah = function (root) {
  if (root) root.__iamId = idOf(this);
  return reveal.call(this, root);
};

// The page's DOM: every message root inserted or removed (for --case).
const observer = new win.MutationObserver((records) => {
  if (!current) return;
  for (const r of records) {
    for (const n of r.addedNodes) if (n.className && String(n.className).includes("ab-iam-root")) current.dom.push({ t: seconds(), op: "inserted", message: n.__iamId || "?", html: n.outerHTML.slice(0, 240) });
    for (const n of r.removedNodes) if (n.className && String(n.className).includes("ab-iam-root")) current.dom.push({ t: seconds(), op: "removed", message: n.__iamId || "?" });
  }
});
observer.observe(win.document.body, { childList: true });

// Images: the SDK waits for its <img> to load before it shows a message with one (it is not
// in the page yet, so jsdom would never fetch it). The Web SDK fetches nothing before
// (no prefetch: the <img> is made in showInAppMessage, in-app-message-to-html.js:103-121), so
// an image loads `assets[url].download` seconds (default 1, as iamterm reads an asset it is not told of) after the SDK created it, on the
// fake clock, or fails then when `assets[url].fails`.
let images = [];
let failing = new Set();
let downloads = new Map();
const createElement = win.document.createElement.bind(win.document);
win.document.createElement = (tag, ...rest) => {
  const el = createElement(tag, ...rest);
  if (String(tag).toLowerCase() === "img") images.push({ img: el, at: clock.ms });
  return el;
};

const tick = () => new Promise((resolve) => setImmediate(resolve));
// `window.location = uri` (a URI click action in this window, util/window-utils.js:24) throws
// in jsdom: it is the navigation, recorded as an action, not an error of the runner.
function noteError(e) {
  const text = String(e && e.message ? e.message : e);
  if (/property location/.test(text)) current.actions.push({ t: seconds(), do: "open_uri", target: "self", effect: "navigation (not played: the page stays)" });
  else current.errors.push({ t: seconds(), error: text });
}
async function settle() {
  // Promises and jsdom's own queue (an iframe's load) at the same instant; images already
  // downloaded load at once.
  for (let i = 0; i < 4; i++) {
    await tick();
    for (const { img, at } of images.splice(0)) {
      const src = img.getAttribute("src");
      const fire = () => {
        const handler = failing.has(src) ? img.onerror : img.onload;
        if (current) current.images.push({ t: seconds(), url: src, outcome: failing.has(src) ? "failed" : "loaded", handled: typeof handler === "function" });
        if (typeof handler === "function") {
          try {
            handler.call(img, new win.Event(handler === img.onload ? "load" : "error"));
          } catch (e) {
            current.errors.push({ t: seconds(), error: "img onload: " + String(e && e.message ? e.message : e) });
          }
        }
      };
      const due = at + Math.round((downloads.has(src) ? downloads.get(src) : 1) * 1000);
      if (due <= clock.ms) fire();
      else timers.push({ id: ++timerSeq, at: due, fn: fire, image: true });
    }
  }
}

async function runTimersUntil(ms) {
  for (;;) {
    const due = pending.filter((r) => r._due <= ms).sort((a, b) => a._due - b._due)[0];
    timers.sort((a, b) => a.at - b.at || a.id - b.id);
    const timer = timers[0] && timers[0].at <= ms ? timers[0] : null;
    if (!due && !timer) break;
    if (timer && (!due || timer.at < due._due)) {
      timers.shift();
      clock.ms = timer.at;
      cause = "auto";
      try {
        timer.fn();
      } catch (e) {
        noteError(e);
      }
    } else {
      clock.ms = Math.max(clock.ms, due._due);
      pending = pending.filter((r) => r !== due);
      try {
        answer(due);
      } catch (e) {
        current.errors.push({ t: seconds(), error: String(e && e.message ? e.message : e) });
      }
    }
    await settle();
  }
  clock.ms = Math.max(clock.ms, ms);
}

let scenarioTriggers = [];
let enabled = new Map(); // campaign steps: the server's list changes (seen at the next sync)
function answer(req) {
  const wantsTriggers = req.body && req.body.respond_with && req.body.respond_with.triggers;
  const triggers = scenarioTriggers.filter((t) => (enabled.has(t.id) ? enabled.get(t.id) : !(t.x_sim && t.x_sim.enabled === false))).map((t) => {
    const copy = { ...t };
    delete copy.x_sim;
    // Braze's server names each message by its trigger (`trigger_id` in `data`); a hand-written
    // scenario may leave it out, as iamterm's examples do.
    if (copy.data && typeof copy.data === "object" && copy.data.trigger_id == null) {
      copy.data = { ...copy.data, trigger_id: t.id };
    }
    return copy;
  });
  req.status = 200;
  req.readyState = 4;
  req.responseText = JSON.stringify(wantsTriggers ? { triggers } : {});
  req.onload();
}

// The newest message root on screen (not closing).
function onScreen() {
  // A root whose message was refused after it was inserted (another message's image was loading) stays
  // empty in the page: it is nothing a user sees.
  // A message still hidden (`ab-start-hidden`: a slide-up whose image is loading is in the
  // page but not shown) is nothing a user sees either.
  const roots = [...win.document.querySelectorAll(".ab-iam-root")].filter(
    (r) => !closing.has(r) && r.querySelector(".ab-in-app-message:not(.ab-start-hidden)"),
  );
  return roots[roots.length - 1] || null;
}

function click(el) {
  el.dispatchEvent(new win.MouseEvent("click", { bubbles: true, cancelable: true }));
}

function userDismiss(result, step) {
  const root = onScreen();
  if (!root) return result.actions.push({ t: step.at, do: "dismiss", effect: "nothing_visible" });
  const button = root.querySelector(".ab-close-button");
  if (button) {
    click(button);
    return result.actions.push({ t: step.at, do: "dismiss", effect: "close_button", message: root.__iamId });
  }
  const frame = root.querySelector("iframe");
  const programmatic = frame && frame.contentWindow && frame.contentWindow.document.querySelector(".ab-programmatic-close-button");
  if (programmatic) {
    click(programmatic);
    return result.actions.push({ t: step.at, do: "dismiss", effect: "html_close", message: root.__iamId });
  }
  result.actions.push({ t: step.at, do: "dismiss", effect: "no_close_control", message: root.__iamId });
}

function userClick(result, step) {
  const root = onScreen();
  if (!root) return result.actions.push({ t: step.at, do: "click", effect: "nothing_visible" });
  if (step.button != null) {
    const buttons = root.querySelectorAll(".ab-message-button");
    if (!buttons[step.button]) return result.actions.push({ t: step.at, do: "click", effect: "no_such_button", message: root.__iamId });
    click(buttons[step.button]);
    return result.actions.push({ t: step.at, do: "click", effect: `button ${step.button}`, message: root.__iamId });
  }
  const body = root.querySelector(".ab-in-app-message");
  if (!body) return result.actions.push({ t: step.at, do: "click", effect: "no_body", message: root.__iamId });
  click(body);
  result.actions.push({ t: step.at, do: "click", effect: "body", message: root.__iamId });
}

async function runOne(run) {
  const sc = run.scenario;
  const settings = sc.settings || {};
  // As iamterm reads settings.integration.web: automatic display unless the file says otherwise.
  const web = { automaticallyShow: true, subscribers: [], ...((settings.integration || {}).web || {}) };
  const device = settings.device || {};
  const result = { id: run.id, displayed: [], dismissed: [], refused: [], handed: [], actions: [], dom: [], log: [], errors: [], images: [], reloads: [] };
  current = result;
  closing = new WeakSet();
  clock.epoch = Math.round((settings.epoch ?? 1767225600) * 1000);
  clock.ms = clock.epoch;
  timers = [];
  pending = [];
  win.localStorage.clear();
  win.document.body.innerHTML = "";
  win.document.body.className = "";
  network.latencyMs = Math.round(((settings.network || {}).syncLatency ?? 0.5) * 1000);
  scenarioTriggers = [...(sc.triggers || [])];
  enabled = new Map();
  images = [];
  failing = new Set(Object.entries(sc.assets || {}).filter(([, a]) => a && a.fails).map(([url]) => url));
  downloads = new Map(Object.entries(sc.assets || {}).map(([url, a]) => [url, Number(a && a.download != null ? a.download : 1)]));
  visibility.hidden = false;
  for (const el of [...win.document.head.querySelectorAll("style")]) el.remove();
  screenState.width = device.kind === "tablet" ? 1024 : 400;
  win.orientation = device.orientation === "landscape" ? 90 : 0;
  let handed = new Map();
  let initialized = false;
  const init = () => {
    braze.initialize("api-key", {
      baseUrl: "sdk.example.com",
      noCookies: true,
      enableLogging: true,
      doNotLoadFontAwesome: true,
      minimumIntervalBetweenTriggerActionsInSeconds: settings.minimumTriggerInterval ?? 30,
      sessionTimeoutInSeconds: settings.sessionTimeout ?? 1800,
      allowUserSuppliedJavascript: ((settings.integration || {}).web || {}).allowUserSuppliedJavascript === true,
    });
    initialized = true;
    subscribe();
    braze.openSession();
  };

  const subscribe = () => {
    // Automatic display first, then the app's subscribers in order (I4).
    if (web.automaticallyShow) braze.automaticallyShowInAppMessages();
    for (const kind of web.subscribers || []) {
      braze.subscribeToInAppMessage((m) => {
        handed.set(idOf(m), m);
        result.handed.push({ t: seconds(), message: idOf(m), subscriber: kind });
        if (kind === "show") braze.showInAppMessage(m);
      });
    }
  };

  for (const s of sc.timeline || []) {
    await runTimersUntil(clock.epoch + Math.round(s.at * 1000));
    cause = "user";
    try {
      switch (s.do) {
        case "launch":
          if (initialized) {
            // A page reload: the old page's SDK instance, timers, requests in flight, images
            // loading and DOM go (a browser drops them on navigation), and the app's variables
            // (the messages its subscribers were handed); localStorage stays.
            braze.destroy();
            await settle();
            timers = [];
            pending = [];
            images = [];
            const lost = [...win.document.querySelectorAll(".ab-iam-root")].map((r) => r.__iamId || "?");
            result.reloads.push({ t: s.at, lost });
            win.document.body.innerHTML = "";
            win.document.body.className = "";
            for (const el of [...win.document.head.querySelectorAll("style")]) el.remove();
            closing = new WeakSet();
            handed = new Map();
            visibility.hidden = false;
          }
          init();
          break;
        case "background":
          setHidden(true);
          break;
        case "foreground":
          setHidden(false);
          break;
        case "displayNext":
          result.actions.push({ t: s.at, do: "displayNext", effect: "nothing (no stack on web)" });
          break;
        case "keyboard":
        case "delegate":
          break;
        case "campaign":
          if (s.trigger) {
            scenarioTriggers.push(s.trigger);
            if (s.enabled != null) enabled.set(s.trigger.id, !!s.enabled);
          } else enabled.set(s.id, !!s.enabled);
          break;
        case "customEvent":
          braze.logCustomEvent(s.name, s.properties);
          break;
        case "purchase":
          braze.logPurchase(s.product_id, s.price ?? 1, "USD", 1, s.properties);
          break;
        case "dismiss":
          userDismiss(result, s);
          break;
        case "click":
          userClick(result, s);
          break;
        case "showInAppMessage": {
          const m = handed.get(String(s.message));
          if (!m) result.actions.push({ t: s.at, do: s.do, effect: "not_handed_to_app" });
          else result.actions.push({ t: s.at, do: s.do, message: s.message, returned: braze.showInAppMessage(m) });
          break;
        }
        case "deferInAppMessage": {
          const m = handed.get(String(s.message));
          if (!m) result.actions.push({ t: s.at, do: s.do, effect: "not_handed_to_app" });
          else result.actions.push({ t: s.at, do: s.do, message: s.message, returned: braze.deferInAppMessage(m) });
          break;
        }
        case "showDeferred": {
          const m = braze.getDeferredInAppMessage();
          if (!m) result.actions.push({ t: s.at, do: s.do, effect: "stack_empty" });
          else result.actions.push({ t: s.at, do: s.do, message: idOf(m), returned: braze.showInAppMessage(m) });
          break;
        }
        case "rotate":
          win.orientation = s.orientation === "landscape" ? 90 : 0;
          break;
        case "device":
          screenState.width = s.kind === "tablet" ? 1024 : 400;
          break;
        case "wait":
          break;
        default:
          result.errors.push({ t: s.at, error: `unsupported step ${s.do}` });
      }
    } catch (e) {
      noteError(e);
    }
    await settle();
    cause = "auto";
  }
  await runTimersUntil(clock.epoch + Math.round((sc.until ?? 0) * 1000));
  if (initialized) braze.destroy();
  await settle();
  win.document.body.innerHTML = "";
  await settle();
  current = null;
  return result;
}

const runs = JSON.parse(readFileSync(0, "utf8"));
const out = [];
for (const run of runs) out.push(await runOne(run));
process.stdout.write(JSON.stringify(out));
