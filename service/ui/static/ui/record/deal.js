// The played deal of the recording page: who deals (and, optionally, the hands on a
// 32-card grid), the bidding box, announces and belote prompts, the cards tapped one by
// one, a claim, and an undo of the recorder's own last event.
//
//   mountDeal(root, ctx) with ctx = { game: {id, profile, seats, enforcement, length, club},
//     state (GET /games/{id}/state), lang, t(msgid), send(events[]) → Promise<{ok, version,
//     problem}>, onDealEnd(), read(path) → Promise<JSON> (a GET of the API with the
//     page's token), recorder (optional: the name written in an undo's "by") }
//
// What is legal comes from GET /games/{id}/turn (the rules engine, for the game's
// profile): a strict game offers only the legal calls and cards; a record game offers
// every card of the hand, flags the illegal ones and asks before sending one. Every word
// goes through ctx.t; MESSAGES lists the ids, so a shell can give their translations.

const N_ = (message) => message;

/** Every message id this module passes to ctx.t (English text; the French is in the
 * project's catalogue, extracted from this list). */
export const MESSAGES = [
  N_("North"), N_("East"), N_("South"), N_("West"),
  N_("J"), N_("Q"), N_("K"), N_("NT"), N_("AT"), N_("Capot"),
  N_("Pass"), N_("All pass"), N_("Coinche"), N_("Surcoinche"), N_("Contre"), N_("Surcontre"),
  N_("tierce"), N_("cinquante"), N_("cent"), N_("carré"),
  N_("Belote"), N_("Rebelote"), N_("Yes"), N_("No"), N_("Cancel"),
  N_("Deal {deal}"), N_("Trick {trick}/8"), N_("{cards}/32 cards"),
  N_("Dealer"), N_("Start the deal"), N_("Enter the hands"), N_("No hands"),
  N_("Cards of {seat}: {count}/8"), N_("The last hand fills itself."),
  N_("{seat} to speak"), N_("{seat} to play"), N_("Bid"), N_("Trump"),
  N_("Contract: {contract} by {seat}"),
  N_("Declare {kind}: {cards}"), N_("Announce"), N_("Declare"), N_("{word} with {card}?"),
  N_("{card} breaks a rule here. Record it anyway?"), N_("Record it anyway"),
  N_("Not allowed here: only the highlighted cards are legal."),
  N_("Claim"), N_("The rest of the tricks to"), N_("Belote declared by"),
  N_("Undo"), N_("Undone"), N_("Event {version}"),
  N_("Waiting for the network…"), N_("Refused: {detail}"), N_("Saving…"),
  N_("Game over"), N_("no auction yet"),
  N_("The rules cannot be checked offline: tap who plays and which card, or the call. Everything is sent when the network is back."),
  N_("Sending the entries kept on this device…"), N_("Who plays or speaks"),
  N_("This entry is already on its way: undo it once the network is back."),
  N_("{seat} claims the rest"),
];

const SEAT_WORDS = { N: "North", E: "East", S: "South", W: "West" };
const KIND_WORDS = { tierce: "tierce", cinquante: "cinquante", cent: "cent", carre: "carré" };
const SEATS = ["N", "E", "S", "W"];
const SUITS = ["C", "D", "H", "S"];
const RANKS = ["7", "8", "9", "T", "J", "Q", "K", "A"];
const SYMBOLS = { C: "♣", D: "♦", H: "♥", S: "♠" };
const ORDER = { clockwise: ["N", "E", "S", "W"], counterclockwise: ["N", "W", "S", "E"] };
const VALUES = [80, 90, 100, 110, 120, 130, 140, 150, 160, "capot"]; // offline, no turn read yet

function fill(text, params) {
  return text.replace(/\{([a-z_]+)\}/g, (whole, key) => (key in params ? String(params[key]) : whole));
}

