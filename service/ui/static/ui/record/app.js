// The table recording page (/ui/record): sign in once, start a game, record its deals by
// tapping, offline-safe. Every event goes to the IndexedDB queue (queue.js) before it is
// sent; the score-only deal screen is score.js; a played deal is recorded by deal.js,
// loaded when needed and given ``ctx`` (see ``dealContext``).
import { LANG, _, h, ngettext, pgettext, seatName, teamName } from "../common.js";
import { Sender, enqueue, games, newId, pending } from "./queue.js";
import { mountScore } from "./score.js";
import { contractCell, renderSheet } from "./sheet.js";

const TOKEN_KEY = "coinche.token"; // the same key as the other pages' token box
const WHO_KEY = "coinche.record.who";
const PROFILES_KEY = "coinche.record.profiles";
const SEATS = ["N", "E", "S", "W"];
const ORDER = { clockwise: ["N", "E", "S", "W"], counterclockwise: ["N", "W", "S", "E"] };
const VOCABULARY = { ffb: "ffb", contree: "contree", "points-faits": "contree", "points-annonces": "contree", yeeqia: "yeeqia", tripot: "tripot" };
const SEND_WAIT_MS = 1500; // ctx.send resolves once stored, or after this long as "queued"

const $ = (id) => document.getElementById(id);
const status = (text, kind = "") => {
  const el = $("rec-status");
  el.textContent = text;
  el.dataset.kind = kind;
};

// ---- storage of the sign-in ----
function token() {
  try { return localStorage.getItem(TOKEN_KEY) || ""; } catch { return ""; }
}
function who() {
  try { return JSON.parse(localStorage.getItem(WHO_KEY) || "null"); } catch { return null; }
}
function signIn(secret, me) {
  localStorage.setItem(TOKEN_KEY, secret);
  localStorage.setItem(WHO_KEY, JSON.stringify(me));
}
function signOut() {
  localStorage.removeItem(TOKEN_KEY);
  localStorage.removeItem(WHO_KEY);
}

// ---- the API ----
function url(path, params = {}) {
  const u = new URL(path, window.location.origin);
  u.searchParams.set("lang", LANG);
  for (const [k, v] of Object.entries(params)) if (v !== undefined && v !== null && v !== "") u.searchParams.set(k, v);
  return u;
}
function headers(extra = {}) {
  const out = { Accept: "application/json", ...extra };
  if (token()) out.Authorization = `Bearer ${token()}`;
  return out;
}
/** ``{status, body}``; throws only when the network fails. */
async function call(method, path, body, params) {
  const init = { method, headers: headers(body === undefined ? {} : { "Content-Type": "application/json" }) };
  if (body !== undefined) init.body = JSON.stringify(body);
  const response = await fetch(url(path, params), init);
  let json = null;
  try { json = await response.json(); } catch { json = null; }
  return { status: response.status, body: json };
}
const post = (path, body) => call("POST", path, body);
async function get(path, params) {
  const r = await call("GET", path, undefined, params);
  if (r.status !== 200) throw Object.assign(new Error((r.body && (r.body.detail || r.body.title)) || `HTTP ${r.status}`), r);
  return r.body;
}

// ---- screens ----
let current = null; // the game on screen (its IndexedDB record)
function show(name) {
  for (const s of document.querySelectorAll("main.record .screen")) s.hidden = s.id !== `s-${name}`;
  document.body.dataset.screen = name;
}

// ---- the queue and its sender ----
const sender = new Sender({
  post,
  onChange: (items) => showQueue(items),
  onOffline: () => status(_("Offline: your entries are kept on this device and sent when the network is back."), "warning"),
  onStored: async (item, body) => {
    window.dispatchEvent(new CustomEvent("coinche:stored", { detail: { seq: item.seq, version: body.version } }));
    status("");
    const game = await games.get(item.game);
    if (game) {
      game.version = body.version;
      await games.put(game);
      if (current && current.id === game.id) current.version = body.version;
    }
    if (current && current.id === item.game) scheduleSheet();
  },
  onConflict: (item) => showConflict(item),
  onRefused: (item, problem) => {
    status(_("An entry was refused: {detail}", { detail: problem.detail || problem.title || problem.status }), "error");
  },
});

