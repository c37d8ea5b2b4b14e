// Rendering one state document (GET /games/{id}/state) of the replay: the table seen from
// above, the auction as a bidding sheet, the played tricks, announces and belote, the score.
import { _, cardEl, clear, contractEls, h, ngettext, pgettext, seatName, sortCards, teamName, trumpEl } from "./common.js";

export const SEATS = ["N", "E", "S", "W"];
const SEAT_WORDS = { N: _("North"), E: _("East"), S: _("South"), W: _("West") };
const TEAM_OF = { N: "NS", S: "NS", E: "EW", W: "EW" };

/** A call's word at this table: "passe", "coinche", or "contre" in the contrée profiles
 * (the state's ``vocabulary``). */
function callName(call, vocabulary = "") {
  const contre = vocabulary === "contree";
  if (call === "pass") return pgettext("call", "pass");
  if (call === "coinche") return contre ? pgettext("double", "contre") : pgettext("double", "coinche");
  if (call === "surcoinche") return contre ? pgettext("redouble", "surcontre") : pgettext("redouble", "surcoinche");
  return call;
}

/** An announce's name ("tierce", "carré"), or with its article ("une tierce"). */
function announceName(kind, article = false) {
  const bare = { tierce: pgettext("announce", "tierce"), cinquante: pgettext("announce", "cinquante"), cent: pgettext("announce", "cent"), carre: pgettext("announce", "carré") };
  const withArticle = { tierce: pgettext("announce", "a tierce"), cinquante: pgettext("announce", "a cinquante"), cent: pgettext("announce", "a cent"), carre: pgettext("announce", "a carré") };
  return (article ? withArticle : bare)[kind] || kind;
}

/** Which cards to highlight: Map card name → finding (the rule broken when it was played). */
// the trump of the deal being drawn: a screen reader hears its cards as "nine of trumps"
let TRUMP = null;

function dealTrump(state) {
  return state.deal && state.deal.contract ? state.deal.contract.trump : null;
}

function marked(card, offending) {
  const f = offending.get(card);
  const base = { trump: TRUMP };
  return f ? { ...base, class: "offending", label: _("rule broken: {rule}", { rule: f.rule }), "data-rule": f.rule } : base;
}

/** A seat: its name, badges and hand. ``playedOut``: the deal's last card was just played, so
 * the hands are shown empty while the last trick is on the table (the hands as dealt come on
 * the deal's later steps and at its start), never both at once. */
function seatPanel(state, seat, offending, playedOut) {
  const deal = state.deal;
  const name = (state.seats || {})[seat] || "";
  const badges = [];
  if (deal && deal.dealer === seat) badges.push(h("span", { class: "badge dealer", title: _("dealer") }, _("dealer")));
  if (deal && deal.turn === seat && !["done", "void"].includes(deal.phase)) {
    badges.push(h("span", { class: "badge turn" }, deal.phase === "auction" ? _("to speak") : _("to play")));
  }
  if (deal && deal.contract && deal.contract.taker === seat) badges.push(h("span", { class: "badge taker" }, _("taker")));
  const hand = deal ? deal.hands[seat] : null;
  let handEl;
  if (playedOut) {
    handEl = h("p", { class: "hand empty played-out", "data-hand": seat }, _("no card left"));
  } else if (!hand) {
    handEl = h("p", { class: "hand empty", "data-hand": seat }, _("no cards"));
  } else if (hand.cards === null) {
    const backs = Array.from({ length: hand.count }, () => h("span", { class: "back", "aria-hidden": "true" }));
    handEl = h(
      "p",
      { class: "hand hidden", "data-hand": seat, "data-hidden": hand.count },
      backs,
      h("span", { class: "count" }, hand.count ? `${ngettext("{n} card", "{n} cards", hand.count)}, ${state.view === "arbiter" && !deal.hands_recorded ? _("not recorded") : _("hidden")}` : _("no card left")),
    );
  } else {
    const done = ["done", "void"].includes(deal.phase);
    const cards = sortCards(hand.cards);
    handEl = h(
      "ul",
      {
        class: `hand${done ? " as-dealt" : ""}`,
        "data-hand": seat,
        "aria-label": done ? _("{seat}'s hand as dealt", { seat: SEAT_WORDS[seat] }) : ngettext("{seat}'s hand, {n} card", "{seat}'s hand, {n} cards", cards.length, { seat: SEAT_WORDS[seat] }),
      },
      cards.map((c) => h("li", {}, cardEl(c, marked(c, offending)))),
    );
  }
  const said = [];
  for (const a of deal ? deal.announces : []) {
    if (a.seat === seat) said.push(h("span", { class: "badge announce" }, announceName(a.kind)));
  }
  for (const b of deal ? deal.belotes : []) {
    if (b.seat === seat) said.push(h("span", { class: "badge belote" }, b.word));
  }
  return h(
    "section",
    { class: `seat seat-${seat}${deal && deal.turn === seat ? " on-turn" : ""}`, "data-seat": seat, "aria-label": `${SEAT_WORDS[seat]}: ${name}` },
    h(
      "h3",
      {},
      h("abbr", { class: "seat-letter", title: SEAT_WORDS[seat] }, seatName(seat)),
      " ",
      h("span", { class: "player", "data-player": seat }, name || "—"),
      " ",
      h("span", { class: "team" }, teamName(TEAM_OF[seat])),
      badges,
    ),
    handEl,
    said.length ? h("p", { class: "said" }, said) : null,
  );
}

