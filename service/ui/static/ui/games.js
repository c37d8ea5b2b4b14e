// The game list: filters in the query string (shareable), pages of GET /games, links to replays.
import { _, api, dayAfter, fillForm, formData, h, initToken, ngettext, setStatus } from "./common.js";

const form = document.getElementById("filters");
const body = document.querySelector("#games tbody");
const status = document.getElementById("list-status");
const more = document.getElementById("more");
let next = null;
const STATUS = { live: _("live"), finished: _("finished"), abandoned: _("abandoned") };

function query() {
  const params = new URLSearchParams(window.location.search);
  const out = {};
  for (const key of ["club", "player", "profile", "status", "from", "to"]) {
    if (params.get(key)) out[key] = params.get(key);
  }
  if (out.to) out.to = dayAfter(out.to);
  return out;
}

function row(game) {
  const seats = ["N", "E", "S", "W"].map((s) => game.seats[s] || "—").join(" · ");
  const link = h(
    "a",
    { href: `/ui/games/${game.id}`, "aria-label": _("Replay game {game} ({players})", { game: game.id.slice(0, 8), players: seats }) },
    _("Replay"),
  );
  return h(
    "tr",
    { "data-game": game.id },
    h("td", {}, h("time", { datetime: game.created_at }, game.created_at.slice(0, 16).replace("T", " "))),
    h("td", {}, game.club || "—"),
    h("td", {}, game.profile || "custom"),
    h("td", {}, seats),
    h("td", {}, h("span", { class: `badge status-${game.status}` }, STATUS[game.status] || game.status)),
    h("td", { class: "num" }, game.version),
    h("td", {}, link),
  );
}

async function load(reset) {
  if (reset) {
    body.replaceChildren();
    next = null;
  }
  setStatus(status, _("Loading…"));
  try {
    const page = await api("/games", { ...query(), limit: 50, after: next });
    for (const game of page.games) body.append(row(game));
    next = page.next;
    more.hidden = !next;
    const n = body.rows.length;
    setStatus(status, n ? ngettext("{n} game", "{n} games", n) + (next ? _(" (more below)") : "") : _("No game matches."));
  } catch (error) {
    setStatus(status, _("Could not list the games: {error}", { error: error.message }), "error");
  }
}

fillForm(form, new URLSearchParams(window.location.search));
form.addEventListener("submit", (e) => {
  e.preventDefault();
  const params = new URLSearchParams(formData(form));
  history.replaceState(null, "", `${window.location.pathname}${params.size ? `?${params}` : ""}`);
  load(true);
});
more.addEventListener("click", () => load(false));
initToken(() => load(true));
load(true);