function describe(item) {
  if (item.kind === "create") return _("New game");
  const e = item.events[0];
  if (e.type === "DealSummarized") {
    return [_("Deal (scores only): "), ...contractCell(e.data.contract, current?.vocabulary)];
  }
  if (e.type === "EventVoided") return _("Undo of event {version}", { version: e.data.version });
  return ngettext("{n} event", "{n} events", item.events.length) + ` (${item.events.map((x) => x.type).join(", ")})`;
}

function showQueue(items) {
  const box = $("queue");
  box.hidden = items.length === 0;
  $("queue-count").textContent = ngettext("{n} entry not yet stored", "{n} entries not yet stored", items.length);
  $("queue-list").replaceChildren(...items.map((item) => {
    const li = h("li", { "data-state": item.state, "data-seq": item.seq }, h("span", {}, describe(item)));
    if (item.state === "refused") {
      li.append(" ", h("strong", { class: "error" }, _("refused: {detail}", { detail: (item.problem && (item.problem.detail || item.problem.title)) || "" })), " ");
      const deal = item.events && item.events[0].type === "DealSummarized";
      if (deal) li.append(h("button", { type: "button", "data-act": "correct", onclick: () => correct(item) }, _("Correct")), " ");
      li.append(h("button", { type: "button", "data-act": "discard", onclick: () => discard(item) }, _("Discard")));
    } else if (item.state === "conflict") {
      li.append(" ", h("strong", {}, _("waiting: another device recorded this game")));
    } else {
      li.append(" ", h("span", { class: "muted" }, _("pending")));
    }
    return li;
  }));
}

async function discard(item) {
  if (!window.confirm(_("Discard this entry? It will not be recorded."))) return;
  await sender.drop(item);
  scheduleSheet();
}

async function correct(item) {
  const game = await games.get(item.game);
  if (!game) return;
  await openGame(game, false);
  scoreForm(item.events[0].data, async (data) => {
    item.events = [{ id: newId(), type: "DealSummarized", data }];
    await sender.retry(item);
    status(_("Corrected: sending again."));
  });
}

// ---- conflicts: another device recorded the same game ----
async function showConflict(item) {
  const box = $("conflict");
  const game = await games.get(item.game);
  let row;
  let events = [];
  try {
    row = await get(`/games/${item.game}`);
    events = (await get(`/games/${item.game}/events`, { after: game.version, limit: 200 })).events || [];
  } catch {
    row = null;
  }
  const mine = (await pending()).filter((i) => i.game === item.game);
  $("conflict-text").textContent = row
    ? _("The stored game is at event {theirs}; this device knew event {mine}. Recorded meanwhile:", { theirs: row.version, mine: game.version })
    : _("The game has moved on; the network did not let us read how.");
  $("conflict-list").replaceChildren(...events.map((e) => h("li", {}, e.type === "DealSummarized" ? [_("Deal (scores only): "), ...contractCell(e.data.contract, game.vocabulary)] : e.type)));
  $("conflict-mine").replaceChildren(...mine.map((i) => h("li", {}, describe(i))));
  box.hidden = false;
  box.scrollIntoView({ block: "start" });
  const done = () => { box.hidden = true; };
  $("conflict-keep").onclick = async () => {
    if (row) {
      game.version = row.version;
      sender.known(game.id, row.version);
      game.nextDealer = null; // read again from the stored game
      await games.put(game);
      if (current && current.id === game.id) Object.assign(current, game);
    }
    done();
    await redeal(game, mine);
    for (const i of mine) await (i.state === "conflict" ? sender.retry(i) : sender.save(i));
    await refreshState();
  };
  $("conflict-drop").onclick = async () => {
    if (!window.confirm(_("Discard your entries not yet stored? They will not be recorded."))) return;
    if (row) {
      game.version = row.version;
      sender.known(game.id, row.version);
      game.nextDealer = null;
      await games.put(game);
      if (current && current.id === game.id) Object.assign(current, game);
    }
    done();
    for (const i of mine) await sender.drop(i);
    await refreshState();
  };
}

/** After another device's deals, this device's score-only deals not yet stored are dealt
 * on from the stored game's next dealer (the dealer was a preset, not a tap). */
async function redeal(game, items) {
  let state;
  try {
    state = await get(`/games/${game.id}/state`, { view: "public" });
  } catch {
    return;
  }
  let dealer = state.next_dealer;
  for (const item of items) {
    if (item.kind !== "append") continue;
    let changed = false;
    for (const e of item.events) {
      if (e.type !== "DealSummarized") continue;
      if (e.data.dealer !== dealer) {
        e.data = { ...e.data, dealer };
        changed = true;
      }
      dealer = nextDealer(dealer, game);
    }
    if (changed) item.events = item.events.map((e) => ({ ...e, id: newId() })); // never stored
  }
  game.nextDealer = dealer;
  await games.put(game);
  if (current && current.id === game.id) current.nextDealer = dealer;
}

