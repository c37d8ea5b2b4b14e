// The replay viewer: steps through a game's events (its timeline), shows the state at each
// (GET /games/{id}/state?at=<version>), keeps the position in the URL, marks audit findings.
import { _, ApiError, api, cardEl, clear, h, initToken, ngettext, seatName, setStatus } from "./common.js";
import { showAnalysis } from "./analysis.js";
import { renderAnnounces, renderAuction, renderContract, renderScoreboard, renderSheet, renderTable, renderTricks } from "./table.js";

const main = document.getElementById("main");
const GAME = main.dataset.game;
const $ = (id) => document.getElementById(id);
const status = $("replay-status");

const R = {
  game: null,
  sheet: null,
  points: [], // one per game version: {version, position, type, address, addr, lines, voided, anomalies, at}
  idx: 0,
  view: "arbiter",
  seat: "S",
  findings: [],
  byVersion: new Map(), // version → findings there
  cards: new Map(), // finding version → the card played there
  auditNote: "",
  cache: new Map(),
  ticket: 0,
  deal: null, // deal whose timeline is drawn
};

// ---- addresses: "deal.trick.card"; trick 0 is the auction ----

function parseAddr(text) {
  const m = /^(\d+)\.(\d+)\.(\d+)$/.exec(text || "");
  return m ? [Number(m[1]), Number(m[2]), Number(m[3])] : null;
}

function cmp(a, b) {
  return a[0] - b[0] || a[1] - b[1] || a[2] - b[2];
}

/** Where a step sits for grouping and stepping: the moment its address names, a trick's 4th
 * card (d.t.4) and the auction's last call counted with the trick they open (d.(t+1).0,
 * d.1.0), so that Shift+→ stops at each trick completed; a step that leaves no deal on the
 * table (a misdeal) sits with the step before it. */
const keyOf = (p) => p.key;

/** The written form of an address: d.t.0 (t ≥ 2) is d.(t-1).4, and d.1.0 (the auction's end)
 * is found as the last call before the deal's first card (see resolveAddr). */
function canonicalAddr(addr) {
  const [d, t, c] = addr;
  if (t >= 2 && c === 0) return [d, t - 1, 4];
  if (t === 1 && c === 0) return [d, 0, 40];
  return addr;
}

/** The first step at or past ``addr``; -1 if never reached. In the auction (t = 0) the third
 * number counts calls: an auction shorter than asked stops at its last call. */
function resolveAddr(addr) {
  const target = canonicalAddr(addr);
  const i = R.points.findIndex((p) => p.addr && cmp(p.addr, target) >= 0);
  if (target[1] !== 0 || i < 0 || cmp(R.points[i].addr, target) === 0) return i;
  let j = i - 1; // an auction shorter than asked: its last call, if the deal went on to play
  while (j >= 0 && !R.points[j].addr) j -= 1;
  const last = j >= 0 ? R.points[j].addr : null;
  if (!last || last[0] !== target[0] || last[1] !== 0 || last[2] === 0) return i; // the auction's end
  return R.points.findIndex((p) => p.addr && cmp(p.addr, last) === 0);
}

/** The step named by ``at`` (an address, a version, or p<global position>), or an Error. */
function resolve(at) {
  if (/^\d+$/.test(at)) {
    const i = R.points.findIndex((p) => p.version >= Number(at));
    return i >= 0 ? i : new Error(_("the game has no event {at}", { at }));
  }
  if (/^p\d+$/.test(at)) {
    const i = R.points.findIndex((p) => p.position !== null && p.position >= Number(at.slice(1)));
    return i >= 0 ? i : new Error(_("the game has no event at position {position}", { position: at.slice(1) }));
  }
  const addr = parseAddr(at);
  if (!addr) return new Error(_("\"{at}\" is not a position: write deal.trick.card (3.5.2) or an event number", { at }));
  const i = resolveAddr(addr);
  return i >= 0 ? i : new Error(_("the game never reaches {at}", { at }));
}

/** The link's name of a step: its address (the API's) when that names exactly this step, else
 * its version. */
function linkName(i) {
  const p = R.points[i];
  if (!p.addr) return String(p.version);
  return resolveAddr(p.addr) === i ? p.address : String(p.version);
}

