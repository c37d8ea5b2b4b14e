// The statistics dashboard: GET /stats/{profiles,players,partnerships,clubs} (a token with the
// ``read`` scope), drawn as SVG charts and sortable tables.
import { _, api, clear, dayAfter, fillForm, formData, h, initToken, ngettext, setStatus } from "./common.js";
import { barChart, pct } from "./charts.js";

const main = document.getElementById("main");
const form = document.getElementById("filters");
const status = document.getElementById("stats-status");
const $ = (id) => document.getElementById(id);

const LEVELS = ["80", "90", "100", "110", "120", "130", "140", "150", "160+", "capot"];
const TRUMPS = [["suit", _("a suit")], ["sa", _("SA (no trump)")], ["ta", _("TA (all trumps)")]];

function query() {
  const params = new URLSearchParams(window.location.search);
  const out = { period: "all" };
  for (const key of ["club", "profile", "player", "from", "to"]) if (params.get(key)) out[key] = params.get(key);
  if (out.to) out.to = dayAfter(out.to);
  return out;
}

const sum = (rows, key) => rows.reduce((n, r) => n + (Number(r[key]) || 0), 0);
/** Successes behind a rate column (the API gives rates and their denominators). */
const hits = (rows, rate, count) => rows.reduce((n, r) => n + Math.round((Number(r[rate]) || 0) * (Number(r[count]) || 0)), 0);
const asPct = (v) => (v === null || v === undefined ? "—" : `${Math.round(Number(v) * 100)} %`);
const asNum = (v) => (v === null || v === undefined ? "—" : String(v));

function overview(deals) {
  const tiles = [
    [_("Games"), sum(deals, "games")],
    [_("Deals"), sum(deals, "deals")],
    [_("Contracts taken"), sum(deals, "taken")],
    [_("Contracts made"), pct(sum(deals, "made"), sum(deals, "taken")).text],
    [_("Coinches"), sum(deals, "coinches")],
    [_("Capots (bid, made)"), `${sum(deals, "capots_bid")}, ${sum(deals, "capots_bid_made")}`],
  ];
  clear($("overview"), tiles.map(([k, v]) => h("div", { class: "tile" }, h("dt", {}, k), h("dd", {}, String(v)))));
}

function charts(deals, players) {
  barChart($("chart-levels"), {
    id: "levels",
    title: _("Contracts made, by level"),
    note: _("made / taken"),
    max: 1,
    columns: [_("level"), _("made")],
    rows: LEVELS.map((lv) => {
      const key = lv.replace("+", "plus");
      return { label: lv, ...pct(sum(deals, `made_${key}`), sum(deals, `taken_${key}`)) };
    }),
  });
  barChart($("chart-trumps"), {
    id: "trumps",
    title: _("Contracts made, by trump"),
    note: _("made / taken"),
    max: 1,
    columns: [_("trump"), _("made")],
    rows: TRUMPS.map(([key, label]) => ({ label, ...pct(sum(deals, `made_${key}`), sum(deals, `taken_${key}`)) })),
  });
  const coinched = players.filter((p) => Number(p.coinches) > 0);
  barChart($("chart-coinche"), {
    id: "coinche",
    title: _("Coinche success"),
    note: _("coinched contracts that went down; surcoinched ones made"),
    max: 1,
    columns: [_("who"), _("success")],
    rows: [
      { label: _("all coinches"), ...pct(hits(deals, "coinche_success", "coinches"), sum(deals, "coinches")) },
      { label: _("all surcoinches"), ...pct(hits(deals, "surcoinche_success", "surcoinches"), sum(deals, "surcoinches")) },
      ...coinched.map((p) => ({ label: p.player, ...pct(hits([p], "coinche_success", "coinches"), Number(p.coinches)) })),
    ],
  });
  const byPoints = [...players].sort((a, b) => (Number(b.points_per_deal) || 0) - (Number(a.points_per_deal) || 0));
  barChart($("chart-points"), {
    id: "points",
    title: _("Points per deal, by player"),
    note: _("the player's team, average over its deals"),
    max: 162,
    columns: [_("player"), _("points per deal")],
    rows: byPoints.map((p) => ({ label: p.player, value: p.points_per_deal === null ? null : Number(p.points_per_deal), text: `${asNum(p.points_per_deal)} (${ngettext("{n} deal", "{n} deals", Number(p.deals))})` })),
  });
}

