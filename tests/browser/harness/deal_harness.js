// The shell's part of the contract, reduced to what the tests need: send() posts the
// events to the real API in order (expected_version tracked, ids made here), read() GETs
// with the token; the hash gives the game, the token and the language.
import { mountDeal } from "/ui/static/record/deal.js";

const params = new URLSearchParams(window.location.hash.slice(1));
const game = params.get("game");
const token = params.get("token");
const lang = params.get("lang") || "en";
const catalogue = window.__catalogue || {};
const headers = { Authorization: `Bearer ${token}`, "Content-Type": "application/json" };

async function read(path) {
  const answer = await fetch(path, { headers });
  return answer.json();
}

let version = (await read(`/games/${game}`)).version;
window.__sent = [];

async function send(events) {
  const batch = events.map((e) => ({ id: crypto.randomUUID(), ...e }));
  window.__sent.push(batch);
  const answer = await fetch(`/games/${game}/events`, {
    method: "POST", headers, body: JSON.stringify({ expected_version: version, events: batch }),
  });
  const body = await answer.json();
  if (answer.ok) {
    version = body.version;
    return { ok: true, version };
  }
  return { ok: false, problem: body };
}

const state = await read(`/games/${game}/state`);
const info = await read(`/games/${game}`);
window.__deal = mountDeal(document.getElementById("deal"), {
  game: { id: game, profile: state.profile, seats: info.seats, enforcement: state.enforcement,
    length: null, club: info.club },
  state,
  lang,
  t: (id) => catalogue[id] || id,
  send,
  read,
  recorder: "harness",
  onDealEnd: () => { document.body.dataset.dealEnded = String(Number(document.body.dataset.dealEnded || 0) + 1); },
});