function trickCenter(state, offending, justCompleted) {
  const deal = state.deal;
  const trick = deal ? deal.trick : null;
  const live = trick && trick.cards.length ? trick : null;
  const bySeat = new Map((live ? live.cards : []).map((c) => [c.seat, c.card]));
  const slots = SEATS.map((s) => {
    const card = bySeat.get(s);
    const lead = live && live.leader === s;
    return h(
      "div",
      { class: `slot slot-${s}` },
      card ? cardEl(card, { ...marked(card, offending), "data-seat": s }) : null,
      card ? h("span", { class: "slot-label" }, lead ? _("{seat} led", { seat: seatName(s) }) : seatName(s)) : null,
    );
  });
  let label = _("No card on the table");
  if (live) {
    label = ngettext("Trick {number} on the table, led by {seat}: {n} card", "Trick {number} on the table, led by {seat}: {n} cards", live.cards.length, { number: trick.number, seat: seatName(trick.leader) });
  }
  const center = h("div", { class: "trick", "data-trick": trick ? trick.number : "", role: "group", "aria-label": label }, slots);
  const last = deal && deal.tricks.length ? deal.tricks[deal.tricks.length - 1] : null;
  if (!live && last && justCompleted) {
    const ghost = h(
      "div",
      { class: "last-trick", "data-last-trick": last.number, role: "group", "aria-label": _("Trick {number}, just won by {seat}", { number: last.number, seat: seatName(last.winner) }) },
      SEATS.map((s) => {
        const played = last.cards.find((c) => c.seat === s);
        return h("div", { class: `slot slot-${s}` }, played ? cardEl(played.card, marked(played.card, offending)) : null);
      }),
      h("p", { class: "caption" }, ngettext("Trick {number}: {team} ({seat}) win {n} point", "Trick {number}: {team} ({seat}) win {n} points", last.points, { number: last.number, team: teamName(TEAM_OF[last.winner]), seat: seatName(last.winner) })),
    );
    return h("div", { class: "center" }, ghost);
  }
  if (!deal) return h("div", { class: "center" }, center, h("p", { class: "caption" }, _("No deal on the table")));
  if (deal.phase === "auction") {
    return h("div", { class: "center" }, center, h("p", { class: "caption" }, _("Auction")));
  }
  return h("div", { class: "center" }, center);
}

export function renderTable(el, state, offending, justCompleted) {
  TRUMP = dealTrump(state);
  const deal = state.deal;
  const playedOut = Boolean(justCompleted && deal && deal.phase === "done" && deal.tricks.length === 8);
  clear(el, SEATS.map((s) => seatPanel(state, s, offending, playedOut)), trickCenter(state, offending, justCompleted));
}

/** The deal's line above the table; ``idle`` is said when no deal is on the table. */
export function renderContract(el, state, idle) {
  const deal = state.deal;
  if (!deal) return clear(el, idle);
  const parts = [h("strong", {}, _("Deal {number}", { number: deal.number })), _(" · dealer {seat} · ", { seat: seatName(deal.dealer) })];
  if (deal.phase === "void") parts.push(_("all four passed: no contract"));
  else if (deal.contract) parts.push(_("contract "), h("span", { "data-contract": "" }, contractEls(deal.contract, state.vocabulary)));
  else parts.push(_("auction in progress"));
  const last = state.last_deal;
  if (deal.phase === "done" && last) {
    const made = last.made === null ? "" : last.made ? _("made") : _("down");
    parts.push(" · ", h("strong", { class: last.made ? "made" : "down" }, made));
    parts.push(_("; marks {ns_team} {ns}, {ew_team} {ew}", { ns_team: teamName("NS"), ns: last.marks.NS, ew_team: teamName("EW"), ew: last.marks.EW }));
  }
  if (state.winner) parts.push(" · ", h("strong", {}, _("{team} win the game", { team: teamName(state.winner) })));
  if (state.status === "abandoned") parts.push(_(" · game abandoned"));
  return clear(el, parts);
}

