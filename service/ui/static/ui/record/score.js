// One score-only deal on one screen (a ``DealSummarized`` event): the dealer preset, then
// taker, contract value, trump, coinche level, the card points of one side (the other
// side's computed), belote and, where the profile plays them, announces. A plain deal is
// taker + value + trump + two or three digits + save: at most 8 taps.
import { _, h, pgettext, seatName, teamName, trumpEl } from "../common.js";
import { previewer } from "./preview.js";

const SEATS = ["N", "E", "S", "W"];
const TEAM = { N: "NS", S: "NS", E: "EW", W: "EW" };
const KINDS = ["tierce", "cinquante", "cent", "carre"];
const RANKS = "789TJQKA";
const SYMBOL = { S: "♠", H: "♥", D: "♦", C: "♣" };

/** The card points of a whole deal under ``trump`` (the last trick's 10 in), and of a capot. */
export function deckTotals(profile, trump) {
  const deck = trump === "TA" && profile.ta_points === "scaled" ? 248 : 152;
  return { full: deck + 10, capot: deck + 100 };
}

/** The bid values of ``profile``: its minimum, then its steps, up to its maximum (or 180). */
export function bidValues(profile) {
  const out = [profile.min_bid];
  const top = profile.max_bid || 180;
  let v = Math.floor(profile.min_bid / profile.bid_step) * profile.bid_step + profile.bid_step;
  for (; v <= top; v += profile.bid_step) out.push(v);
  if (profile.capot_bid) out.push("capot");
  return out;
}

function kindWord(kind) {
  return { tierce: _("tierce"), cinquante: _("fifty (cinquante)"), cent: _("hundred (cent)"), carre: _("four of a kind (carré)") }[kind];
}

/**
 * Mount the form in ``root``: ``{game, dealer, prefill, onSave(data), onCancel(), preview}``.
 * ``data`` is the ``DealSummarized`` payload; ``preview(data)`` (optional) asks the server
 * what the deal would score (see preview.js).
 */