function whereText(i) {
  const p = R.points[i];
  const n = R.points.length;
  let place = p.key[0] ? _("Deal {deal} · no deal on the table", { deal: p.key[0] }) : _("Before the first deal");
  if (p.addr) {
    const [d, t, c] = p.addr;
    if (t === 0) place = ngettext("Deal {deal} · auction · {n} call", "Deal {deal} · auction · {n} calls", c, { deal: d });
    else if (t === 8 && c === 4) place = _("Deal {deal} · over", { deal: d });
    else if (c === 4) place = _("Deal {deal} · trick {trick} · card 4 (trick complete)", { deal: d, trick: t });
    else place = _("Deal {deal} · trick {trick} · card {card}", { deal: d, trick: t, card: c });
  }
  return _("{place} · event {version} of {last}: {lines}", { place, version: p.version, last: R.points[n - 1].version, lines: p.lines.join("; ") });
}

// ---- loading ----

/** The grouping moment of an address (see keyOf); ``opensPlay``: the step is the auction's last
 * call and the deal's cards follow. */
function momentOf(addr, opensPlay) {
  const [d, t, c] = addr;
  if (c === 4 && t >= 1 && t < 8) return [d, t + 1, 0];
  if (t === 0 && opensPlay) return [d, 1, 0];
  return addr;
}

function buildPoints(steps) {
  const out = collectPoints(steps);
  let run = null; // going backwards: the address of the steps being passed
  let next = null; // and the table address that follows them
  for (let i = out.length - 1; i >= 0; i -= 1) {
    const p = out[i];
    if (!p.addr) continue;
    if (!run || cmp(run, p.addr) !== 0) [next, run] = [run, p.addr];
    const opensPlay = p.addr[1] === 0 && next !== null && next[0] === p.addr[0] && next[1] >= 1;
    p.key = momentOf(p.addr, opensPlay);
  }
  let key = [0, 0, 0];
  for (const p of out) key = p.addr ? p.key : (p.key = key);
  return out;
}

function collectPoints(steps) {
  const out = [];
  for (const s of steps) {
    const last = out[out.length - 1];
    if (last && last.version === s.version) {
      last.lines.push(s.description);
      continue;
    }
    out.push({
      version: s.version,
      position: s.position,
      type: s.type,
      address: s.address,
      addr: parseAddr(s.address),
      key: null, // set by buildPoints
      lines: [s.description],
      voided: s.voided,
      anomalies: s.anomalies || [],
      at: null, // its link name, worked out when first shown
    });
  }
  return out;
}

async function loadAudit() {
  try {
    const audit = await api(`/games/${GAME}/audit`);
    R.findings = audit.findings || [];
    R.auditNote = "";
  } catch (error) {
    R.findings = [];
    R.auditNote = error instanceof ApiError ? _("The audit is not available with this token: {error}", { error: error.message }) : String(error);
  }
  R.byVersion = new Map();
  for (const f of R.findings) {
    if (!R.byVersion.has(f.position)) R.byVersion.set(f.position, []);
    R.byVersion.get(f.position).push(f);
  }
  // The card played at each finding (events are public once played; one small read each).
  const played = [...R.byVersion.keys()].filter((v) => {
    const p = R.points.find((q) => q.version === v);
    return p && p.type === "CardPlayed";
  });
  R.cards = new Map();
  await Promise.all(
    played.map(async (v) => {
      try {
        const page = await api(`/games/${GAME}/events`, { after: v - 1, limit: 1 });
        const e = page.events[0];
        if (e && e.data && e.data.card) R.cards.set(v, e.data.card);
      } catch {
        // the finding stays on the timeline and in the list, without its card highlighted
      }
    }),
  );
}

let opened = false; // once the game has been shown, the view is the user's, not the URL's

async function load() {
  main.setAttribute("aria-busy", "true");
  setStatus(status, _("Loading…"));
  R.cache.clear();
  try {
    const [game, timeline] = await Promise.all([api(`/games/${GAME}`), api(`/games/${GAME}/timeline`)]);
    R.game = game;
    R.points = buildPoints(timeline.steps);
  } catch (error) {
    setStatus(status, _("Could not open this game: {error}", { error: error.message }), "error");
    main.setAttribute("aria-busy", "false");
    return;
  }
  const [sheet] = await Promise.allSettled([api(`/games/${GAME}/sheet`), loadAudit()]);
  R.sheet = sheet.status === "fulfilled" ? sheet.value : null;
  renderMeta();
  renderFindings();
  const params = new URLSearchParams(window.location.search); // kept current by show()
  if (!opened) readView(params);
  opened = true;
  let idx = R.points.findIndex((p) => p.addr); // default: the first deal's start
  if (idx < 0) idx = 0;
  let message = "";
  if (params.get("at")) {
    const found = resolve(params.get("at"));
    if (found instanceof Error) message = _("{error}; showing the start instead.", { error: found.message });
    else idx = found;
  }
  R.deal = null;
  await show(idx, message);
}