// ---- sign-in ----
async function redeemLink(code) {
  history.replaceState(null, "", window.location.pathname + window.location.search); // the code leaves the address bar
  status(_("Signing in…"));
  let r;
  try {
    r = await post("/sign-in-links/redeem", { code });
  } catch {
    status("");
    $("signin-error").textContent = _("No network: open the link again when this device is online.");
    return false;
  }
  status("");
  if (r.status === 201) {
    signIn(r.body.token, { club: r.body.club, scopes: r.body.scopes, name: r.body.name });
    status(_("Signed in for club {club}.", { club: r.body.club }), "ok");
    return true;
  }
  const reason = r.body && r.body.reason;
  const said = $("signin-error").textContent =
    reason === "used" ? _("This sign-in link was used already: each link works once. Ask the club for a new one.")
    : reason === "expired" ? _("This sign-in link has expired. Ask the club for a new one.")
    : _("This sign-in link is not valid. Ask the club for a new one.");
  if (token()) status(said, "error"); // signed in already: the home screen says it
  return false;
}

async function checkToken(secret) {
  const saved = token();
  localStorage.setItem(TOKEN_KEY, secret);
  let r;
  try {
    r = await call("GET", "/tokens/current");
  } catch {
    localStorage.setItem(TOKEN_KEY, saved);
    return _("No network: sign in when this device is online.");
  }
  if (r.status !== 200) {
    if (saved) localStorage.setItem(TOKEN_KEY, saved);
    else localStorage.removeItem(TOKEN_KEY);
    return _("This token is unknown or revoked.");
  }
  if (!r.body.scopes.some((s) => s === "record" || s === "admin")) {
    if (saved) localStorage.setItem(TOKEN_KEY, saved);
    else localStorage.removeItem(TOKEN_KEY);
    return _("This token may not record games (it lacks the record scope).");
  }
  signIn(secret, { club: r.body.club, scopes: r.body.scopes, name: r.body.name });
  return null;
}

$("signin-form").addEventListener("submit", async (e) => {
  e.preventDefault();
  const value = $("signin-token").value.trim();
  const problem = await checkToken(value);
  $("signin-error").textContent = problem || "";
  if (!problem) {
    $("signin-token").value = "";
    await home();
  }
});

// ---- home: the games of this device ----
async function home() {
  current = null;
  const me = who();
  if (!token() || !me) {
    show("signin");
    return;
  }
  $("home-club").textContent = _("Signed in for club {club}.", { club: me.club });
  const mine = (await games.all()).filter((g) => g.club === me.club).sort((a, b) => (b.started || 0) - (a.started || 0));
  $("home-games").replaceChildren(...mine.map((g) => h("li", {},
    h("button", { type: "button", class: "game-link", "data-game": g.id, onclick: () => openGame(g) },
      SEATS.map((s) => g.names[s]).join(" · ") + " — " + g.profile + (g.over ? " (" + _("finished") + ")" : "")))));
  show("home");
  try {
    const live = await get("/games", { club: me.club, status: "live", limit: 20 });
    const here = new Set(mine.map((g) => g.id));
    $("home-club-games").replaceChildren(...live.games.filter((g) => !here.has(g.id)).map((g) => h("li", {},
      h("button", { type: "button", class: "game-link", "data-continue": g.id, onclick: () => adopt(g.id) },
        `${SEATS.map((s) => g.seats[s]).join(" · ")} — ${g.profile}`))));
  } catch {
    $("home-club-games").replaceChildren(); // offline: this device's games only
  }
}

/** Continue on this device a live game of the club (recorded elsewhere so far). */
async function adopt(id) {
  const me = who();
  try {
    const row = await get(`/games/${id}`);
    const state = await get(`/games/${id}/state`, { view: "public" });
    const doc = await profileDoc(row.profile, me.club);
    const game = {
      id, club: row.club, profile: row.profile, profileDoc: doc, vocabulary: VOCABULARY[doc.marks] || "ffb",
      names: row.seats, enforcement: row.enforcement, length: state.deals ? { deals: state.deals } : { target: state.target },
      mode: "score", version: row.version, nextDealer: state.next_dealer, started: Date.now(), over: false,
    };
    await games.put(game);
    await openGame(game);
  } catch (error) {
    status(_("This game could not be read: {detail}", { detail: error.message }), "error");
  }
}
$("home-new").addEventListener("click", () => newGame());
$("home-signout").addEventListener("click", async () => {
  if (!window.confirm(_("Sign out of this device? Entries not yet stored stay queued."))) return;
  signOut();
  await home();
});

