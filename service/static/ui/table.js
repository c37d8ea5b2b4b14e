// Rendering one state document (GET /games/{id}/state) of the replay: the table seen from
// above, the auction as a bidding sheet, the played tricks, announces and belote, the score.
import { cardEl, clear, contractEls, h, sortCards, trumpEl } from "./common.js";

export const SEATS = ["N", "E", "S", "W"];
const SEAT_WORDS = { N: "North", E: "East", S: "South", W: "West" };
const TEAM_OF = { N: "NS", S: "NS", E: "EW", W: "EW" };

/** Which cards to highlight: Map card name → finding (the rule broken when it was played). */
function marked(card, offending) {
  const f = offending.get(card);
  return f ? { class: "offending", label: `rule broken: ${f.rule}`, "data-rule": f.rule } : {};
}

function seatPanel(state, seat, offending) {
  const deal = state.deal;
  const name = (state.seats || {})[seat] || "";
  const badges = [];
  if (deal && deal.dealer === seat) badges.push(h("span", { class: "badge dealer", title: "dealer" }, "dealer"));
  if (deal && deal.turn === seat && !["done", "void"].includes(deal.phase)) {
    badges.push(h("span", { class: "badge turn" }, deal.phase === "auction" ? "to speak" : "to play"));
  }
  if (deal && deal.contract && deal.contract.taker === seat) badges.push(h("span", { class: "badge taker" }, "taker"));
  const hand = deal ? deal.hands[seat] : null;
  let handEl;
  if (!hand) {
    handEl = h("p", { class: "hand empty", "data-hand": seat }, "no cards");
  } else if (hand.cards === null) {
    const backs = Array.from({ length: hand.count }, () => h("span", { class: "back", "aria-hidden": "true" }));
    handEl = h(
      "p",
      { class: "hand hidden", "data-hand": seat, "data-hidden": hand.count },
      backs,
      h("span", { class: "count" }, hand.count ? `${hand.count} card${hand.count === 1 ? "" : "s"}, ${state.view === "arbiter" && !deal.hands_recorded ? "not recorded" : "hidden"}` : "no card left"),
    );
  } else {
    const done = ["done", "void"].includes(deal.phase);
    const cards = sortCards(hand.cards);
    handEl = h(
      "ul",
      {
        class: `hand${done ? " as-dealt" : ""}`,
        "data-hand": seat,
        "aria-label": done ? `${SEAT_WORDS[seat]}'s hand as dealt` : `${SEAT_WORDS[seat]}'s hand, ${cards.length} cards`,
      },
      cards.map((c) => h("li", {}, cardEl(c, marked(c, offending)))),
    );
  }
  const said = [];
  for (const a of deal ? deal.announces : []) {
    if (a.seat === seat) said.push(h("span", { class: "badge announce" }, a.kind));
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
      h("abbr", { class: "seat-letter", title: SEAT_WORDS[seat] }, seat),
      " ",
      h("span", { class: "player", "data-player": seat }, name || "—"),
      " ",
      h("span", { class: "team" }, TEAM_OF[seat]),
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
      card ? h("span", { class: "slot-label" }, `${s}${lead ? " led" : ""}`) : null,
    );
  });
  let label = "No card on the table";
  if (live) label = `Trick ${trick.number} on the table, led by ${trick.leader}: ${live.cards.length} card${live.cards.length > 1 ? "s" : ""}`;
  const center = h("div", { class: "trick", "data-trick": trick ? trick.number : "", role: "group", "aria-label": label }, slots);
  const last = deal && deal.tricks.length ? deal.tricks[deal.tricks.length - 1] : null;
  if (!live && last && justCompleted) {
    const ghost = h(
      "div",
      { class: "last-trick", "data-last-trick": last.number, role: "group", "aria-label": `Trick ${last.number}, just won by ${last.winner}` },
      SEATS.map((s) => {
        const played = last.cards.find((c) => c.seat === s);
        return h("div", { class: `slot slot-${s}` }, played ? cardEl(played.card, marked(played.card, offending)) : null);
      }),
      h("p", { class: "caption" }, `Trick ${last.number}: ${TEAM_OF[last.winner]} (${last.winner}) win ${last.points} points`),
    );
    return h("div", { class: "center" }, ghost);
  }
  if (!deal) return h("div", { class: "center" }, center, h("p", { class: "caption" }, "No deal on the table"));
  if (deal.phase === "auction") {
    return h("div", { class: "center" }, center, h("p", { class: "caption" }, "Auction"));
  }
  return h("div", { class: "center" }, center);
}