export function mountScore(root, { game, dealer, prefill, onSave, onCancel, preview }) {
  const profile = game.profileDoc;
  const contre = game.vocabulary === "contree";
  const form = document.getElementById("t-score").content.firstElementChild.cloneNode(true);
  const say = (name) => form.querySelector(`[data-say="${name}"]`);
  const showMarks = previewer(say("preview"), preview);
  const field = (name) => form.querySelector(`[data-field="${name}"]`);
  const state = {
    dealer,
    taker: null,
    value: null,
    trump: null,
    coinche: 1,
    side: "takers", // whose points are typed: the takers' or the defenders'
    digits: "",
    capot: null, // "takers" | "defence" when a side took every trick
    belote: [],
    announces: [],
    adding: false, // the announce form is open
  };
  if (prefill) {
    const c = prefill.contract;
    state.dealer = prefill.dealer;
    if (c) Object.assign(state, { taker: c.taker, value: c.value, trump: c.trump, coinche: c.coinche || 1 });
    else state.taker = "pass";
    if (c) {
      const mine = prefill.card_points[TEAM[c.taker]];
      const { capot } = deckTotals(profile, c.trump);
      if (mine === capot) state.capot = "takers";
      else if (mine === 0 && prefill.card_points[TEAM[c.taker] === "NS" ? "EW" : "NS"] === capot) state.capot = "defence";
      else state.digits = String(mine);
    }
    state.belote = [...(prefill.belote || [])];
    state.announces = [...(prefill.announces || [])];
  }

  const tapButton = (label, pressed, onTap, attrs = {}) =>
    h("button", { type: "button", class: "tap", "aria-pressed": pressed ? "true" : "false", onclick: onTap, ...attrs }, label);

  function render() {
    const who = game.names[state.dealer] ? ` (${game.names[state.dealer]})` : "";
    say("dealer").replaceChildren(
      _("Dealer: {seat}", { seat: seatName(state.dealer) }) + who + " ",
      h("button", { type: "button", class: "link", "data-act": "dealer", onclick: () => { state.dealer = SEATS[(SEATS.indexOf(state.dealer) + 1) % 4]; render(); } }, _("change")),
    );
    const legend = (name) => field(name).querySelector("legend");
    const refill = (name, ...buttons) => field(name).replaceChildren(legend(name), ...buttons);
    refill("taker",
      ...SEATS.map((s) => tapButton([seatName(s), game.names[s] ? h("small", {}, ` ${game.names[s]}`) : ""], state.taker === s, () => { state.taker = s; render(); }, { "data-taker": s })),
      tapButton(_("All passed"), state.taker === "pass", () => { state.taker = "pass"; render(); }, { "data-taker": "pass" }),
    );
    const passed = state.taker === "pass";
    for (const name of ["value", "trump", "coinche", "points", "belote", "announces"]) field(name).disabled = passed;
    refill("value", ...bidValues(profile).map((v) =>
      tapButton(v === "capot" ? pgettext("bid", "capot") : String(v), state.value === v, () => { state.value = v; render(); }, { "data-value": String(v) })));
    refill("trump", ...profile.trumps.map((t) =>
      tapButton(trumpEl(t), state.trump === t, () => { state.trump = t; render(); }, { "data-trump": t })));
    legend("coinche").textContent = contre ? _("Contre") : _("Coinche");
    refill("coinche",
      tapButton(_("No"), state.coinche === 1, () => { state.coinche = 1; render(); }, { "data-coinche": "1" }),
      tapButton(contre ? _("Doubled (contre)") : _("Coinched"), state.coinche === 2, () => { state.coinche = 2; render(); }, { "data-coinche": "2" }),
      tapButton(contre ? _("Redoubled (surcontre)") : _("Surcoinched"), state.coinche === 4, () => { state.coinche = 4; render(); }, { "data-coinche": "4" }),
    );
    const side = field("side");
    side.replaceChildren(
      tapButton(_("Takers' points"), state.side === "takers", () => { state.side = "takers"; render(); }, { "data-side": "takers" }),
      tapButton(_("Defenders' points"), state.side === "defence", () => { state.side = "defence"; render(); }, { "data-side": "defence" }),
    );
    const keys = ["1", "2", "3", "4", "5", "6", "7", "8", "9", "⌫", "0", "capot"].map((k) =>
      h("button", { type: "button", class: "key", "data-key": k, "aria-label": k === "⌫" ? _("Erase a digit") : k === "capot" ? _("Capot: every trick") : k,
        onclick: () => {
          if (k === "⌫") state.digits = state.digits.slice(0, -1);
          else if (k === "capot") { state.capot = state.side; state.digits = ""; }
          else if (state.digits.length < 3) { state.digits += k; state.capot = null; }
          render();
        } }, k === "capot" ? pgettext("bid", "capot") : k));
    field("keypad").replaceChildren(...keys);
    const pts = points();
    say("points").textContent = pts
      ? `${teamName("NS")} ${pts.NS} · ${teamName("EW")} ${pts.EW}`
      : state.digits ? state.digits : _("type the points of one side");
    refill("belote", ...SEATS.map((s) =>
      tapButton(seatName(s), state.belote.includes(s), () => {
        state.belote = state.belote.includes(s) ? state.belote.filter((x) => x !== s) : [...state.belote, s];
        render();
      }, { "data-belote": s })));
    renderAnnounces();
    const d = data();
    showMarks(typeof d === "string" ? null : d);
  }

  function renderAnnounces() {
    const box = field("announces");
    box.hidden = !profile.announces;
    if (!profile.announces) return;
    const list = h("ul", { class: "plain" }, state.announces.map((a, i) => h("li", {},
      seatName(a.seat) + " · " + kindWord(a.kind) + " · " + (a.suit ? SYMBOL[a.suit] : "") + a.height + " ",
      h("button", { type: "button", class: "link", onclick: () => { state.announces.splice(i, 1); render(); } }, _("remove")))));
    const sel = (name, label, options) => h("label", {}, label, " ", h("select", { "data-announce": name }, options.map(([v, t]) => h("option", { value: v }, t))));
    const adder = h("div", { class: "row" },
      sel("seat", _("Seat"), SEATS.map((s) => [s, seatName(s)])),
      sel("kind", _("Announce"), KINDS.map((k) => [k, kindWord(k)])),
      sel("suit", _("Suit"), [["", "—"], ..."SHDC".split("").map((s) => [s, `${SYMBOL[s]} ${s}`])]),
      sel("height", _("Top card"), [...RANKS].reverse().map((r) => [r, r])),
      h("button", { type: "button", "data-act": "add-announce", onclick: () => {
        const get = (n) => box.querySelector(`[data-announce="${n}"]`).value;
        const kind = get("kind");
        state.announces.push({ seat: get("seat"), kind, height: get("height"), suit: kind === "carre" ? null : get("suit") || null });
        render();
      } }, _("Add")));
    const more = h("details", { open: state.adding, ontoggle: (e) => { state.adding = e.target.open; } },
      h("summary", { "data-act": "announce" }, _("Add an announce")), adder);
    box.replaceChildren(box.querySelector("legend"), list, more);
  }

  /** Both teams' card points, or null while they are not known. */
  function points() {
    if (!state.taker || state.taker === "pass" || !state.trump) return null;
    const { full, capot } = deckTotals(profile, state.trump);
    const takers = TEAM[state.taker];
    const defence = takers === "NS" ? "EW" : "NS";
    if (state.capot) {
      const winner = state.capot === "takers" ? takers : defence;
      return { [winner]: capot, [winner === "NS" ? "EW" : "NS"]: 0 };
    }
    if (!state.digits) return null;
    const typed = Number(state.digits);
    if (typed > full) return null;
    const mine = state.side === "takers" ? typed : full - typed;
    return { [takers]: mine, [defence]: full - mine };
  }

  function data() {
    if (state.taker === "pass") return { dealer: state.dealer, contract: null, card_points: { NS: 0, EW: 0 }, belote: [], announces: [] };
    if (!state.taker) return _("Tap the taker (or All passed).");
    if (state.value === null) return _("Tap the contract's value.");
    if (!state.trump) return _("Tap the trump.");
    const pts = points();
    if (!pts) return state.digits ? _("Card points are at most {full}.", { full: deckTotals(profile, state.trump).full }) : _("Type the card points of one side, or tap capot.");
    return {
      dealer: state.dealer,
      contract: { taker: state.taker, value: state.value, trump: state.trump, coinche: state.coinche },
      card_points: pts,
      belote: state.belote,
      announces: state.announces,
    };
  }

  form.addEventListener("submit", (e) => {
    e.preventDefault();
    const d = data();
    if (typeof d === "string") {
      say("error").textContent = d;
      return;
    }
    say("error").textContent = "";
    onSave(d);
  });
  form.querySelector('[data-act="cancel"]').addEventListener("click", () => onCancel());
  render();
  root.replaceChildren(form);
  return { showError: (text) => { say("error").textContent = text; } };
}
