// A club's tournaments (?club=…, or the saved token's club), each linking to its live ranking
// and its printable draws.
import { _, api, fillForm, formData, h, initToken, ngettext, setStatus } from "./common.js";

const form = document.getElementById("filters");
const body = document.querySelector("#tournaments tbody");
const status = document.getElementById("list-status");

function row(t) {
  return h(
    "tr",
    { "data-tournament": t.id },
    h("td", {}, h("time", { datetime: t.created_at }, t.created_at.slice(0, 10))),
    h("td", {}, t.name),
    h("td", { class: "num" }, t.version),
    h(
      "td",
      {},
      h("a", { href: `/ui/tournaments/${t.id}`, "aria-label": _("Live ranking of {name}", { name: t.name }) }, _("Live ranking")),
      " · ",
      h("a", { href: `/ui/tournaments/${t.id}/print`, "aria-label": _("Print {name}", { name: t.name }) }, _("Print")),
    ),
  );
}

async function load() {
  body.replaceChildren();
  const club = new URLSearchParams(window.location.search).get("club");
  setStatus(status, _("Loading…"));
  try {
    const page = await api("/tournaments", { club });
    for (const t of page.tournaments) body.append(row(t));
    const n = page.tournaments.length;
    setStatus(status, n ? ngettext("{n} tournament", "{n} tournaments", n) : _("No tournament yet."));
  } catch (error) {
    setStatus(status, _("Could not list the tournaments: {error}", { error: error.message }), "error");
  }
}

fillForm(form, new URLSearchParams(window.location.search));
form.addEventListener("submit", (e) => {
  e.preventDefault();
  const params = new URLSearchParams(formData(form));
  history.replaceState(null, "", `${window.location.pathname}${params.size ? `?${params}` : ""}`);
  load();
});
initToken(load);
load();
