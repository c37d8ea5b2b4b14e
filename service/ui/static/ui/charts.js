// Hand-drawn SVG charts: horizontal bars (labels left, so a phone's narrow screen reads them),
// each with its figure caption and the same numbers as a table for screen readers.
import { _, clear, h, svg } from "./common.js";

const ROW = 26;
const LABEL = 112;
const VALUE = 104;

/**
 * Draw ``rows`` ({label, value, text}) into ``figure``. ``max`` is the scale's top (1 for rates);
 * a row whose value is null is drawn without a bar ("no contract", "—").
 */
export function barChart(figure, spec) {
  drawn.set(figure, spec);
  const { id, title, note, rows, max, columns } = spec;
  const top = max ?? Math.max(1, ...rows.map((r) => r.value ?? 0));
  // One SVG unit per CSS pixel, so labels keep their size on a phone and on a desktop.
  const WIDTH = Math.max(300, Math.min(720, Math.floor(figure.clientWidth) - 24 || 420));
  const plot = WIDTH - LABEL - VALUE;
  const height = Math.max(1, rows.length) * ROW + 8;
  const titleId = `${id}-title`;
  const chart = svg(
    "svg",
    { viewBox: `0 0 ${WIDTH} ${height}`, class: "bars", role: "img", "aria-labelledby": titleId, "data-chart": id, preserveAspectRatio: "xMinYMin meet" },
    svg("title", { id: titleId }, `${title}: ${rows.map((r) => `${r.label} ${r.text}`).join("; ") || _("no data")}`),
    svg("line", { x1: LABEL, y1: 0, x2: LABEL, y2: height - 4, class: "axis" }),
    rows.map((r, i) => {
      const y = i * ROW + 4;
      const w = r.value === null || r.value === undefined ? 0 : Math.max(r.value > 0 ? 2 : 0, (plot * r.value) / top);
      return svg(
        "g",
        { class: "bar-row", "data-label": r.label },
        svg("text", { x: LABEL - 6, y: y + ROW / 2 + 4, "text-anchor": "end", class: "label" }, r.label),
        svg("rect", { x: LABEL, y: y + 3, width: w.toFixed(1), height: ROW - 8, rx: 2, class: `bar${r.value === null || r.value === undefined ? " empty" : ""}`, "data-value": r.value ?? "" }),
        svg("text", { x: LABEL + w + 5, y: y + ROW / 2 + 4, class: "value" }, r.text),
      );
    }),
  );
  const table = h(
    "details",
    { class: "chart-data" },
    h("summary", {}, _("Numbers")),
    h(
      "table",
      { class: "data" },
      h("thead", {}, h("tr", {}, (columns || ["", _("value")]).map((c) => h("th", { scope: "col" }, c)))),
      h("tbody", {}, rows.map((r) => h("tr", {}, h("th", { scope: "row" }, r.label), h("td", {}, r.text)))),
    ),
  );
  clear(figure, h("figcaption", {}, h("span", { class: "chart-title" }, title), note ? h("span", { class: "muted" }, ` · ${note}`) : null), rows.length ? chart : h("p", { class: "muted" }, _("No data for this chart.")), table);
}

const drawn = new Map();
let pending = 0;
window.addEventListener("resize", () => {
  window.clearTimeout(pending);
  pending = window.setTimeout(() => {
    for (const [figure, spec] of drawn) if (figure.isConnected) barChart(figure, spec);
  }, 150);
});

export function pct(num, den) {
  if (!den) return { value: null, text: "—" };
  const rate = num / den;
  return { value: rate, text: `${Math.round(rate * 100)} % (${num}/${den})` };
}
