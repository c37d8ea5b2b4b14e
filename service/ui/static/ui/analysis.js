// The replay's double-dummy panel: for the deal on the table, par, the table per trump and
// each card played with its cost in marks (GET /games/{id}/deals/{n}/analysis; while the
// service computes it the answer is 202 and the panel asks again). The cards that changed
// the contract's outcome (the critical moments) are marked here and on the timeline.
import { _, ApiError, api, cardEl, clear, h, ngettext, pgettext, seatName, teamName, trumpEl } from "./common.js";

const A = {
  game: null,
  deal: null, // the deal the panel is about
  docs: new Map(), // deal → analysis document, or {error}
  waiting: new Map(), // deal → its polling promise
};
const POLL_MS = 1000;
const POLLS = 120;

const sleep = (ms) => new Promise((done) => setTimeout(done, ms));

async function fetchAnalysis(game, deal) {
  const path = `/games/${game}/deals/${deal}/analysis`;
  for (let i = 0; i < POLLS; i += 1) {
    let doc;
    try {
      doc = await api(path);
    } catch (error) {
      return { error: error instanceof ApiError ? error.message : String(error), status: error.status };
    }
    if (doc.table) return doc;
    if (doc.job && ["failed", "cancelled"].includes(doc.job.status)) return { error: doc.job.error || doc.job.status };
    if (A.deal === deal) setNote(_("The analysis of this deal is being computed…"));
    await sleep(POLL_MS);
  }
  return { error: _("the analysis is taking too long; open the deal again later") };
}

function analysisOf(game, deal) {
  if (A.docs.has(deal)) return Promise.resolve(A.docs.get(deal));
  if (!A.waiting.has(deal)) {
    const p = fetchAnalysis(game, deal).then((doc) => {
      if (!doc.error || doc.status === 404) A.docs.set(deal, doc); // a deal being played is asked again
      A.waiting.delete(deal);
      return doc;
    });
    A.waiting.set(deal, p);
  }
  return A.waiting.get(deal);
}

const box = () => document.getElementById("analysis");

function setNote(text) {
  const el = box();
  if (el) clear(el, h("p", { class: "muted", "data-analysis": "pending" }, text));
}

function contractText(c) {
  if (!c) return [_("everyone passes")];
  const value = c.value === "capot" ? pgettext("bid", "capot") : String(c.value);
  return [`${value} `, trumpEl(c.trump), _(" by {team}", { team: teamName(c.team) })];
}

function parEl(par) {
  const marks = _("marks {ns} {ns_marks} · {ew} {ew_marks}", { ns: teamName("NS"), ns_marks: par.marks.NS, ew: teamName("EW"), ew_marks: par.marks.EW });
  const how = !par.contract ? "" : par.made ? _(", made") : _(", down, coinched");
  return h("p", { class: "par", "data-par": par.contract ? `${par.contract.team}:${par.contract.trump}:${par.contract.value}` : "pass" }, h("strong", {}, _("Par: ")), contractText(par.contract), how, ` (${marks})`);
}

function tableEl(doc) {
  const best = new Map(doc.makeable.map((m) => [`${m.team}|${m.trump}`, m.value]));
  const made = (team, trump) => {
    const v = best.get(`${team}|${trump}`);
    return v === undefined ? "—" : v === "capot" ? pgettext("bid", "capot") : String(v);
  };
  return h(
    "table",
    { class: "data dd-table" },
    h("caption", {}, _("Card points each team takes with both playing their best, and the highest contract it makes")),
    h("thead", {}, h("tr", {}, h("th", { scope: "col" }, _("Trump")), ["NS", "EW"].map((t) => h("th", { scope: "col" }, _("{team} points", { team: teamName(t) }))), ["NS", "EW"].map((t) => h("th", { scope: "col" }, _("{team} makes", { team: teamName(t) }))))),
    h(
      "tbody",
      {},
      doc.table.map((r) => h("tr", { "data-trump": r.trump }, h("th", { scope: "row" }, trumpEl(r.trump)), h("td", {}, String(r.NS), r.capot === "NS" ? _(" (capot)") : ""), h("td", {}, String(r.EW), r.capot === "EW" ? _(" (capot)") : ""), h("td", {}, made("NS", r.trump)), h("td", {}, made("EW", r.trump)))),
    ),
  );
}