export function renderTable(el, state, offending, justCompleted) {
  clear(el, SEATS.map((s) => seatPanel(state, s, offending)), trickCenter(state, offending, justCompleted));
}

/** The deal's line above the table; ``idle`` is said when no deal is on the table. */
export function renderContract(el, state, idle) {
  const deal = state.deal;
  if (!deal) return clear(el, idle);
  const parts = [h("strong", {}, `Deal ${deal.number}`), ` · dealer ${deal.dealer} · `];
  if (deal.phase === "void") parts.push("all four passed: no contract");
  else if (deal.contract) parts.push("contract ", h("span", { "data-contract": "" }, contractEls(deal.contract)));
  else parts.push("auction in progress");
  const last = state.last_deal;
  if (deal.phase === "done" && last) {
    const made = last.made === null ? "" : last.made ? "made" : "down";
    parts.push(" · ", h("strong", { class: last.made ? "made" : "down" }, made));
    parts.push(`; marks NS ${last.marks.NS}, EW ${last.marks.EW}`);
  }
  if (state.winner) parts.push(" · ", h("strong", {}, `${state.winner} win the game`));
  if (state.status === "abandoned") parts.push(" · game abandoned");
  return clear(el, parts);
}

export function renderScoreboard(el, state) {
  const deal = state.deal;
  const pts = deal ? deal.card_points : { NS: 0, EW: 0 };
  const totals = state.totals;
  clear(
    el,
    h("div", {}, h("dt", {}, "Card points this deal"), h("dd", {}, "NS ", h("b", { "data-points": "NS" }, pts.NS), " · EW ", h("b", { "data-points": "EW" }, pts.EW))),
    h("div", {}, h("dt", {}, `Game totals (to ${state.target ?? "?"})`), h("dd", {}, "NS ", h("b", { "data-total": "NS" }, totals.NS), " · EW ", h("b", { "data-total": "EW" }, totals.EW))),
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

function callEl(call) {
  if (call.call === "bid") {
    return h("span", { class: "call bid" }, call.value === "capot" ? "capot " : `${call.value} `, trumpEl(call.trump));
  }
  return h("span", { class: `call ${call.call}` }, call.call);
}

export function renderAuction(el, state) {
  const deal = state.deal;
  if (!deal) return clear(el, h("caption", {}, "No deal yet"));
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
    h("caption", { class: "visually-hidden" }, `Auction of deal ${deal.number}, first speaker on the left`),
    h("thead", {}, h("tr", {}, order.map((s) => h("th", { scope: "col" }, `${s} `, h("span", { class: "muted" }, names[s] || ""), s === deal.dealer ? h("span", { class: "badge dealer" }, "dealer") : null)))),
    h(
      "tbody",
      {},
      rows.length
        ? rows.map((r) => h("tr", {}, r.map((c) => h("td", {}, c ? callEl(c) : ""))))
        : h("tr", {}, h("td", { colspan: 4, class: "muted" }, deal.phase === "auction" ? `${deal.turn} speaks first` : "no call")),
    ),
  );
}

export function renderTricks(el, state, offending) {
  const deal = state.deal;
  const tricks = deal ? deal.tricks : [];
  const head = h("thead", {}, h("tr", {}, h("th", { scope: "col" }, "#"), SEATS.map((s) => h("th", { scope: "col" }, s)), h("th", { scope: "col" }, "Won by"), h("th", { scope: "col", class: "num" }, "Points")));
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
                lead ? h("span", { class: "mark", title: "led" }, "▸", h("span", { class: "visually-hidden" }, "led: ")) : null,
                cardEl(played.card, marked(played.card, offending)),
                won ? h("span", { class: "mark", title: "won the trick" }, "★", h("span", { class: "visually-hidden" }, " won")) : null,
              );
            }),
            h("td", {}, `${t.winner} (${TEAM_OF[t.winner]})`),
            h("td", { class: "num" }, t.points),
          ),
        )
      : h("tr", {}, h("td", { colspan: 7, class: "muted" }, "No trick played yet in this deal")),
  );
  clear(el, h("caption", { class: "visually-hidden" }, "Tricks of this deal: ▸ led, ★ won"), head, body);
}