// ---- new game ----
async function profileDoc(id, club) {
  const cache = JSON.parse(localStorage.getItem(PROFILES_KEY) || "{}");
  try {
    const doc = id.startsWith("club:") ? await get(`/clubs/${club}/profiles/${id.slice(5)}`) : await get(`/profiles/${id}`);
    cache[id] = doc.document || doc;
    localStorage.setItem(PROFILES_KEY, JSON.stringify(cache));
  } catch (error) {
    if (!cache[id]) throw error;
  }
  return cache[id];
}

let rosterTimer = null;
const rosterIds = new Map(); // a suggestion's text → its player's id (every search of this form)
async function rosterSearch(input) {
  const me = who();
  const q = input.value.trim();
  if (q.length < 2 || !me) return;
  clearTimeout(rosterTimer);
  rosterTimer = setTimeout(async () => {
    try {
      const found = await get(`/clubs/${me.club}/players`, { q, limit: 8 });
      const count = {};
      for (const p of found.players) count[p.name] = (count[p.name] || 0) + 1;
      // homonyms are told apart by their licence (or the end of their id)
      const label = (p) => (count[p.name] > 1 ? p.name + " (" + (p.licence || p.id.slice(-6)) + ")" : p.name);
      for (const p of found.players) rosterIds.set(label(p), p.id);
      $("roster").replaceChildren(...found.players.map((p) => h("option", { value: label(p), "data-id": p.id }, p.licence || "")));
    } catch {
      /* offline, or no read scope: names as typed */
    }
  }, 200);
}

async function newGame() {
  const me = who();
  show("new");
  $("new-error").textContent = "";
  for (const s of SEATS) $(`new-seat-${s}`).oninput = (e) => rosterSearch(e.target);
  try {
    const mine = await get(`/clubs/${me.club}/profiles`);
    const select = $("new-profile");
    for (const p of mine.profiles || []) {
      const value = `club:${p.id}`;
      if (!select.querySelector(`option[value="${CSS.escape(value)}"]`)) select.append(h("option", { value }, (p.name || p.id) + " (" + _("club") + ")"));
    }
  } catch {
    /* offline: the built-in profiles */
  }
}
$("new-cancel").addEventListener("click", () => home());

$("new-form").addEventListener("submit", async (e) => {
  e.preventDefault();
  const form = e.target;
  const me = who();
  const v = (name) => form.elements[name].value;
  const names = {};
  const seats = {};
  for (const s of SEATS) {
    names[s] = v(`seat-${s}`).trim();
    seats[s] = rosterIds.get(names[s]) || names[s];
  }
  const length = v("length_kind") === "profile" ? null : { [v("length_kind")]: Number(v("length_n")) };
  if (length && !(Number(v("length_n")) >= 1)) {
    $("new-error").textContent = _("Give the target or the number of deals.");
    return;
  }
  let doc;
  try {
    doc = await profileDoc(v("profile"), me.club);
  } catch {
    $("new-error").textContent = _("This profile could not be read: try again when online.");
    return;
  }
  const id = newId();
  const body = { id, event_id: newId(), profile: v("profile"), seats, first_dealer: v("first_dealer"), enforcement: v("enforcement"), length, club: me.club };
  const game = {
    id, club: me.club, profile: v("profile"), profileDoc: doc, vocabulary: VOCABULARY[doc.marks] || "ffb",
    names, enforcement: body.enforcement, length, mode: v("mode"), version: 0, nextDealer: body.first_dealer,
    started: Date.now(), over: false,
  };
  await games.put(game);
  await enqueue({ kind: "create", game: id, body });
  sender.kick();
  await openGame(game);
});

// ---- one game ----
let sheetDoc = null;
let sheetTimer = null;
function scheduleSheet() {
  clearTimeout(sheetTimer);
  sheetTimer = setTimeout(() => refreshSheet(), 50);
}

