// The score sheet of the recording page: the stored deals (GET /games/{id}/sheet) and,
// below them, the deals recorded on this device that are not stored yet.
import { _, clear, h, pgettext, seatName, teamName, trumpEl } from "../common.js";

/** "90 ♥ S ×2" for a sheet row's contract (or "all passed"). */
export function contractCell(contract, vocabulary) {
  if (!contract) return [_("all passed")];
  const value = contract.value === "capot" ? pgettext("bid", "capot") : String(contract.value);
  const level = { 2: vocabulary === "contree" ? _("doubled") : _("coinched"), 4: vocabulary === "contree" ? _("redoubled") : _("surcoinched") }[contract.coinche];
  return [`${value} `, trumpEl(contract.trump), ` ${seatName(contract.taker)}`, level ? ` (${level})` : ""];
}

/** Fill ``table`` with the sheet ``doc`` and the pending deals (``[{data}]`` of
 * ``DealSummarized``). */
export function renderSheet(table, doc, pendingDeals, vocabulary) {
  const head = h("thead", {}, h("tr", {},
    h("th", { scope: "col" }, _("Deal")),
    h("th", { scope: "col" }, _("Contract")),
    h("th", { scope: "col" }, _("Result")),
    h("th", { scope: "col", class: "num" }, teamName("NS")),
    h("th", { scope: "col", class: "num" }, teamName("EW")),
  ));
  const body = h("tbody");
  for (const d of doc ? doc.deals : []) {
    const result = d.all_passed ? "" : d.made === true ? _("made") : d.made === false ? _("down") : "";
    body.append(h("tr", { "data-deal": d.number },
      h("th", { scope: "row" }, String(d.number)),
      h("td", {}, contractCell(d.contract, vocabulary)),
      h("td", { class: d.made === false ? "down" : "" }, result),
      h("td", { class: "num" }, h("span", { class: "marks", "data-team": "NS" }, String(d.marks.NS)), h("br"), h("small", { class: "muted" }, String(d.totals.NS))),
      h("td", { class: "num" }, h("span", { class: "marks", "data-team": "EW" }, String(d.marks.EW)), h("br"), h("small", { class: "muted" }, String(d.totals.EW))),
    ));
  }
  let n = doc ? doc.deals.length : 0;
  for (const p of pendingDeals) {
    n += 1;
    body.append(h("tr", { class: "pending", "data-pending": "1" },
      h("th", { scope: "row" }, String(n)),
      h("td", {}, contractCell(p.contract, vocabulary)),
      h("td", { colspan: 3 }, _("not yet stored")),
    ));
  }
  const totals = doc ? doc.totals : { NS: 0, EW: 0 };
  const foot = h("tfoot", {}, h("tr", {},
    h("th", { scope: "row", colspan: 3 }, _("Total")),
    h("td", { class: "num", "data-total": "NS" }, String(totals.NS)),
    h("td", { class: "num", "data-total": "EW" }, String(totals.EW)),
  ));
  clear(table, h("caption", { class: "visually-hidden" }, _("Score sheet")), head, body, foot);
}