/** A sortable table: click a column's header to sort on it. */
function table(el, caption, columns, rows) {
  let sortKey = null;
  let dir = 1;
  const draw = () => {
    const sorted = sortKey === null ? rows : [...rows].sort((a, b) => {
      const x = a[sortKey];
      const y = b[sortKey];
      if (x === y) return 0;
      if (x === null || x === undefined) return 1;
      if (y === null || y === undefined) return -1;
      return (typeof x === "number" && typeof y === "number" ? x - y : String(x).localeCompare(String(y))) * dir;
    });
    clear(
      el,
      h("caption", { class: "muted" }, caption),
      h(
        "thead",
        {},
        h(
          "tr",
          {},
          columns.map(([key, label, , num]) =>
            h(
              "th",
              { scope: "col", class: num ? "num" : null, "aria-sort": sortKey === key ? (dir > 0 ? "ascending" : "descending") : null },
              h("button", { type: "button", class: "sort", onclick: () => { dir = sortKey === key ? -dir : num ? -1 : 1; sortKey = key; draw(); } }, label),
            ),
          ),
        ),
      ),
      h(
        "tbody",
        {},
        sorted.length
          ? sorted.map((r) => h("tr", {}, columns.map(([key, , fmt, num], i) => h(i ? "td" : "th", { class: num ? "num" : null, scope: i ? null : "row" }, (fmt || asNum)(r[key])))))
          : h("tr", {}, h("td", { colspan: columns.length, class: "muted" }, _("No data"))),
      ),
    );
  };
  draw();
}

const COMMON = [
  ["games", _("Games"), null, true],
  ["wins", _("Wins"), null, true],
  ["deals", _("Deals"), null, true],
  ["taken", _("Taken"), null, true],
  ["made_rate", _("Made"), asPct, true],
  ["coinches", _("Coinches"), null, true],
  ["coinche_success", _("Coinche success"), asPct, true],
  ["capots_bid", _("Capots bid"), null, true],
  ["belotes", _("Belotes"), null, true],
  ["points_per_deal", _("Points / deal"), null, true],
  ["marks_per_deal", _("Marks / deal"), null, true],
];

async function load() {
  main.setAttribute("aria-busy", "true");
  setStatus(status, _("Loading…"));
  const q = query();
  try {
    const [profiles, players, partnerships, clubs] = await Promise.all(
      ["profiles", "players", "partnerships", "clubs"].map((mode) => api(`/stats/${mode}`, q)),
    );
    overview(profiles.rows);
    charts(profiles.rows, players.rows);
    table($("players"), _("Per player (click a column to sort)"), [["player", _("Player")], ...COMMON], players.rows);
    table($("partnerships"), _("Per partnership (the two players of a side)"), [["partnership", _("Partnership")], ...COMMON], partnerships.rows);
    const groups = [
      ...clubs.rows.map((r) => ({ ...r, group: _("club {club}", { club: r.club }) })),
      ...profiles.rows.map((r) => ({ ...r, group: _("profile {profile}", { profile: r.profile }) })),
    ];
    const takers = COMMON.filter(([k]) => !["wins", "points_per_deal", "marks_per_deal"].includes(k));
    takers.push(["points_per_deal", _("Takers' points / deal"), null, true], ["marks_per_deal", _("Takers' marks / deal"), null, true]);
    table($("groups"), _("Per club and per profile (each deal counted once, from the takers' side)"), [["group", _("Club / profile")], ...takers], groups);
    const n = sum(profiles.rows, "deals");
    setStatus(status, n ? `${ngettext("{n} game", "{n} games", sum(profiles.rows, "games"))}, ${ngettext("{n} deal", "{n} deals", n)}.` : _("No statistics for this selection yet (they are computed by the workers)."));
    main.dataset.loaded = "true";
  } catch (error) {
    const hint = error.status === 401 ? _(" Paste a token with the 'read' scope under “Access token” above.") : "";
    setStatus(status, _("Could not load the statistics: {error}.", { error: error.message }) + hint, "error");
  } finally {
    main.setAttribute("aria-busy", "false");
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