export function renderAnnounces(el, state) {
  const deal = state.deal;
  const items = [];
  for (const a of deal ? deal.announces : []) {
    items.push(h("li", { "data-announce": a.seat }, h("b", {}, a.seat), ` declares a ${a.kind} (trick ${a.trick})`, a.cards ? [": ", a.cards.map((c) => cardEl(c))] : " (cards not shown in this view)"));
  }
  for (const b of deal ? deal.belotes : []) {
    items.push(h("li", { "data-belote": b.seat }, h("b", {}, b.seat), ` says ${b.word}`, b.card ? [" with ", cardEl(b.card)] : ""));
  }
  clear(el, items.length ? items : h("li", { class: "muted" }, "None in this deal so far"));
}

/** The whole game's score sheet; deals not finished at this point are marked "later". */
export function renderSheet(el, sheet, state) {
  if (!sheet) return clear(el, h("caption", {}, "Score sheet not available"));
  const deal = state.deal;
  const finished = !deal ? 0 : ["done", "void"].includes(deal.phase) ? deal.number : deal.number - 1;
  const current = deal ? deal.number : null;
  const head = h(
    "thead",
    {},
    h("tr", {}, h("th", { scope: "col", rowspan: 2 }, "Deal"), h("th", { scope: "col", rowspan: 2 }, "Dealer"), h("th", { scope: "col", rowspan: 2 }, "Contract"), h("th", { scope: "col", rowspan: 2 }, "Result"), h("th", { scope: "colgroup", colspan: 2 }, "Points"), h("th", { scope: "colgroup", colspan: 2 }, "Marks"), h("th", { scope: "colgroup", colspan: 2 }, "Running totals")),
    h("tr", {}, ["NS", "EW", "NS", "EW", "NS", "EW"].map((t) => h("th", { scope: "col", class: "num" }, t))),
  );
  const rows = sheet.deals.map((d) => {
    const later = d.number > finished;
    const result = d.misdeal ? `misdeal (${d.misdeal})` : d.all_passed ? "all passed" : d.made ? "made" : "down";
    const notes = (d.rulings || []).map((r) => h("div", { class: "muted" }, `ruling by ${r.by}: ${r.reason}`));
    return h(
      "tr",
      { "data-sheet-deal": d.number, class: [later ? "later" : "", d.number === current ? "current" : ""].join(" ").trim() || null, "aria-current": d.number === current ? "true" : null },
      h("th", { scope: "row" }, d.number, later ? h("span", { class: "visually-hidden" }, " (later than this point)") : null),
      h("td", {}, d.dealer),
      h("td", {}, d.contract ? contractEls(d.contract) : "—", d.capot ? " · capot" : ""),
      h("td", { class: d.made ? "made" : "down" }, result, notes),
      h("td", { class: "num" }, d.points.NS),
      h("td", { class: "num" }, d.points.EW),
      h("td", { class: "num" }, d.marks.NS),
      h("td", { class: "num" }, d.marks.EW),
      h("td", { class: "num total" }, d.totals.NS),
      h("td", { class: "num total" }, d.totals.EW),
    );
  });
  const caption = h("caption", { class: "muted" }, `Whole game (${sheet.profile ?? "custom"}${sheet.winner ? `, won by ${sheet.winner}` : ""}); deals after this point are dimmed.`);
  return clear(el, caption, head, h("tbody", {}, rows.length ? rows : h("tr", {}, h("td", { colspan: 10, class: "muted" }, "No deal finished"))));
}