function costWords(c) {
  if (c.cost === 0) return c.points_cost ? ngettext("best in marks ({n} card point lost)", "best in marks ({n} card points lost)", c.points_cost) : _("a best card");
  return ngettext("cost {n} mark", "cost {n} marks", c.cost);
}

function costClass(c, critical) {
  return ["dd-card", c.cost === 0 ? "cost-none" : "cost-some", critical.has(c.index) ? "critical" : ""].join(" ").trim();
}

function currentEl(doc, index, critical) {
  const c = doc.cards.find((x) => x.index === index);
  if (!c) return h("p", { class: "muted", "data-current": "none" }, _("Step to a card to see what it cost."));
  const others = c.best.filter((b) => b !== c.card);
  return h(
    "p",
    { class: costClass(c, critical), "data-current": c.card, "data-cost": c.cost },
    _("{seat} played ", { seat: seatName(c.seat) }),
    cardEl(c.card),
    `: ${costWords(c)}`,
    c.cost > 0 && others.length ? [_("; best: "), others.map((b) => [cardEl(b), " "])] : "",
    critical.has(c.index) ? h("strong", { class: "critical-note" }, _(" — a critical moment: the contract's outcome changed here")) : "",
  );
}

function cardsEl(doc, index, critical) {
  const tricks = [];
  for (const c of doc.cards) (tricks[c.trick - 1] ||= []).push(c);
  return h(
    "ol",
    { class: "dd-tricks plain" },
    tricks.map((cards, t) =>
      h(
        "li",
        {},
        h("span", { class: "muted" }, _("Trick {trick}: ", { trick: t + 1 })),
        cards.map((c) =>
          h(
            "span",
            { class: `${costClass(c, critical)}${c.index === index ? " now" : ""}`, "data-index": c.index, "data-cost": c.cost },
            cardEl(c.card, { label: costWords(c) }),
            h("span", { class: "cost" }, c.cost ? `−${c.cost}` : "✓"),
            critical.has(c.index) ? h("span", { class: "flag critical", title: _("critical moment") }, "◆", h("span", { class: "visually-hidden" }, _("critical moment"))) : "",
          ),
        ),
      ),
    ),
  );
}

/** Mark the timeline's steps whose card changed the contract's outcome. */
function markTimeline(doc, versions) {
  for (const k of doc.critical) {
    const li = document.querySelector(`#timeline li[data-version="${versions[k.index]}"]`);
    if (!li || li.querySelector(".flag.critical")) continue;
    const words = k.made_after ? _("critical: the contract can make again") : _("critical: the contract goes down");
    li.querySelector("button").append(" ", h("span", { class: "flag critical", title: words }, "◆ ", words));
  }
}

/**
 * Show the analysis of the deal on the table. ``deal``: its number (null: no deal); ``index``:
 * the deal's card just played (0 first; -1 before its first card); ``versions``: the game
 * version of each card of the deal, in order.
 */
export async function showAnalysis(game, deal, index, versions) {
  A.game = game;
  A.deal = deal;
  const el = box();
  if (!el) return;
  if (!deal) {
    clear(el, h("p", { class: "muted" }, _("No deal on the table.")));
    return;
  }
  const doc = await analysisOf(game, deal);
  if (A.deal !== deal) return;
  if (doc.error) {
    clear(el, h("p", { class: "muted", "data-analysis": "none" }, _("No analysis of deal {deal}: {error}", { deal, error: doc.error })));
    return;
  }
  const critical = new Set(doc.critical.map((k) => k.index));
  clear(
    el,
    parEl(doc.par),
    currentEl(doc, index, critical),
    tableEl(doc),
    h("h3", {}, _("Each card's cost")),
    h("p", { class: "muted" }, ngettext("{n} critical moment (◆): a card after which the contract's outcome changed.", "{n} critical moments (◆): cards after which the contract's outcome changed.", doc.critical.length)),
    cardsEl(doc, index, critical),
  );
  el.dataset.analysis = String(deal);
  markTimeline(doc, versions);
}