function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs)) {
    if (value === undefined || value === null || value === false) continue;
    if (key === "class") node.className = value;
    else if (key === "on") node.addEventListener("click", value);
    else if (key.startsWith("data")) node.setAttribute(key.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`), value);
    else node.setAttribute(key, value === true ? "" : value);
  }
  for (const child of children.flat()) {
    if (child === null || child === undefined || child === false) continue;
    node.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return node;
}

/** Mount the played-deal recorder in ``root``; returns { refresh, destroy }. */
/** Where a deal stands offline: the last turn read, then the taps since. A deal may end
 * and the next start offline (after 32 cards, a claim, or four passes and no bid).
 * ``next`` is the seat to preselect (between deals: the next dealer). */
function offlineStanding(last, taps, order) {
  const after = (seat) => order[(order.indexOf(seat) + 1) % 4];
  let phase = last.phase || "deal";
  let next = phase === "deal" ? last.dealer || null : last.seat || null;
  let dealer = last.dealer || null; // in a deal: its dealer; between deals: the next one
  let trump = last.contract ? last.contract.trump : null;
  const auction = last.auction || [];
  let bid = auction.some((c) => c.call === "bid");
  let passes = bid ? 0 : auction.filter((c) => c.call === "pass").length;
  let played = new Set(); // this deal's cards tapped offline
  let fresh = phase === "deal"; // the deal began offline: no card of it was read
  const ended = () => {
    phase = "deal";
    dealer = dealer ? after(dealer) : null;
    next = dealer;
  };
  for (const t of taps) {
    if (t.deal) {
      phase = "auction";
      dealer = t.dealer;
      next = after(t.dealer);
      trump = null;
      played = new Set();
      fresh = true;
      bid = false;
      passes = 0;
    } else if (t.claim) {
      ended();
    } else {
      next = after(t.seat);
      if (t.card) {
        phase = "play";
        played.add(t.card);
      } else if (t.call === "BidPlaced") {
        bid = true;
        trump = t.trump;
      } else if (t.call === "Passed" && !bid && (passes += 1) === 4) {
        ended();
      }
    }
  }
  const deck = !fresh && last.phase === "play" && last.unplayed ? last.unplayed : SUITS.flatMap((su) => RANKS.map((r) => r + su));
  const unplayed = new Set(deck.filter((c) => !played.has(c)));
  if (phase === "play" && unplayed.size === 0) ended();
  return { phase, next, trump, unplayed };
}

export function mountDeal(root, ctx) {
  const tr = (id, params = {}) => fill(ctx.t(id), params);
  // without ctx.read: the token the other pages keep on this device
  const read = ctx.read || ((path) => {
    const token = window.localStorage.getItem("coinche.token");
    return fetch(path, { headers: token ? { Authorization: `Bearer ${token}` } : {} }).then((r) => r.json());
  });
  const gameId = ctx.game.id;
  const vocabulary = (ctx.state && ctx.state.vocabulary) || "ffb";
  const words = vocabulary === "contree" ? ["Contre", "Surcontre"] : ["Coinche", "Surcoinche"];
  const seatWord = (seat) => tr(SEAT_WORDS[seat]);
  const seatLetter = (seat) => seatWord(seat).charAt(0);
  const player = (seat) => (ctx.game.seats && ctx.game.seats[seat]) || "";
  const seatLabel = (seat) => (player(seat) ? `${seatWord(seat)} (${player(seat)})` : seatWord(seat));
  const rankText = (r) => (r === "T" ? "10" : ["J", "Q", "K"].includes(r) ? tr(r) : r);
  const cardText = (name) => `${rankText(name[0])}${SYMBOLS[name[1]]}`;
  const trumpText = (t) => (t === "SA" ? tr("NT") : t === "TA" ? tr("AT") : SYMBOLS[t]);
  const valueText = (v) => (v === "capot" ? tr("Capot") : String(v));

  let turn = null; // the last GET /turn
  let seen = false; // a deal was in progress while mounted (its end calls onDealEnd)
  let undoing = false; // the last event sent is an undo: no deal ends by it
  let busy = false;
  let pending = null; // a card waiting for a belote answer or a breach confirmation
  let chosenValue = null;
  let claiming = false;
  let announcing = null; // { kind, cards } while the recorder tells an announce's cards
  let beloteOn = false; // hands unknown: the next K or Q of trump goes with a belote word
  let dealer = null;
  let entering = false; // entering the hands
  let hands = { N: [], E: [], S: [], W: [] };
  let message = "";
  let retry = null;
  let unread = false; // the last read of the turn failed (its message goes once one succeeds)
  const labels = new Map(); // version → words of an event this page sent
  const undone = []; // words of the events undone here, shown struck through
  const taps = { count: 0 };
  const timings = []; // ms from a send to its answer and the next turn drawn
  // The unassisted mode (network down): the last turn read and what was tapped since, kept
  // on this device so that a reload offline goes on from there. No rule is checked here.
  let offline = null; // { turn, taps: [{ deal?, dealer?, seat?, card?, call? }] }
  let waiting = false; // a tap answered "queued" (a slow network) is not stored yet
  let offlineSeat = null; // the seat the recorder chose over the preselected one
  let offlineBelote = false; // the next K or Q of a belote suit goes with its word
  const kept = {
    key: `coinche.record.offline.${gameId}`,
    load() { try { return JSON.parse(window.localStorage.getItem(this.key) || "null"); } catch { return null; } },
    save(value) { try { window.localStorage.setItem(this.key, JSON.stringify(value)); } catch { /* full: the queue holds the events */ } },
  };
  const tapsOf = (events) => events.flatMap((e) => e.type === "DealStarted" ? [{ deal: true, dealer: e.data.dealer }]
    : e.type === "Claimed" ? [{ claim: true, seat: e.data.seat }]
    : e.type === "CardPlayed" ? [{ seat: e.data.seat, card: e.data.card }]
      : e.type === "BidPlaced" ? [{ seat: e.data.seat, call: e.type, trump: e.data.trump }]
        : ["Passed", "Coinched", "Surcoinched"].includes(e.type) ? [{ seat: e.data.seat, call: e.type }] : []);

  const box = el("section", { class: "deal-rec", "aria-live": "polite" });
  root.replaceChildren(box);
  box.addEventListener("click", (e) => {
    if (e.target.closest("button:not([disabled])")) taps.count += 1;
  }, true);

  async function refresh() {
    clearTimeout(retry);
    try {
      const found = await read(`/games/${gameId}/turn`);
      if (!found || !found.phase) throw Object.assign(new Error(found && found.detail), { problem: !!(found && found.detail) });
      if (ctx.queued && (await ctx.queued()) > 0) {
        // entries still on their way (back online, or a slow network that answered
        // "queued"): the server's turn would not count them yet, so it would offer a
        // card already tapped again; they are sent first, then the server's turn
        message = offline ? tr("Sending the entries kept on this device…") : tr("Saving…");
        waiting = !offline;
        render();
        retry = setTimeout(refresh, 1000);
        return;
      }
      waiting = false;
      turn = found;
      offline = null;
      kept.save({ turn, taps: [] });
      if (unread) message = "";
      unread = false;
    } catch (error) {
      unread = true;
      waiting = false;
      if (!(error && error.problem) && ctx.queued) {
        // the network is down: the unassisted mode, from the last turn read and the taps since
        offline = offline || kept.load() || { turn, taps: [] };
        message = tr("The rules cannot be checked offline: tap who plays and which card, or the call. Everything is sent when the network is back.");
        render();
        retry = setTimeout(refresh, 2000);
        return;
      }
      // a refusal (a problem's detail) is said as it is; anything else is the network
      message = error && error.problem ? tr("Refused: {detail}", { detail: error.message }) : tr("Waiting for the network…");
      render();
      retry = setTimeout(refresh, 2000);
      return;
    }
    // the next dealer preset, also when this refresh ends a deal (the module stays mounted)
    if (turn.phase === "deal" && dealer === null) dealer = turn.dealer;
    if (turn.phase === "auction" || turn.phase === "play") seen = true;
    else if (seen && undoing) seen = false; // its DealStarted undone: back to the dealer
    else if (seen) {
      seen = false;
      render();
      if (ctx.onDealEnd) ctx.onDealEnd(turn);
      return;
    }
    undoing = false;
    render();
  }

  async function send(events, words) {
    if (busy) return;
    busy = true;
    const started = performance.now();
    message = tr("Saving…");
    render();
    let result;
    try {
      result = await ctx.send(events);
    } catch (error) {
      result = { ok: false, problem: { detail: String(error) } };
    }
    busy = false;
    if (result && result.ok && result.queued && ctx.queued) {
      const base = offline || kept.load() || { turn, taps: [] };
      base.taps.push(...tapsOf(events)); // kept, not yet stored: the unassisted mode counts it
      kept.save(base);
      if (offline) offline = base;
    }
    if (result && result.ok) {
      message = "";
      if (result.version) labels.set(result.version, words);
    } else {
      const p = (result && result.problem) || {};
      message = tr("Refused: {detail}", { detail: p.detail || p.title || "?" });
    }
    pending = null;
    chosenValue = null;
    claiming = false;
    announcing = null;
    beloteOn = false;
    await refresh();
    timings.push(performance.now() - started);
  }

  // ---- the events ----
  const startDeal = () => {
    const data = { dealer };
    if (entering) {
      if (!handsComplete()) return;
      data.hands = Object.fromEntries(SEATS.map((s) => [s, [...hands[s]]]));
    }
    entering = false;
    hands = { N: [], E: [], S: [], W: [] };
    send([{ type: "DealStarted", data }], `${tr("Dealer")}: ${seatWord(dealer)}`);
    dealer = null;
  };
  const call = (c) => {
    if (c.call === "bid") {
      send([{ type: "BidPlaced", data: { seat: c.seat, value: c.value, trump: c.trump } }],
        `${seatLetter(c.seat)} ${valueText(c.value)} ${trumpText(c.trump)}`);
    } else {
      const type = { pass: "Passed", coinche: "Coinched", surcoinche: "Surcoinched" }[c.call];
      send([{ type, data: { seat: c.seat } }], `${seatLetter(c.seat)} ${callWord(c.call)}`);
    }
  };
  const callWord = (kind) => (kind === "pass" ? tr("Pass") : kind === "coinche" ? tr(words[0]) : tr(words[1]));
  const play = (card, word) => {
    const seat = turn.seat;
    const events = [];
    if (word) events.push({ type: "BeloteDeclared", data: { seat, word } });
    events.push({ type: "CardPlayed", data: { seat, card } });
    send(events, `${seatLetter(seat)} ${cardText(card)}`);
  };
  const tapCard = (card) => {
    const belote = turn.belote.find((b) => b.card === card);
    if (!turn.hand) return play(card, beloteOn && belote ? belote.word : null); // hands unknown
    const legal = turn.cards === null || turn.cards.includes(card);
    if (!legal && turn.enforcement !== "record") {
      message = tr("Not allowed here: only the highlighted cards are legal.");
      render();
      return;
    }
    if (!legal) pending = { card, kind: "breach", word: belote ? belote.word : null };
    else if (belote) pending = { card, kind: "belote", word: belote.word };
    else return play(card, null);
    render();
  };
  const undo = () => {
    if (!turn.undo || !turn.undo.mine) return;
    const version = turn.undo.version;
    const by = ctx.recorder || "recorder";
    const words = labels.get(version) || tr("Event {version}", { version });
    undone.push(words);
    undoing = true;
    send([{ type: "EventVoided", data: { version, reason: "undo", by } }], tr("Undone"));
  };
  const claim = (team) => {
    const seat = team.includes(turn.seat) ? turn.seat : SEATS[(SEATS.indexOf(turn.seat) + 1) % 4];
    const belote = [...box.querySelectorAll("input[data-claim-belote]:checked")].map((i) => i.dataset.claimBelote);
    send([{ type: "Claimed", data: { seat, takes: "all", belote } }], `${tr("Claim")} ${team}`);
  };

  // An announce from one tapped card: a carré's four cards of its rank; a run of its kind's
  // length ending on it (7 8 9 when a low card leaves no room below). More cards toggle.
  const announceFrom = (kind, card) => {
    const r = RANKS.indexOf(card[0]);
    if (kind === "carre") return SUITS.map((su) => card[0] + su);
    const n = { tierce: 3, cinquante: 4, cent: 5 }[kind];
    const start = Math.max(0, r - n + 1);
    return RANKS.slice(start, start + n).map((rank) => rank + card[1]);
  };

  // ---- hands entry ----
  const owner = (card) => SEATS.find((s) => hands[s].includes(card));
  const entrySeat = () => SEATS.slice(0, 3).find((s) => hands[s].length < 8) || null;
  const handsComplete = () => SEATS.every((s) => hands[s].length === 8);
  const tapEntry = (card) => {
    const held = owner(card);
    if (held && held !== "W") hands[held] = hands[held].filter((c) => c !== card);
    else if (!held) {
      const seat = entrySeat();
      if (!seat) return;
      hands[seat].push(card);
    }
    const all = SUITS.flatMap((s) => RANKS.map((r) => r + s));
    hands.W = entrySeat() === null ? all.filter((c) => !SEATS.slice(0, 3).some((s) => hands[s].includes(c))) : [];
    render();
  };

  // ---- drawing ----
  function cardButton(card, attrs = {}) {
    return el("button", { type: "button", dataCard: card, "aria-label": cardText(card), ...attrs,
      class: `card suit-${card[1]} ${attrs.class || ""}` }, cardText(card));
  }

  function header() {
    const parts = [];
    if (turn.deal) parts.push(tr("Deal {deal}", { deal: turn.deal }));
    if (turn.phase === "play") {
      parts.push(tr("Trick {trick}/8", { trick: turn.tricks + 1 }));
      parts.push(tr("{cards}/32 cards", { cards: 32 - turn.unplayed.length }));
    }
    let who = "";
    if (turn.phase === "auction") who = tr("{seat} to speak", { seat: seatLabel(turn.seat) });
    else if (turn.phase === "play") who = tr("{seat} to play", { seat: seatLabel(turn.seat) });
    else if (turn.phase === "over") who = tr("Game over");
    return el("header", { class: "deal-head" },
      el("p", { class: "deal-progress", dataProgress: "" }, parts.join(" · ")),
      who ? el("p", { class: "deal-turn", dataTurn: turn.seat || "" }, who) : null);
  }

  function auctionLog() {
    if (turn.phase === "deal" || turn.phase === "over") return null;
    const items = turn.auction.map((c) => el("li", {}, `${seatLetter(c.seat)} ${
      c.call === "bid" ? `${valueText(c.value)} ${trumpText(c.trump)}` : callWord(c.call)}`));
    const c = turn.contract;
    return el("div", { class: "deal-auction" },
      c ? el("p", { dataContract: "" }, tr("Contract: {contract} by {seat}", {
        contract: `${valueText(c.value)} ${trumpText(c.trump)}`, seat: seatWord(c.taker) }),
      c.coinche > 1 ? ` · ${tr(words[c.coinche === 2 ? 0 : 1])}` : "")
        : items.length ? null : el("p", { class: "muted" }, tr("no auction yet")),
      turn.phase === "auction" ? el("ol", { class: "calls" }, items) : null);
  }

  function trickView() {
    if (turn.phase !== "play") return null;
    return el("ol", { class: "deal-trick", dataTrick: "" },
      turn.trick.map((p) => el("li", { class: `suit-${p.card[1]}` }, `${seatLetter(p.seat)} ${cardText(p.card)}`)));
  }

  function dealPanel() {
    const seatButtons = SEATS.map((s) => el("button", { type: "button", dataDealer: s, "aria-pressed": String(s === dealer),
      class: s === dealer ? "on" : "", on: () => { dealer = s; render(); } }, seatLabel(s)));
    const panel = el("div", { class: "deal-start" },
      el("p", {}, tr("Dealer")), el("div", { class: "row seats" }, seatButtons),
      el("div", { class: "row" },
        el("button", { type: "button", dataAction: "hands", "aria-pressed": String(entering),
          on: () => { entering = !entering; hands = { N: [], E: [], S: [], W: [] }; render(); } },
        entering ? tr("No hands") : tr("Enter the hands")),
        el("button", { type: "button", class: "primary", dataAction: "start",
          disabled: entering && !handsComplete(), on: startDeal }, tr("Start the deal"))));
    if (entering) {
      const seat = entrySeat();
      panel.append(el("p", { dataEntry: seat || "" }, seat ? tr("Cards of {seat}: {count}/8", { seat: seatLabel(seat), count: hands[seat].length })
        : "", " ", el("span", { class: "muted" }, tr("The last hand fills itself."))));
      panel.append(grid((card) => {
        const held = owner(card);
        const button = cardButton(card, { class: held ? `held held-${held}` : "", "data-owner": held || undefined,
          on: () => tapEntry(card) });
        if (held) button.append(el("span", { class: "owner" }, ` ${seatLetter(held)}`));
        return button;
      }));
    }
    return panel;
  }

  function grid(make) {
    return el("div", { class: "grid32" }, SUITS.map((s) => el("div", { class: "grid-row" }, RANKS.map((r) => make(r + s)))));
  }

  function auctionPanel() {
    const mine = turn.calls.filter((c) => c.seat === turn.seat);
    const bids = mine.filter((c) => c.call === "bid");
    const values = [...new Set(bids.map((b) => b.value))];
    const trumps = [...new Set(bids.map((b) => b.trump))];
    if (!values.includes(chosenValue)) chosenValue = values.length ? values[0] : null; // the lowest legal bid
    const panel = el("div", { class: "bidbox" });
    panel.append(el("p", { class: "muted" }, tr("Bid")));
    panel.append(el("div", { class: "row values" }, values.map((v) => el("button", { type: "button", dataBidValue: v,
      class: chosenValue === v ? "on" : "", "aria-pressed": String(chosenValue === v),
      on: () => { chosenValue = v; render(); } }, valueText(v)))));
    panel.append(el("p", { class: "muted" }, tr("Trump")));
    panel.append(el("div", { class: "row trumps" }, trumps.map((t) => {
      const ok = chosenValue !== null && bids.some((b) => b.value === chosenValue && b.trump === t);
      return el("button", { type: "button", dataBidTrump: t, class: `trump suit-${t}`, disabled: !ok,
        on: () => call({ call: "bid", seat: turn.seat, value: chosenValue, trump: t }) }, trumpText(t));
    })));
    const others = turn.calls.filter((c) => c.call !== "bid");
    panel.append(el("div", { class: "row calls" }, others.map((c) => el("button", { type: "button",
      dataCall: c.call, dataSeat: c.seat, class: c.call === "pass" ? "pass" : "double",
      on: () => call(c) }, c.seat === turn.seat ? callWord(c.call) : `${callWord(c.call)} (${seatLetter(c.seat)})`))));
    if (turn.closing.length > 1 && others.some((c) => c.call === "pass")) {
      // the passes that end the auction, in one tap (each seat's Passed, in turn)
      const seats = turn.closing;
      panel.append(el("button", { type: "button", class: "pass all", dataCall: "closing", dataCount: String(seats.length),
        on: () => send(seats.map((seat) => ({ type: "Passed", data: { seat } })), `${seats.map(seatLetter).join(" ")} ${tr("Pass")}`) },
      `${tr("All pass")} (${seats.map(seatLetter).join(" ")})`));
    }
    return panel;
  }

  function playPanel() {
    const panel = el("div", { class: "play" });
    for (const [i, a] of turn.announces.entries()) {
      panel.append(el("button", { type: "button", class: "announce", dataAnnounce: String(i), dataKind: a.kind,
        dataCards: a.cards.join(" "),
        on: () => send([{ type: "AnnounceDeclared", data: { seat: turn.seat, kind: a.kind, cards: a.cards } }],
          `${seatLetter(turn.seat)} ${tr(KIND_WORDS[a.kind])}`) },
      tr("Declare {kind}: {cards}", { kind: tr(KIND_WORDS[a.kind]), cards: a.cards.map(cardText).join(" ") })));
    }
    if (turn.announce_open && !turn.hand && !announcing) {
      // the hand is unknown: the recorder names the kind, then taps the cards
      panel.append(el("div", { class: "row kinds" }, el("span", { class: "muted" }, tr("Announce")),
        ["tierce", "cinquante", "cent", "carre"].map((k) => el("button", { type: "button", class: "announce",
          dataAnnounceKind: k, on: () => { announcing = { kind: k, cards: [] }; render(); } }, tr(KIND_WORDS[k])))));
    }
    if (announcing) {
      const a = announcing;
      const order = SUITS.flatMap((su) => RANKS.map((r) => r + su));
      const size = a.kind === "carre" ? 4 : 3;
      panel.append(el("div", { class: "row kinds" }, ["tierce", "cinquante", "cent", "carre"].map((k) =>
        el("button", { type: "button", dataAnnounceKind: k, class: a.kind === k ? "on" : "",
          "aria-pressed": String(a.kind === k), on: () => { a.kind = k; render(); } }, tr(KIND_WORDS[k])))));
      const unplayedNow = new Set(turn.unplayed);
      panel.append(el("div", { class: "announce-pick" }, grid((card) => cardButton(card, {
        class: a.cards.includes(card) ? "on" : "", disabled: !unplayedNow.has(card),
        on: () => {
          if (!a.cards.length) a.cards = announceFrom(a.kind, card);
          else a.cards = a.cards.includes(card) ? a.cards.filter((c) => c !== card) : [...a.cards, card];
          render();
        } }))));
      panel.append(el("div", { class: "row" },
        el("button", { type: "button", class: "primary", dataAction: "declare",
          disabled: !a.kind || a.cards.length < size, on: () => {
            const cards = order.filter((c) => a.cards.includes(c));
            send([{ type: "AnnounceDeclared", data: { seat: turn.seat, kind: a.kind, cards } }],
              `${seatLetter(turn.seat)} ${tr(KIND_WORDS[a.kind])}`);
          } }, tr("Declare")),
        el("button", { type: "button", on: () => { announcing = null; render(); } }, tr("Cancel"))));
      return panel;
    }
    if (!turn.hand && turn.belote.length) {
      const word = turn.belote.every((b) => b.word === "rebelote") ? "Rebelote" : "Belote";
      panel.append(el("button", { type: "button", class: "belote", dataAction: "belote",
        "aria-pressed": String(beloteOn), on: () => { beloteOn = !beloteOn; render(); } }, tr(word)));
    }
    if (pending) {
      const yes = pending.kind === "breach"
        ? tr("{card} breaks a rule here. Record it anyway?", { card: cardText(pending.card) })
        : tr("{word} with {card}?", { word: tr(pending.word === "belote" ? "Belote" : "Rebelote"), card: cardText(pending.card) });
      const card = pending.card;
      const word = pending.word;
      const answers = pending.kind === "breach"
        ? [el("button", { type: "button", class: "primary", dataAction: "confirm", on: () => {
          if (word) { pending = { card, kind: "belote", word }; render(); } else play(card, null);
        } }, tr("Record it anyway")),
        el("button", { type: "button", dataAction: "cancel", on: () => { pending = null; render(); } }, tr("Cancel"))]
        : [el("button", { type: "button", class: "primary", dataBelote: "yes", on: () => play(card, word) }, tr("Yes")),
          el("button", { type: "button", dataBelote: "no", on: () => play(card, null) }, tr("No"))];
      panel.append(el("div", { class: `prompt ${pending.kind}`, role: "alertdialog", dataPrompt: pending.kind },
        el("p", {}, yes), el("div", { class: "row" }, answers)));
    }
    const unplayed = new Set(turn.unplayed);
    const legal = turn.cards === null ? null : new Set(turn.cards);
    const strict = turn.enforcement !== "record";
    const make = (card) => {
      const ok = legal === null || legal.has(card);
      return cardButton(card, { class: ok ? "legal" : "illegal", disabled: !unplayed.has(card) || (strict && !ok),
        "data-illegal": ok ? undefined : "", on: () => tapCard(card) });
    };
    if (turn.hand) panel.append(el("div", { class: "hand", dataHand: turn.seat }, turn.hand.map(make)));
    else panel.append(grid(make));
    if (claiming) {
      panel.append(el("div", { class: "claim", dataClaimPanel: "" },
        el("p", {}, tr("The rest of the tricks to")),
        el("div", { class: "row" }, ["NS", "EW"].map((team) => el("button", { type: "button", dataClaim: team,
          on: () => claim(team) }, `${seatLetter(team[0])}${seatLetter(team[1])}`)),
        el("button", { type: "button", on: () => { claiming = false; render(); } }, tr("Cancel"))),
        turn.claim && turn.claim.belote.length ? el("fieldset", {}, el("legend", {}, tr("Belote declared by")),
          turn.claim.belote.map((s) => el("label", {}, el("input", { type: "checkbox", dataClaimBelote: s }), seatWord(s)))) : null));
    }
    return panel;
  }

  function tools() {
    const canUndo = !!(turn.undo && turn.undo.mine) && !busy;
    return el("div", { class: "deal-tools row" },
      el("button", { type: "button", dataAction: "undo", disabled: !canUndo, on: undo }, tr("Undo")),
      turn.phase === "play" ? el("button", { type: "button", dataAction: "claim", "aria-pressed": String(claiming),
        on: () => { claiming = !claiming; render(); } }, tr("Claim")) : null,
      undone.length ? el("ul", { class: "undone", dataUndone: "" }, undone.map((w) => el("li", {}, el("s", {}, w)))) : null);
  }

  // ---- the unassisted mode ----
  async function sendOffline(events) {
    if (busy) return;
    busy = true;
    let queued;
    try {
      queued = await ctx.send(events, { wait: false }); // in the queue (IndexedDB) when this returns
    } finally {
      busy = false;
    }
    const seq = queued?.seq ?? null; // the queue's entry: undo takes it back
    offline.taps.push(...tapsOf(events).map((t) => ({ ...t, seq })));
    kept.save(offline);
    offlineSeat = null;
    chosenValue = null;
    message = "";
    render();
  }

  // the last tap taken back from the queue while it still waits there (nothing was sent)
  async function undoOffline() {
    const last = offline.taps[offline.taps.length - 1];
    if (busy || !last) return;
    busy = true;
    let back = false;
    try {
      back = last.seq != null && ctx.takeBack ? await ctx.takeBack(last.seq) : false;
    } finally {
      busy = false;
    }
    if (back) {
      offline.taps = offline.taps.filter((t) => t.seq !== last.seq);
      kept.save(offline);
      offlineSeat = null;
      message = "";
    } else {
      message = tr("This entry is already on its way: undo it once the network is back.");
    }
    render();
  }

  const offlineUndo = () => el("button", { type: "button", dataAction: "undo-offline",
    disabled: !offline.taps.length, on: undoOffline }, tr("Undo"));

  function offlinePanel() {
    const last = offline.turn || {};
    const order = ORDER[(ctx.game.profileDoc || {}).direction] || ORDER.counterclockwise;
    const { phase, next, trump, unplayed } = offlineStanding(last, offline.taps, order);
    const panel = el("div", { class: "offline", dataOffline: phase });
    if (phase === "deal" || phase === "over") {
      const chosen = offlineSeat || next || "N";
      panel.append(el("p", {}, tr("Dealer")), el("div", { class: "row seats" }, SEATS.map((s) => el("button", {
        type: "button", dataOfflineSeat: s, "aria-pressed": String(s === chosen), class: s === chosen ? "on" : "",
        on: () => { offlineSeat = s; render(); } }, seatLabel(s)))),
      el("button", { type: "button", class: "primary", dataAction: "start",
        on: () => sendOffline([{ type: "DealStarted", data: { dealer: chosen } }]) }, tr("Start the deal")),
      offlineUndo());
      return panel;
    }
    const seat = offlineSeat || next || "N";
    panel.append(el("p", {}, tr("Who plays or speaks")), el("div", { class: "row seats" }, SEATS.map((s) => el("button", {
      type: "button", dataOfflineSeat: s, "aria-pressed": String(s === seat), class: s === seat ? "on" : "",
      on: () => { offlineSeat = s; render(); } }, seatLabel(s)))));
    if (phase === "auction") {
      const known = (last.calls || []).filter((c) => c.call === "bid");
      const values = known.length ? [...new Set(known.map((b) => b.value))] : VALUES;
      const trumps = known.length ? [...new Set(known.map((b) => b.trump))] : SUITS;
      if (!values.includes(chosenValue)) chosenValue = null;
      panel.append(el("div", { class: "row calls" },
        el("button", { type: "button", class: "pass", dataOfflineCall: "Passed",
          on: () => sendOffline([{ type: "Passed", data: { seat } }]) }, tr("Pass")),
        ["Coinched", "Surcoinched"].map((type, i) => el("button", { type: "button", class: "double", dataOfflineCall: type,
          on: () => sendOffline([{ type, data: { seat } }]) }, tr(words[i])))));
      panel.append(el("p", { class: "muted" }, tr("Bid")), el("div", { class: "row values" }, values.map((v) => el("button", {
        type: "button", dataOfflineBidValue: v, class: chosenValue === v ? "on" : "", "aria-pressed": String(chosenValue === v),
        on: () => { chosenValue = v; render(); } }, valueText(v)))));
      panel.append(el("p", { class: "muted" }, tr("Trump")), el("div", { class: "row trumps" }, trumps.map((t) => el("button", {
        type: "button", dataOfflineBidTrump: t, class: `trump suit-${t}`, disabled: chosenValue === null,
        on: () => sendOffline([{ type: "BidPlaced", data: { seat, value: chosenValue, trump: t } }]) }, trumpText(t)))));
    }
    // belote: a K or Q of the trump (of any suit at TA where the profile says so), "rebelote"
    // when the other card of the pair is already played; the server checks it when sent
    const beloteAtTa = trump === "TA" && (ctx.game.profileDoc || {}).belote_at_ta;
    const beloteWord = (card) => {
      if (!"KQ".includes(card[0]) || !(card[1] === trump || beloteAtTa)) return null;
      return unplayed.has((card[0] === "K" ? "Q" : "K") + card[1]) ? "belote" : "rebelote";
    };
    if (phase === "play") {
      panel.append(el("button", { type: "button", dataAction: "claim-offline",
        on: () => sendOffline([{ type: "Claimed", data: { seat, takes: "all", belote: [] } }]) },
      tr("{seat} claims the rest", { seat: seatWord(seat) })));
    }
    if (trump && (SUITS.includes(trump) || beloteAtTa)) {
      panel.append(el("button", { type: "button", class: "belote", dataAction: "belote-offline",
        "aria-pressed": String(offlineBelote), on: () => { offlineBelote = !offlineBelote; render(); } }, tr("Belote")));
    }
    panel.append(grid((card) => cardButton(card, { disabled: !unplayed.has(card),
      on: () => {
        const word = offlineBelote ? beloteWord(card) : null;
        offlineBelote = false;
        sendOffline([...(word ? [{ type: "BeloteDeclared", data: { seat, word } }] : []),
          { type: "CardPlayed", data: { seat, card } }]);
      } })), offlineUndo());
    return panel;
  }

  function render() {
    if (offline) {
      box.replaceChildren(el("p", { class: "deal-msg", role: "status", dataMessage: "" }, message), offlinePanel());
      box.dataset.phase = "offline";
      box.dataset.busy = busy ? "1" : "";
      return;
    }
    if (!turn) {
      box.replaceChildren(el("p", { class: "deal-msg", role: "status", dataMessage: "" }, message));
      return;
    }
    if (waiting) { // what was tapped is still being sent: nothing to tap until it is stored
      box.replaceChildren(...[header(), auctionLog(), trickView(),
        el("p", { class: "deal-msg", role: "status", dataMessage: "" }, message)].filter(Boolean));
      box.dataset.phase = turn.phase;
      box.dataset.version = String(turn.version);
      box.dataset.busy = "1";
      return;
    }
    const panel = turn.phase === "deal" ? dealPanel()
      : turn.phase === "auction" ? auctionPanel()
        : turn.phase === "play" ? playPanel()
          : el("p", { dataOver: "" }, tr("Game over"));
    box.replaceChildren(...[header(), auctionLog(), trickView(),
      el("p", { class: "deal-msg", role: "status", dataMessage: "" }, message),
      panel, turn.phase === "over" ? null : tools()].filter(Boolean));
    box.dataset.phase = turn.phase;
    box.dataset.version = String(turn.version);
    box.dataset.busy = busy ? "1" : "";
  }

  // the browser says when the network goes or comes back: the mode follows at once
  const onNetwork = () => { if (!busy) refresh(); };
  window.addEventListener("offline", onNetwork);
  window.addEventListener("online", onNetwork);
  refresh();
  return { refresh, taps, timings, destroy: () => {
    clearTimeout(retry);
    window.removeEventListener("offline", onNetwork);
    window.removeEventListener("online", onNetwork);
    root.replaceChildren();
  } };
}