async function refreshSheet(read = true) {
  if (!current) return;
  const game = current;
  if (read) {
    try {
      sheetDoc = await get(`/games/${game.id}/sheet`);
    } catch {
      /* offline, or the game not stored yet: the sheet as last read, and the queue */
    }
  }
  const queued = (await pending()).filter((i) => i.game === game.id && i.kind === "append");
  const local = queued.flatMap((i) => i.events.filter((e) => e.type === "DealSummarized").map((e) => e.data));
  if (!current || current.id !== game.id) return;
  renderSheet($("sheet"), sheetDoc && sheetDoc.deals ? sheetDoc : null, local, game.vocabulary);
  document.body.dataset.stored = sheetDoc ? String(sheetDoc.deals.length) : "0";
  document.body.dataset.pending = String(queued.length);
  if (sheetDoc && sheetDoc.status === "finished" && queued.length === 0) await endOfGame(sheetDoc);
}

async function refreshState() {
  if (!current) return null;
  try {
    const state = await get(`/games/${current.id}/state`, { view: "public" });
    const queued = (await pending()).some((i) => i.game === current.id);
    if (!queued) {
      current.nextDealer = state.next_dealer;
      current.version = state.version;
      sender.known(current.id, state.version);
      await games.put(current);
    }
    return state;
  } catch {
    return null;
  }
}

async function openGame(game, startDeal = true) {
  current = game;
  document.body.dataset.game = game.id;
  sheetDoc = null;
  let length = _("to the profile's target");
  if (game.length && game.length.deals) length = ngettext("{n} deal", "{n} deals", game.length.deals);
  else if (game.length) length = _("to {n}", { n: game.length.target });
  $("game-title").textContent = game.profile + " · " + length;
  $("game-players").textContent = `${teamName("NS")}: ${game.names.N} & ${game.names.S} — ${teamName("EW")}: ${game.names.E} & ${game.names.W}`;
  $("deal-root").replaceChildren();
  show("game");
  await refreshState();
  await refreshSheet();
  if (startDeal && document.body.dataset.screen === "game") {
    if (game.mode === "play") await playedDeal();
    else scoreForm();
  }
}

function nextDealer(dealer, game) {
  const order = ORDER[game.profileDoc.direction] || ORDER.counterclockwise;
  return order[(order.indexOf(dealer) + 1) % 4];
}

function scoreForm(prefill = null, onSave = null) {
  const game = current;
  $("deal-root").dataset.kind = "score";
  mountScore($("deal-root"), {
    game,
    dealer: game.nextDealer || "N",
    prefill,
    preview: onSave ? null : (data) => previewDeal(game, data),
    onCancel: () => $("deal-root").replaceChildren(),
    onSave: async (data) => {
      if (onSave) {
        await onSave(data);
      } else {
        await enqueue({ kind: "append", game: game.id, events: [{ id: newId(), type: "DealSummarized", data }] });
        sender.kick(); // sent at once; the next dealer is kept meanwhile
        game.nextDealer = nextDealer(data.dealer, game);
        await games.put(game);
      }
      await refreshSheet(false); // read again once stored (onStored): not racing the append
      if (document.body.dataset.screen === "game") scoreForm();
    },
  });
}

/** What the server says ``data`` would score (preview.js), or null when it cannot tell now:
 * entries of this game still queued (the stored game is not where the deal will go). */
async function previewDeal(game, data) {
  if ((await pending()).some((i) => i.game === game.id)) return null;
  const body = { expected_version: game.version, events: [{ type: "DealSummarized", data }] };
  const answer = await call("POST", `/games/${game.id}/preview`, body);
  if (answer.status === 200 && answer.body && answer.body.deals.length) {
    const { deals, over, winner } = answer.body;
    return { deal: deals[deals.length - 1], over, winner };
  }
  if (answer.status === 422 && answer.body) return { problem: answer.body.detail || answer.body.title };
  return null;
}

$("game-score-deal").addEventListener("click", () => scoreForm());
$("game-played-deal").addEventListener("click", () => playedDeal());
$("game-home").addEventListener("click", () => home());

// ---- a played deal: deal.js ----
async function send(events, options = {}) {
  const game = current;
  const stamped = events.map((e) => ({ id: e.id || newId(), ...e }));
  const seq = await enqueue({ kind: "append", game: game.id, events: stamped });
  sender.kick();
  // offline (deal.js's unassisted mode): the entry is kept; no wait for the network
  if (options.wait === false) return { ok: true, version: null, problem: null, queued: true, seq };
  const stored = sender.until(seq);
  const waited = new Promise((resolve) => setTimeout(() => resolve({ ok: true, version: null, problem: null, queued: true }), SEND_WAIT_MS));
  const result = await Promise.race([stored, waited]);
  if (!result.ok || result.queued) return result;
  return result;
}