function readView(params) {
  const view = params.get("view");
  if (view === "public") R.view = "public";
  else if (view === "seat" && ["N", "E", "S", "W"].includes(params.get("seat"))) {
    R.view = "seat";
    R.seat = params.get("seat");
  } else R.view = "arbiter";
  $("view").value = R.view === "seat" ? `seat:${R.seat}` : R.view;
}

function stateAt(version, view, seat) {
  const key = `${view}|${view === "seat" ? seat : ""}|${version}`;
  if (!R.cache.has(key)) {
    const params = { at: version, view, seat: view === "seat" ? seat : undefined };
    const promise = api(`/games/${GAME}/state`, params);
    promise.catch(() => R.cache.delete(key));
    R.cache.set(key, promise);
  }
  return R.cache.get(key);
}

// ---- showing a step ----

async function show(idx, message = "") {
  if (!R.points.length) return;
  const i = Math.max(0, Math.min(idx, R.points.length - 1));
  R.idx = i;
  const ticket = ++R.ticket;
  const p = R.points[i];
  main.setAttribute("aria-busy", "true");
  updateUrl();
  $("where").textContent = whereText(i);
  renderTimeline();
  let state;
  try {
    state = await stateAt(p.version, R.view, R.seat);
  } catch (error) {
    if (ticket !== R.ticket) return;
    if (error instanceof ApiError && [401, 403].includes(error.status) && R.view !== "public") {
      const refused = R.view === "seat" ? _("seat {seat}", { seat: seatName(R.seat) }) : R.view === "arbiter" ? _("arbiter") : R.view;
      R.view = "public";
      $("view").value = "public";
      await show(i, _("The {view} view is refused with this token ({error}); showing the public view.", { view: refused, error: error.message }));
      return;
    }
    setStatus(status, _("Could not replay to event {version}: {error}", { version: p.version, error: error.message }), "error");
    main.setAttribute("aria-busy", "false");
    return;
  }
  if (ticket !== R.ticket) return;
  render(state, p);
  setStatus(status, message, message ? "warning" : "");
  main.dataset.shownVersion = String(p.version);
  main.setAttribute("aria-busy", "false");
  if (i + 1 < R.points.length) stateAt(R.points[i + 1].version, R.view, R.seat).catch(() => {});
}

/** Cards to highlight at this point: those played at a finding of this deal, at or before it. */
function offendingCards(state, version) {
  const out = new Map();
  const deal = state.deal ? state.deal.number : null;
  for (const [v, card] of R.cards) {
    if (v > version) continue;
    for (const f of R.byVersion.get(v)) if (f.deal === deal) out.set(card, f);
  }
  return out;
}

function render(state, p) {
  const offending = offendingCards(state, p.version);
  renderTable($("table"), state, offending, p.type === "CardPlayed");
  renderContract($("contract"), state, p.key[0] ? p.lines.join("; ") : _("No deal yet."));
  renderScoreboard($("scoreboard"), state);
  renderAuction($("auction"), state);
  renderTricks($("tricks"), state, offending);
  renderAnnounces($("announces"), state);
  renderSheet($("sheet"), R.sheet, state);
  renderCallout(state, p);
  const cards = R.points.filter((q) => dealOf(q) === p.key[0] && q.type === "CardPlayed" && !q.voided);
  showAnalysis(GAME, p.key[0] || null, cards.filter((q) => q.version <= p.version).length - 1, cards.map((q) => q.version));
}

function findingText(f) {
  const where = [f.deal ? _("deal {deal}", { deal: f.deal }) : null, f.trick ? _("trick {trick}", { trick: f.trick }) : null, f.seat ? _("seat {seat}", { seat: seatName(f.seat) }) : null].filter(Boolean).join(", ");
  return `${f.rule}${where ? ` (${where})` : ""}: ${f.detail}`;
}

