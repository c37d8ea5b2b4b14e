// A tournament on a big screen: the live ranking and the current round's table plan, read from
// the public JSON API and refreshed every ``?refresh=N`` seconds (15 by default, at least 5).
import { _, api, clear, h, initToken, ngettext, pgettext, seatName, setStatus } from "./common.js";

const main = document.getElementById("main");
const id = main.dataset.tournament;
const status = document.getElementById("t-status");
const every = Math.max(5, Number(new URLSearchParams(window.location.search).get("refresh")) || 15);
document.getElementById("t-every").textContent = String(every);

function side(s) {
  return `${s.team}. ${s.name} (${s.players.join(" & ")})`;
}

function result(table) {
  if (table.points) return `${table.points.NS} – ${table.points.EW}`;
  const boards = Object.keys(table.boards).length;
  return boards ? ngettext("{n} board", "{n} boards", boards) : _("playing");
}

function abbr(short, long) {
  return h("abbr", { title: long }, short);
}

function showStandings(doc, duplicate) {
  const head = [
    _("Rank"), _("Team"), _("Players"),
    abbr(pgettext("wins", "W"), _("wins")), abbr(pgettext("draws", "D"), _("draws")), abbr(pgettext("losses", "L"), _("losses")),
  ].concat(duplicate ? ["%", _("IMPs")] : [_("Points"), _("Diff.")]);
  clear(document.querySelector("#standings thead tr"), head.map((t) => h("th", { scope: "col" }, t)));
  const rows = doc.standings.map((s) =>
    h(
      "tr",
      { "data-team": s.team, class: s.withdrawn ? "muted" : null },
      h("td", { class: "num" }, s.rank),
      h("td", {}, `${s.team}. ${s.name}${s.withdrawn ? ` ${_("(withdrawn)")}` : ""}`),
      h("td", {}, s.players),
      h("td", { class: "num" }, s.wins),
      h("td", { class: "num" }, s.draws),
      h("td", { class: "num" }, s.losses),
      duplicate
        ? [h("td", { class: "num" }, s.matchpoints.toFixed(2)), h("td", { class: "num" }, s.imps.toFixed(2))]
        : [h("td", { class: "num" }, s.points_for), h("td", { class: "num" }, s.difference)],
    ),
  );
  clear(document.querySelector("#standings tbody"), rows);
}

function showPlan(t) {
  const round = t.rounds[t.rounds.length - 1];
  document.getElementById("plan-title").textContent = round ? _("Table plan, round {number}", { number: round.round }) : _("No round drawn yet");
  const rows = round
    ? round.tables.map((table) =>
        h(
          "tr",
          { "data-table": table.table },
          h("td", { class: "num" }, table.table),
          h("td", {}, side(table.ns)),
          h("td", {}, side(table.ew)),
          h("td", {}, seatName(table.first_dealer)),
          h("td", {}, result(table)),
        ),
      )
    : [];
  clear(document.querySelector("#plan tbody"), rows);
  document.getElementById("plan-duplicate").hidden = !t.format.duplicate;
  document.getElementById("plan-bye").textContent = round && round.bye ? _("Bye: {team}. {name}", { team: round.bye.team, name: round.bye.name }) : "";
}

async function load() {
  try {
    const [t, standings] = await Promise.all([api(`/tournaments/${id}`), api(`/tournaments/${id}/standings`)]);
    document.getElementById("t-name").textContent = t.name;
    document.title = `${t.name} · coinche-log`;
    const teams = ngettext("{n} team", "{n} teams", t.teams.length);
    const rounds = _("round {drawn} of {total}", { drawn: t.rounds.length, total: t.format.rounds });
    document.getElementById("t-summary").textContent = `${teams} · ${rounds} · ${t.format.name}`;
    showStandings(standings, t.format.duplicate);
    showPlan(t);
    setStatus(status, _("Updated {time}", { time: new Date().toLocaleTimeString(document.documentElement.lang) }));
  } catch (error) {
    setStatus(status, _("Could not read the tournament: {error}", { error: error.message }), "error");
  }
}

initToken(load);
load();
setInterval(load, every * 1000);
