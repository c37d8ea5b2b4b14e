// Shared by the pages: the words of the page's language, the token, calls to the JSON API,
// cards and suits as text, DOM helpers.

const TOKEN_KEY = "coinche.token";

// ---- the page's language: its catalogue is a JSON data block the server wrote ----
/** The page's language ("fr" or "en"): the one the server negotiated. */
export const LANG = document.documentElement.lang || "en";
const CATALOGUE = (() => {
  try {
    return JSON.parse(document.getElementById("ui-messages")?.textContent || "{}");
  } catch {
    return {};
  }
})();

function fill(text, params) {
  return text.replace(/\{([a-z_]+)\}/g, (whole, key) => (key in params ? String(params[key]) : whole));
}

/** The translation of ``message`` (its English text), with ``{name}`` filled from ``params``. */
export function _(message, params = {}) {
  const found = CATALOGUE[message];
  return fill(typeof found === "string" && found ? found : message, params);
}

/** ``ngettext("{n} trick", "{n} tricks", n)``: the plural form the language's rules pick. */
export function ngettext(singular, plural, n, params = {}) {
  const forms = CATALOGUE[singular];
  const one = new Intl.PluralRules(LANG).select(n) === "one";
  let text = one ? singular : plural;
  if (Array.isArray(forms) && forms.length) text = forms[one ? 0 : forms.length - 1] || text;
  return fill(text, { n, ...params });
}

/** A message with a context (``pgettext("seat", "W")`` is "O" in French). */
export function pgettext(context, message, params = {}) {
  const found = CATALOGUE[`${context}\u0004${message}`];
  return fill(typeof found === "string" && found ? found : message, params);
}

/** A seat as the page's language writes it (N E S W, or N E S O). */
export function seatName(seat) {
  const names = { N: pgettext("seat", "N"), E: pgettext("seat", "E"), S: pgettext("seat", "S"), W: pgettext("seat", "W") };
  return names[seat] || seat;
}

/** A team (NS, EW / EO). */
export function teamName(team) {
  return [...team].map(seatName).join("");
}

// The language switch keeps the page's own position and filters (the query string).
for (const link of document.querySelectorAll("a[data-lang]")) {
  link.addEventListener("click", () => {
    const url = new URL(window.location.href);
    url.searchParams.set("lang", link.dataset.lang);
    link.href = `${url.pathname}${url.search}${url.hash}`;
  });
}

export function token() {
  try {
    return localStorage.getItem(TOKEN_KEY) || "";
  } catch {
    return "";
  }
}

function storeToken(value) {
  if (value) localStorage.setItem(TOKEN_KEY, value);
  else localStorage.removeItem(TOKEN_KEY);
}

/** The header's token form: save/forget, then call ``changed()`` so the page reloads its data. */
export function initToken(changed) {
  const form = document.getElementById("token-form");
  const input = document.getElementById("token-input");
  const state = document.getElementById("token-state");
  const show = () => {
    const t = token();
    state.textContent = t ? _("(set: {start}…)", { start: t.slice(0, 6) }) : _("(none: public games only)");
  };
  show();
  form.addEventListener("submit", (e) => {
    e.preventDefault();
    storeToken(input.value.trim());
    input.value = "";
    show();
    document.getElementById("token-box").open = false;
    changed();
  });
  document.getElementById("token-forget").addEventListener("click", () => {
    storeToken("");
    input.value = "";
    show();
    changed();
  });
}

export class ApiError extends Error {
  constructor(status, problem, path) {
    const detail = problem && (problem.detail || problem.title);
    super(detail ? `${detail} (HTTP ${status})` : _("HTTP {status} on {path}", { status, path }));
    this.status = status;
    this.problem = problem;
  }
}

/** GET ``path`` of this service's API with ``params`` (empty values left out); the JSON body. */
export async function api(path, params = {}) {
  const url = new URL(path, window.location.origin);
  url.searchParams.set("lang", LANG); // the API's words (timeline, findings, problems) follow the page
  for (const [k, v] of Object.entries(params)) {
    if (v !== undefined && v !== null && v !== "") url.searchParams.set(k, v);
  }
  const headers = { Accept: "application/json" };
  const t = token();
  if (t) headers.Authorization = `Bearer ${t}`;
  const response = await fetch(url, { headers });
  if (!response.ok) {
    let problem = null;
    try {
      problem = await response.json();
    } catch {
      problem = null;
    }
    throw new ApiError(response.status, problem, url.pathname);
  }
  return response.json();
}

/** ``h("p", {class: "x"}, "text", child)``: an element; ``on…`` attributes add listeners. */
export function h(tag, attrs = {}, ...children) {
  const el = document.createElement(tag);
  setAttrs(el, attrs);
  append(el, children);
  return el;
}

/** An SVG element (same signature as ``h``). */
export function svg(tag, attrs = {}, ...children) {
  const el = document.createElementNS("http://www.w3.org/2000/svg", tag);
  setAttrs(el, attrs);
  append(el, children);
  return el;
}

function setAttrs(el, attrs) {
  for (const [k, v] of Object.entries(attrs || {})) {
    if (v === null || v === undefined || v === false) continue;
    if (k.startsWith("on") && typeof v === "function") el.addEventListener(k.slice(2), v);
    else el.setAttribute(k, v === true ? "" : String(v));
  }
}