function renderCallout(state, p) {
  const box = $("callout");
  const deal = state.deal ? state.deal.number : null;
  const here = [];
  for (const [v, found] of R.byVersion) {
    if (v > p.version) continue;
    for (const f of found) if (f.deal === deal || v === p.version) here.push([v, f]);
  }
  if (!here.length) {
    box.hidden = true;
    box.replaceChildren();
    return;
  }
  here.sort((a, b) => a[0] - b[0]);
  box.hidden = false;
  clear(
    box,
    h("p", { class: "callout-title" }, h("span", { "aria-hidden": "true" }, "⚠ "), ngettext("Audit: {n} rule breach in this deal so far", "Audit: {n} rule breaches in this deal so far", here.length)),
    h(
      "ul",
      {},
      here.map(([v, f]) =>
        h(
          "li",
          { class: v === p.version ? "now" : null, "data-finding": v },
          v === p.version ? h("strong", {}, _("Here: ")) : [h("button", { type: "button", class: "link", "data-jump": v, onclick: () => jumpVersion(v) }, _("event {version}", { version: v })), ": "],
          R.cards.has(v) ? [cardEl(R.cards.get(v), { class: "offending", label: _("rule broken: {rule}", { rule: f.rule }) }), " "] : "",
          findingText(f),
        ),
      ),
    ),
  );
}

// ---- timeline, deals, findings list ----

function dealOf(p) {
  return p.key[0];
}

function renderTimeline() {
  const p = R.points[R.idx];
  const deal = dealOf(p);
  if (deal !== R.deal) {
    R.deal = deal;
    drawDeals();
    drawSteps(deal);
  }
  for (const li of $("timeline").children) {
    const current = Number(li.dataset.version) === p.version;
    li.classList.toggle("current", current);
    const button = li.querySelector("button");
    if (current) {
      button.setAttribute("aria-current", "step");
      li.scrollIntoView({ block: "nearest" });
    } else button.removeAttribute("aria-current");
  }
  for (const b of $("deals").querySelectorAll("button")) {
    if (Number(b.dataset.deal) === deal) b.setAttribute("aria-current", "true");
    else b.removeAttribute("aria-current");
  }
}

function drawDeals() {
  const deals = [];
  const flagged = new Map();
  for (const p of R.points) {
    const d = dealOf(p);
    if (d && !deals.includes(d)) deals.push(d);
    if (R.byVersion.has(p.version)) flagged.set(d, (flagged.get(d) || 0) + R.byVersion.get(p.version).length);
  }
  clear(
    $("deals"),
    h("span", { class: "muted" }, _("Deal ")),
    deals.map((d) =>
      h(
        "button",
        { type: "button", "data-deal": d, class: flagged.has(d) ? "flagged" : null, "aria-label": flagged.has(d) ? ngettext("Deal {deal}, {n} audit finding", "Deal {deal}, {n} audit findings", flagged.get(d), { deal: d }) : _("Deal {deal}", { deal: d }), onclick: () => show(R.points.findIndex((p) => dealOf(p) === d)) },
        String(d),
        flagged.has(d) ? h("span", { "aria-hidden": "true" }, "⚠") : null,
      ),
    ),
  );
}

function drawSteps(deal) {
  const items = [];
  R.points.forEach((p, i) => {
    if (dealOf(p) !== deal) return;
    const found = R.byVersion.get(p.version) || [];
    const rules = new Set([...found.map((f) => f.rule), ...p.anomalies]);
    const flags = [];
    if (p.voided) flags.push(h("span", { class: "flag voided" }, _("voided later")));
    for (const rule of rules) {
      const f = found.find((x) => x.rule === rule);
      flags.push(h("span", { class: "flag finding", title: f ? f.detail : rule }, h("span", { "aria-hidden": "true" }, "⚠ "), h("span", { class: "visually-hidden" }, _("audit finding: ")), rule));
    }
    items.push(
      h(
        "li",
        { "data-version": p.version, class: [rules.size ? "has-finding" : "", p.voided ? "voided" : ""].join(" ").trim() || null },
        h(
          "button",
          { type: "button", onclick: () => show(i) },
          h("span", { class: "step-at" }, p.addr ? linkName(i) : `#${p.version}`),
          " ",
          h("span", { class: "step-text" }, p.lines.map((line, k) => (k ? [h("br"), line] : line))),
          flags.length ? [" ", flags] : null,
        ),
      ),
    );
  });
  clear($("timeline"), items);
}

function jumpVersion(v) {
  const i = R.points.findIndex((p) => p.version === v);
  if (i >= 0) show(i);
}

