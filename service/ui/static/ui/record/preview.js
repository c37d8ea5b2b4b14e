// The marks a score-only deal would give, shown before it is saved. The rules run on the
// server: the page asks ``POST /games/{id}/preview`` (an append judged and rolled back)
// once the form is complete, debounced, and never computes a score itself. Offline, with
// entries still queued, or on any error, it says the marks will show once stored.
import { _, h, pgettext, teamName } from "../common.js";

const WAIT_MS = 350; // after the last tap

/**
 * A previewer for one form: ``show(data)`` with a complete ``DealSummarized`` payload (or
 * null while incomplete) updates ``el``. ``ask(data)`` resolves to ``{deal}`` (the sheet's
 * row the deal would be), ``{problem}`` (the rules refuse it) or null (cannot tell now).
 */
export function previewer(el, ask) {
  let timer = null;
  let asked = 0; // only the latest answer is shown
  const say = (kind, ...children) => {
    el.dataset.kind = kind;
    el.replaceChildren(...children);
  };
  return function show(data) {
    clearTimeout(timer);
    asked += 1;
    if (!data) {
      say("none");
      return;
    }
    if (!ask) {
      say("later", _("The marks will show once the deal is stored."));
      return;
    }
    const mine = asked;
    say("waiting", _("Marks: …"));
    timer = setTimeout(async () => {
      let answer = null;
      try {
        answer = navigator.onLine === false ? null : await ask(data);
      } catch {
        answer = null;
      }
      if (mine !== asked) return;
      if (answer && answer.deal) say("marks", ...marksText(answer.deal, answer.over ? answer.winner : null));
      else if (answer && answer.problem) say("refused", answer.problem);
      else say("later", _("The marks will show once the deal is stored."));
    }, WAIT_MS);
  };
}

function marksText(row, winner) {
  const out = [
    row.made === false ? pgettext("deal", "Down") : row.made === true ? pgettext("deal", "Made") : "",
    " · ",
    _("Marks:"), " ",
    h("span", { class: "marks", "data-preview": "NS" }, `${teamName("NS")} ${row.marks.NS}`),
    " · ",
    h("span", { class: "marks", "data-preview": "EW" }, `${teamName("EW")} ${row.marks.EW}`),
  ];
  const raw = row.marks_before_rounding;
  if (raw && (raw.NS !== row.marks.NS || raw.EW !== row.marks.EW)) {
    out.push(" ", h("small", { class: "muted" }, _("(before rounding: {ns} · {ew})", { ns: raw.NS, ew: raw.EW })));
  }
  if (winner) out.push(h("br"), h("strong", {}, _("This deal would end the game: {team} win.", { team: teamName(winner) })));
  return out;
}