function append(el, children) {
  for (const c of children.flat(Infinity)) {
    if (c === null || c === undefined || c === false) continue;
    el.append(c instanceof Node ? c : String(c));
  }
}

export function clear(el, ...children) {
  el.replaceChildren();
  append(el, children);
  return el;
}

// Cards are written like the API: rank 7 8 9 T J Q K A, then suit C D H S ("JH", "TS").
export const SUITS = {
  C: { symbol: "♣", word: pgettext("suit", "clubs") },
  D: { symbol: "♦", word: pgettext("suit", "diamonds") },
  H: { symbol: "♥", word: pgettext("suit", "hearts") },
  S: { symbol: "♠", word: pgettext("suit", "spades") },
};
const RANKS = {
  7: ["7", pgettext("rank", "seven")], 8: ["8", pgettext("rank", "eight")],
  9: ["9", pgettext("rank", "nine")], T: ["10", pgettext("rank", "ten")],
  J: [pgettext("rank letter", "J"), pgettext("rank", "jack")],
  Q: [pgettext("rank letter", "Q"), pgettext("rank", "queen")],
  K: [pgettext("rank letter", "K"), pgettext("rank", "king")],
  A: [pgettext("rank letter", "A"), pgettext("rank", "ace")],
};
const RANK_ORDER = "AKQJT987";
const SUIT_ORDER = "SHCD"; // black and red alternate in a hand

/** "jack of hearts", "valet de cœur"; "neuf d'atout" when ``trump`` is the card's suit. */
export function cardWords(name, trump = null) {
  if (trump === name[1]) return _("{rank} of trumps", { rank: RANKS[name[0]][1] });
  return _("{rank} of {suit}", { rank: RANKS[name[0]][1], suit: SUITS[name[1]].word });
}

/** "J♥" */
export function cardText(name) {
  return `${RANKS[name[0]][0]}${SUITS[name[1]].symbol}`;
}

export function sortCards(names) {
  return [...names].sort(
    (a, b) =>
      SUIT_ORDER.indexOf(a[1]) - SUIT_ORDER.indexOf(b[1]) ||
      RANK_ORDER.indexOf(a[0]) - RANK_ORDER.indexOf(b[0]),
  );
}

/**
 * A card face: rank, suit symbol and suit letter (the suit never rests on colour alone),
 * read by screen readers as "jack of hearts", or "nine of trumps" when ``extra.trump`` is its
 * suit (``extra.label`` adds to that: "…, rule broken").
 */
export function cardEl(name, extra = {}) {
  const { class: more, label: said, trump = null, ...attrs } = extra;
  const suit = name[1];
  const cls = ["card", `suit-${suit}`, more].filter(Boolean).join(" ");
  const words = cardWords(name, trump);
  const label = said ? `${words}, ${said}` : words;
  return h(
    "span",
    { ...attrs, class: cls, role: "img", "aria-label": label, "data-card": name, title: label },
    h("span", { class: "rank", "aria-hidden": "true" }, RANKS[name[0]][0]),
    h("span", { class: "sym", "aria-hidden": "true" }, SUITS[suit].symbol),
    h("span", { class: "sl", "aria-hidden": "true" }, suit),
  );
}

/** A suit or trump mark: "♥ H" for hearts, "SA" (no trump), "TA" (all trumps). */
export function trumpEl(trump) {
  if (SUITS[trump]) {
    return h(
      "span",
      { class: `suitmark suit-${trump}`, role: "img", "aria-label": SUITS[trump].word },
      h("span", { class: "sym", "aria-hidden": "true" }, SUITS[trump].symbol),
      h("span", { class: "sl", "aria-hidden": "true" }, trump),
    );
  }
  const words = { SA: pgettext("trump", "no trump"), TA: pgettext("trump", "all trump") };
  return h("abbr", { class: "suitmark", title: words[trump] || trump }, trump);
}

/** "90 ♥H by S, coinched" as nodes ("contré" in the contrée profiles: the state's
 * ``vocabulary``). */
export function contractEls(contract, vocabulary = "") {
  if (!contract) return [_("no contract")];
  const contre = vocabulary === "contree";
  const coinche = {
    2: contre ? _(", doubled (contre)") : _(", coinched"),
    4: contre ? _(", redoubled (surcontre)") : _(", surcoinched"),
  }[contract.coinche] || "";
  const value = contract.value === "capot" ? pgettext("bid", "capot") : contract.value;
  return [`${value} `, trumpEl(contract.trump), _(" by {seat}", { seat: seatName(contract.taker) }), coinche];
}

export function formData(form) {
  const out = {};
  for (const [k, v] of new FormData(form).entries()) if (String(v).trim()) out[k] = String(v).trim();
  return out;
}

/** Fill a filter form from the page's query string. */
export function fillForm(form, params) {
  for (const el of form.elements) if (el.name && params.has(el.name)) el.value = params.get(el.name);
}

/** The ISO date of the day after ``day`` ("2024-03-01" → "2024-03-02"): "to" dates are inclusive
 * on the page, exclusive in the API. */
export function dayAfter(day) {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString().slice(0, 10);
}

export function setStatus(el, text, kind = "") {
  el.textContent = text;
  el.dataset.kind = kind;
}