async function dealContext() {
  const game = current;
  let state = null;
  for (const view of ["arbiter", "public"]) {
    try {
      state = await get(`/games/${game.id}/state`, { view });
      break;
    } catch {
      state = null;
    }
  }
  return {
    game: {
      id: game.id, profile: game.profile, profileDoc: game.profileDoc, seats: game.names,
      enforcement: game.enforcement, length: game.length, club: game.club,
    },
    state,
    lang: LANG,
    t: _,
    send,
    // the unassisted mode's undo: an entry still waiting in the queue is taken back
    takeBack: (seq) => sender.takeBack(seq),
    // an answer of the server about the game or the token (4xx) is said as it is; only a
    // failed request or a server in trouble (5xx) is the network
    read: (path) => get(path).catch((error) => {
      if (error.status >= 400 && error.status < 500) error.problem = true;
      throw error;
    }),
    // the game's entries still to send (those before a refused one: it waits for the recorder)
    queued: async () => {
      const mine = (await pending()).filter((i) => i.game === game.id);
      const stop = mine.findIndex((i) => i.state !== "pending");
      return stop === -1 ? mine.length : stop;
    },
    recorder: (who() || {}).name || "",
    onDealEnd: async () => {
      await refreshState();
      await refreshSheet();
    },
  };
}

async function playedDeal() {
  const root = $("deal-root");
  root.dataset.kind = "play";
  let module;
  try {
    module = await import("./deal.js");
    if (!document.getElementById("deal-css")) {
      document.head.append(h("link", { id: "deal-css", rel: "stylesheet", href: new URL("./deal.css", import.meta.url).pathname }));
    }
  } catch {
    root.replaceChildren(h("p", { class: "error", role: "alert", "data-say": "no-deal" }, _("Recording a played deal card by card is not available on this server yet: record the deal's scores instead.")));
    return;
  }
  module.mountDeal(root, await dealContext());
}

// ---- the end ----
async function endOfGame(doc) {
  const game = current;
  game.over = true;
  await games.put(game);
  const winner = doc.winner;
  $("end-winner").textContent = winner
    ? _("{team} win: {a} and {b}, {points} to {other}.", {
      team: teamName(winner),
      a: game.names[winner[0]],
      b: game.names[winner === "NS" ? "S" : "W"],
      points: doc.totals[winner],
      other: doc.totals[winner === "NS" ? "EW" : "NS"],
    })
    : _("A draw: {ns} to {ew}.", { ns: doc.totals.NS, ew: doc.totals.EW });
  renderSheet($("end-sheet"), doc, [], game.vocabulary);
  $("end-replay").href = `/ui/games/${game.id}`;
  show("end");
}
$("end-home").addEventListener("click", () => home());
$("end-export").addEventListener("click", async () => {
  const response = await fetch(url("/archives/export", { game: current.id }), { headers: headers() });
  if (!response.ok) {
    status(_("The export failed (HTTP {status}).", { status: response.status }), "error");
    return;
  }
  const blob = await response.blob();
  const a = h("a", { href: URL.createObjectURL(blob), download: `game-${current.id}.ndjson` });
  document.body.append(a);
  a.click();
  a.remove();
});

$("queue-retry").addEventListener("click", () => sender.kick());
window.addEventListener("online", () => sender.kick());

// ---- start ----
async function start() {
  const box = document.getElementById("token-box");
  if (box) box.hidden = true; // this page signs in on its own screen
  void pgettext;
  void seatName;
  const link = new URLSearchParams(window.location.hash.slice(1)).get("link");
  if (link) await redeemLink(link);
  else if (token() && !who()) {
    const problem = await checkToken(token());
    if (problem) $("signin-error").textContent = problem;
  }
  showQueue(await pending());
  sender.kick();
  if ("serviceWorker" in navigator) {
    // the page's own files kept for a reload with no network (never an API answer)
    navigator.serviceWorker.register("/ui/record-sw.js", { scope: "/ui/record" })
      .then(() => navigator.serviceWorker.ready)
      .then(() => { document.body.dataset.offlineReady = "1"; })
      .catch(() => {});
  }
  await home();
  document.body.dataset.ready = "1";
}
start();