export function renderScoreboard(el, state) {
  const deal = state.deal;
  const pts = deal ? deal.card_points : { NS: 0, EW: 0 };
  const totals = state.totals;
  clear(
    el,
    h("div", {}, h("dt", {}, _("Card points this deal")), h("dd", {}, `${teamName("NS")} `, h("b", { "data-points": "NS" }, pts.NS), ` · ${teamName("EW")} `, h("b", { "data-points": "EW" }, pts.EW))),
    h("div", {}, h("dt", {}, state.deals ? ngettext("Game totals ({n} deal)", "Game totals ({n} deals)", state.deals) : _("Game totals (to {target})", { target: state.target ?? "?" })), h("dd", {}, `${teamName("NS")} `, h("b", { "data-total": "NS" }, totals.NS), ` · ${teamName("EW")} `, h("b", { "data-total": "EW" }, totals.EW))),
  );
}

/** The seats in speaking order, starting with the first speaker (the dealer's neighbour). */
function speakingOrder(deal) {
  const first = deal.auction.length ? deal.auction[0].seat : deal.phase === "auction" ? deal.turn : null;
  const d = SEATS.indexOf(deal.dealer);
  const f = first ? SEATS.indexOf(first) : (d + 1) % 4;
  const step = (f - d + 4) % 4 === 3 ? 3 : 1; // counterclockwise profiles speak to the right
  return [0, 1, 2, 3].map((k) => SEATS[(f + k * step) % 4]);
}

function callEl(call, vocabulary) {
  if (call.call === "bid") {
    return h("span", { class: "call bid" }, call.value === "capot" ? `${pgettext("bid", "capot")} ` : `${call.value} `, trumpEl(call.trump));
  }
  return h("span", { class: `call ${call.call}` }, callName(call.call, vocabulary));
}

export function renderAuction(el, state) {
  const deal = state.deal;
  if (!deal) return clear(el, h("caption", {}, _("No deal yet")));
  const order = speakingOrder(deal);
  const rows = [];
  let row = null;
  let last = 4;
  for (const call of deal.auction) {
    const col = order.indexOf(call.seat);
    if (col <= last) {
      row = [null, null, null, null];
      rows.push(row);
    }
    row[col] = call;
    last = col;
  }
  const names = state.seats || {};
  return clear(
    el,
    h("caption", { class: "visually-hidden" }, _("Auction of deal {number}, first speaker on the left", { number: deal.number })),
    h("thead", {}, h("tr", {}, order.map((s) => h("th", { scope: "col" }, `${seatName(s)} `, h("span", { class: "muted" }, names[s] || ""), s === deal.dealer ? h("span", { class: "badge dealer" }, _("dealer")) : null)))),
    h(
      "tbody",
      {},
      rows.length
        ? rows.map((r) => h("tr", {}, r.map((c) => h("td", {}, c ? callEl(c, state.vocabulary) : ""))))
        : h("tr", {}, h("td", { colspan: 4, class: "muted" }, deal.phase === "auction" ? _("{seat} speaks first", { seat: seatName(deal.turn) }) : _("no call"))),
    ),
  );
}

export function renderTricks(el, state, offending) {
  TRUMP = dealTrump(state);
  const deal = state.deal;
  const tricks = deal ? deal.tricks : [];
  const head = h("thead", {}, h("tr", {}, h("th", { scope: "col" }, "#"), SEATS.map((s) => h("th", { scope: "col" }, seatName(s))), h("th", { scope: "col" }, _("Won by")), h("th", { scope: "col", class: "num" }, _("Points"))));
  const body = h(
    "tbody",
    {},
    tricks.length
      ? tricks.map((t) =>
          h(
            "tr",
            { "data-trick-row": t.number },
            h("th", { scope: "row" }, t.number),
            SEATS.map((s) => {
              const played = t.cards.find((c) => c.seat === s);
              if (!played) return h("td", {}, "—");
              const lead = t.leader === s;
              const won = t.winner === s;
              return h(
                "td",
                { class: [lead ? "lead" : "", won ? "won" : ""].join(" ").trim() || null },
                lead ? h("span", { class: "mark", title: _("led") }, "▸", h("span", { class: "visually-hidden" }, _("led: "))) : null,
                cardEl(played.card, marked(played.card, offending)),
                won ? h("span", { class: "mark", title: _("won the trick") }, "★", h("span", { class: "visually-hidden" }, _(" won"))) : null,
              );
            }),
            h("td", {}, `${seatName(t.winner)} (${teamName(TEAM_OF[t.winner])})`),
            h("td", { class: "num" }, t.points),
          ),
        )
      : h("tr", {}, h("td", { colspan: 7, class: "muted" }, _("No trick played yet in this deal"))),
  );
  clear(el, h("caption", { class: "visually-hidden" }, _("Tricks of this deal: ▸ led, ★ won")), head, body);
}

