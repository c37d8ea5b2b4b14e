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

const PERIODS = ["all", "year", "month"];

/** The API's query from the page's: the filters, and the period the tables are grouped by. */
function query() {
  const params = new URLSearchParams(window.location.search);
  const out = { period: PERIODS.includes(params.get("period")) ? params.get("period") : "all" };
  for (const key of ["club", "profile", "player", "from", "to"]) if (params.get(key)) out[key] = params.get(key);
  if (out.to) out.to = dayAfter(out.to);
  return out;
}

/** A row's period as people read it: "2026" for a year, "2026-03" for a month. */
function periodText(value, period) {
  if (!value) return _("all time");
  return period === "year" ? String(value).slice(0, 4) : String(value).slice(0, 7);
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

/** The trend: contracts made per month (every profile of the selection together: a rate,
 * not marks, so the profiles' scales do not mix). */
function trend(monthly) {
  const months = [...new Set(monthly.map((r) => r.period))].sort();
  barChart($("chart-trend"), {
    id: "trend",
    title: _("Contracts made, by month"),
    note: _("made / taken"),
    max: 1,
    columns: [_("month"), _("made")],
    rows: months.map((m) => {
      const rows = monthly.filter((r) => r.period === m);
      return { label: periodText(m, "month"), ...pct(sum(rows, "made"), sum(rows, "taken")) };
    }),
  });
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

/** Marks per deal, one column per profile: profiles count marks on different scales (a
 * contrée deal is worth a few marks, an ffb deal a hundred or more), so they are never
 * averaged together. With one profile in the selection, its one column; with several, each
 * row's figure under each profile, read with that profile as a filter. */
async function marksByProfile(q, names, modes, label) {
  if (names.length <= 1) {
    const only = names.length ? names[0] : "";
    return { columns: [["marks_per_deal", label(only), null, true]], values: null };
  }
  const values = new Map(); // mode → row key → {profile: marks}
  await Promise.all(
    modes.flatMap((mode) =>
      names.map(async (profile) => {
        const page = await api(`/stats/${mode}`, { ...q, profile });
        if (!values.has(mode)) values.set(mode, new Map());
        for (const r of page.rows) {
          const key = rowKey(mode, r);
          const cell = values.get(mode).get(key) || {};
          cell[profile] = r.marks_per_deal;
          values.get(mode).set(key, cell);
        }
      }),
    ),
  );
  const columns = names.map((profile) => [`marks@${profile}`, label(profile), null, true]);
  return { columns, values };
}

const KEYS = { players: "player", partnerships: "partnership", clubs: "club", profiles: "profile" };
const rowKey = (mode, r) => `${r.period || ""}|${r[KEYS[mode]]}`;

/** The rows with their per-profile marks (``marks@<profile>``). */
function withMarks(mode, rows, marks) {
  if (!marks.values) return rows;
  const found = marks.values.get(mode) || new Map();
  return rows.map((r) => {
    const out = { ...r };
    const cell = mode === "profiles" ? { [r.profile]: r.marks_per_deal } : found.get(rowKey(mode, r)) || {};
    for (const [profile, value] of Object.entries(cell)) out[`marks@${profile}`] = value;
    return out;
  });
}

async function load() {
  main.setAttribute("aria-busy", "true");
  setStatus(status, _("Loading…"));
  const q = query();
  try {
    const [profiles, players, partnerships, clubs, monthly] = await Promise.all([
      ...["profiles", "players", "partnerships", "clubs"].map((mode) => api(`/stats/${mode}`, q)),
      api("/stats/profiles", { ...q, period: "month" }),
    ]);
    const names = [...new Set(profiles.rows.map((r) => r.profile))].sort();
    const byPeriod = q.period === "all" ? [] : [["period", _("Period"), (v) => periodText(v, q.period)]];
    const [playerMarks, groupMarks] = await Promise.all([
      marksByProfile(q, names, ["players", "partnerships"], (p) => (p ? _("Marks / deal ({profile})", { profile: p }) : _("Marks / deal"))),
      marksByProfile(q, names, ["clubs"], (p) => (p ? _("Takers' marks / deal ({profile})", { profile: p }) : _("Takers' marks / deal"))),
    ]);
    overview(profiles.rows);
    charts(profiles.rows, players.rows);
    trend(monthly.rows);
    const common = [...COMMON.filter(([k]) => k !== "marks_per_deal"), ...playerMarks.columns];
    table($("players"), _("Per player (click a column to sort)"), [["player", _("Player")], ...byPeriod, ...common], withMarks("players", players.rows, playerMarks));
    table($("partnerships"), _("Per partnership (the two players of a side)"), [["partnership", _("Partnership")], ...byPeriod, ...common], withMarks("partnerships", partnerships.rows, playerMarks));
    const groups = [
      ...withMarks("clubs", clubs.rows, groupMarks).map((r) => ({ ...r, group: _("club {club}", { club: r.club }) })),
      ...withMarks("profiles", profiles.rows, groupMarks).map((r) => ({ ...r, group: _("profile {profile}", { profile: r.profile }) })),
    ];
    const takers = COMMON.filter(([k]) => !["wins", "points_per_deal", "marks_per_deal"].includes(k));
    takers.push(["points_per_deal", _("Takers' points / deal"), null, true], ...groupMarks.columns);
    table($("groups"), _("Per club and per profile (each deal counted once, from the takers' side)"), [["group", _("Club / profile")], ...byPeriod, ...takers], groups);
    $("marks-rule").hidden = names.length <= 1;
    const n = sum(profiles.rows, "deals");
    const asOf = profiles.as_of ? _("Figures as of {date}.", { date: profiles.as_of.slice(0, 16).replace("T", " ") }) : _("Not computed yet.");
    $("as-of").textContent = asOf;
    if (profiles.as_of) $("as-of").dataset.asOf = profiles.as_of;
    main.dataset.period = q.period;
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