function renderFindings() {
  const box = $("findings");
  if (R.auditNote) return clear(box, h("p", { class: "muted" }, R.auditNote));
  if (!R.findings.length) return clear(box, h("p", { "data-findings": 0 }, _("The audit found no rule broken in this game.")));
  return clear(
    box,
    h("p", { "data-findings": R.findings.length }, ngettext("{n} finding; each is marked ⚠ on the timeline.", "{n} findings; each is marked ⚠ on the timeline.", R.findings.length)),
    h(
      "ol",
      { class: "findings" },
      R.findings.map((f) =>
        h("li", { class: `severity-${f.severity || "breach"}` }, h("button", { type: "button", class: "link", "data-jump": f.position, onclick: () => jumpVersion(f.position) }, _("event {version}", { version: f.position })), ` · ${findingText(f)}`),
      ),
    ),
  );
}

function renderMeta() {
  const g = R.game;
  const seats = ["N", "E", "S", "W"].map((s) => `${seatName(s)} ${g.seats[s] || "—"}`).join(" · ");
  const status = { live: _("live"), finished: _("finished"), abandoned: _("abandoned") }[g.status] || g.status;
  $("game-meta").textContent = _("{profile} · club {club} · {status} · {enforcement} · {seats}", { profile: g.profile || "custom", club: g.club || "—", status, enforcement: g.enforcement, seats });
  document.title = _("Replay {game} ({players}) · coinche-log", { game: GAME.slice(0, 8), players: [g.seats.N, g.seats.E, g.seats.S, g.seats.W].join(", ") });
}

// ---- URL and navigation ----

function updateUrl() {
  const i = R.idx;
  if (R.points[i].at === null) R.points[i].at = linkName(i);
  const params = new URLSearchParams({ at: R.points[i].at });
  if (R.view !== "arbiter") params.set("view", R.view);
  if (R.view === "seat") params.set("seat", R.seat);
  const url = `${window.location.pathname}?${params}`;
  history.replaceState(null, "", url);
  $("share").href = url;
}

const sameTrick = (a, b) => a[0] === b[0] && a[1] === b[1];

/** Index of the first step of the group (same deal, or same deal and trick) holding ``i``. */
function groupStart(i, same) {
  let j = i;
  while (j > 0 && same(keyOf(R.points[j - 1]), keyOf(R.points[i]))) j -= 1;
  return j;
}

function target(move) {
  const i = R.idx;
  const last = R.points.length - 1;
  const here = keyOf(R.points[i]);
  const sameDeal = (a, b) => a[0] === b[0];
  const forward = (same) => {
    const j = R.points.findIndex((p, k) => k > i && !same(keyOf(p), here) && cmp(keyOf(p), here) > 0);
    return j < 0 ? last : j;
  };
  const back = (same) => {
    const start = groupStart(i, same);
    return start < i ? start : start > 0 ? groupStart(start - 1, same) : 0;
  };
  switch (move) {
    case "first": return 0;
    case "last": return last;
    case "prev": return i - 1;
    case "next": return i + 1;
    case "next-trick": return forward(sameTrick);
    case "prev-trick": return back(sameTrick);
    case "next-deal": return forward(sameDeal);
    case "prev-deal": return back(sameDeal);
    default: return i;
  }
}

function go(move) {
  const j = target(move);
  if (j >= 0 && j < R.points.length && j !== R.idx) show(j);
}

const KEYS = {
  ArrowLeft: "prev", ArrowRight: "next", Home: "first", End: "last",
  PageUp: "prev-deal", PageDown: "next-deal",
};

document.addEventListener("keydown", (e) => {
  if (!R.points.length || e.altKey || e.ctrlKey || e.metaKey) return;
  const t = e.target;
  if (t instanceof HTMLElement && (t.isContentEditable || ["INPUT", "TEXTAREA", "SELECT"].includes(t.tagName))) return;
  let move = KEYS[e.key];
  if (e.shiftKey && e.key === "ArrowLeft") move = "prev-trick";
  if (e.shiftKey && e.key === "ArrowRight") move = "next-trick";
  if (!move) return;
  e.preventDefault();
  go(move);
});

for (const b of document.querySelectorAll("[data-go]")) b.addEventListener("click", () => go(b.dataset.go));

$("view").addEventListener("change", () => {
  const [view, seat] = $("view").value.split(":");
  R.view = view;
  if (seat) R.seat = seat;
  show(R.idx);
});

initToken(() => load());
load();