export function renderAnnounces(el, state) {
  const deal = state.deal;
  const items = [];
  for (const a of deal ? deal.announces : []) {
    items.push(h("li", { "data-announce": a.seat }, h("b", {}, seatName(a.seat)), _(" declares {a_kind} (trick {trick})", { a_kind: announceName(a.kind, true), trick: a.trick }), a.cards ? [": ", a.cards.map((c) => cardEl(c))] : _(" (cards not shown in this view)")));
  }
  for (const b of deal ? deal.belotes : []) {
    items.push(h("li", { "data-belote": b.seat }, h("b", {}, seatName(b.seat)), _(" says {word}", { word: b.word }), b.card ? [_(" with "), cardEl(b.card)] : ""));
  }
  clear(el, items.length ? items : h("li", { class: "muted" }, _("None in this deal so far")));
}

/** The whole game's score sheet; deals not finished at this point are marked "later". */
export function renderSheet(el, sheet, state) {
  if (!sheet) return clear(el, h("caption", {}, _("Score sheet not available")));
  const deal = state.deal;
  const finished = !deal ? 0 : ["done", "void"].includes(deal.phase) ? deal.number : deal.number - 1;
  const current = deal ? deal.number : null;
  const head = h(
    "thead",
    {},
    h("tr", {}, h("th", { scope: "col", rowspan: 2 }, _("Deal")), h("th", { scope: "col", rowspan: 2 }, _("Dealer")), h("th", { scope: "col", rowspan: 2 }, _("Contract")), h("th", { scope: "col", rowspan: 2 }, _("Result")), h("th", { scope: "colgroup", colspan: 2 }, _("Points")), h("th", { scope: "colgroup", colspan: 2 }, _("Marks")), h("th", { scope: "colgroup", colspan: 2 }, _("Running totals"))),
    h("tr", {}, ["NS", "EW", "NS", "EW", "NS", "EW"].map((t) => h("th", { scope: "col", class: "num" }, teamName(t)))),
  );
  const rows = sheet.deals.map((d) => {
    const later = d.number > finished;
    const result = d.misdeal ? _("misdeal ({seat})", { seat: seatName(d.misdeal) }) : d.all_passed ? _("all passed") : d.made ? _("made") : _("down");
    const notes = (d.rulings || []).map((r) => h("div", { class: "muted" }, _("ruling by {by}: {reason}", { by: r.by, reason: r.reason })));
    return h(
      "tr",
      { "data-sheet-deal": d.number, class: [later ? "later" : "", d.number === current ? "current" : ""].join(" ").trim() || null, "aria-current": d.number === current ? "true" : null },
      h("th", { scope: "row" }, d.number, later ? h("span", { class: "visually-hidden" }, _(" (later than this point)")) : null),
      h("td", {}, seatName(d.dealer)),
      h("td", {}, d.contract ? contractEls(d.contract, state.vocabulary) : "—", d.capot ? ` · ${pgettext("bid", "capot")}` : ""),
      h("td", { class: d.made ? "made" : "down" }, result, notes),
      h("td", { class: "num" }, d.points.NS),
      h("td", { class: "num" }, d.points.EW),
      h("td", { class: "num" }, d.marks.NS),
      h("td", { class: "num" }, d.marks.EW),
      h("td", { class: "num total" }, d.totals.NS),
      h("td", { class: "num total" }, d.totals.EW),
    );
  });
  const caption = h("caption", { class: "muted" }, sheet.winner ? _("Whole game ({profile}, won by {team}); deals after this point are dimmed.", { profile: sheet.profile ?? "custom", team: teamName(sheet.winner) }) : _("Whole game ({profile}); deals after this point are dimmed.", { profile: sheet.profile ?? "custom" }));
  return clear(el, caption, head, h("tbody", {}, rows.length ? rows : h("tr", {}, h("td", { colspan: 10, class: "muted" }, _("No deal finished")))));
}
