// The recording page's queue: every tap that makes an event is written to IndexedDB
// first (with its event id, made here), then sent in order, one request at a time.
// A reload, a closed tab or a dead battery lose nothing: the queue is read back on the
// next start. Sending is idempotent: a request that is retried keeps its event ids, so
// the API answers 200 "replayed" if it had in fact stored it.

const DB_NAME = "coinche-record";
const DB_VERSION = 1;

function request(r) {
  return new Promise((resolve, reject) => {
    r.onsuccess = () => resolve(r.result);
    r.onerror = () => reject(r.error);
  });
}

let opened = null;
/** The page's database: ``queue`` (pending requests, in order) and ``games`` (the games
 * recorded on this device: id, club, profile, seats, the last stored version). */
export function db() {
  if (!opened) {
    opened = new Promise((resolve, reject) => {
      const r = indexedDB.open(DB_NAME, DB_VERSION);
      r.onupgradeneeded = () => {
        const d = r.result;
        if (!d.objectStoreNames.contains("queue")) d.createObjectStore("queue", { keyPath: "seq", autoIncrement: true });
        if (!d.objectStoreNames.contains("games")) d.createObjectStore("games", { keyPath: "id" });
      };
      r.onsuccess = () => resolve(r.result);
      r.onerror = () => reject(r.error);
    });
  }
  return opened;
}

async function tx(store, mode, work) {
  const d = await db();
  return new Promise((resolve, reject) => {
    const t = d.transaction(store, mode);
    let out;
    Promise.resolve(work(t.objectStore(store))).then((v) => { out = v; }, reject);
    t.oncomplete = () => resolve(out);
    t.onerror = () => reject(t.error);
    t.onabort = () => reject(t.error);
  });
}

export const games = {
  all: () => tx("games", "readonly", (s) => request(s.getAll())),
  get: (id) => tx("games", "readonly", (s) => request(s.get(id))),
  put: (game) => tx("games", "readwrite", (s) => request(s.put(game))),
  remove: (id) => tx("games", "readwrite", (s) => request(s.delete(id))),
};

/** Every pending request, oldest first. */
export const pending = () => tx("queue", "readonly", (s) => request(s.getAll()));

/** Add a request to the queue: ``{kind: "create"|"append", game, body|events, label}``;
 * its ``seq`` once written. */
export const enqueue = (item) => tx("queue", "readwrite", (s) => request(s.add({ ...item, state: "pending" })));
const update = (item) => tx("queue", "readwrite", (s) => request(s.put(item)));
const remove = (seq) => tx("queue", "readwrite", (s) => request(s.delete(seq)));

export const newId = () => crypto.randomUUID();

/**
 * The sender: ``new Sender({post, onChange, onConflict, onRefused, onStored})``. ``post(path,
 * body)`` answers ``{status, body}`` or throws on a network failure. One request at a
 * time, in order; a network failure or a 5xx waits and retries the same request (same
 * ids); a 409 version conflict or a refused request (4xx) stops the game's requests and
 * asks the page (``onConflict``, ``onRefused``), which then ``resolve``s the item.
 */
export class Sender {
  constructor(hooks) {
    this.hooks = hooks;
    this.running = false;
    this.again = false;
    this.delay = 1000;
    this.timer = null;
    this.waiters = new Map(); // seq → [resolve]
    this.versions = new Map(); // game → its version as last stored by this page
    this.current = null; // the item being sent now
    this.taking = null; // the item being taken back now: not to be sent
  }

  /** Resolves with the result once the queued item ``seq`` is stored (or dropped). */
  until(seq) {
    return new Promise((resolve) => {
      const list = this.waiters.get(seq) || [];
      list.push(resolve);
      this.waiters.set(seq, list);
    });
  }

  settle(seq, result) {
    for (const resolve of this.waiters.get(seq) || []) resolve(result);
    this.waiters.delete(seq);
  }

  kick() {
    clearTimeout(this.timer);
    this.timer = null;
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = true;
    this.run().finally(() => {
      this.current = null;
      this.running = false;
      if (this.again) {
        this.again = false;
        this.kick();
      }
    });
  }

  async run() {
    for (;;) {
      this.current = null; // the last item sent has left the queue, or is back waiting in it
      const items = await pending();
      this.hooks.onChange(items);
      const next = items.find((i) => i.state === "pending" && !items.some((j) => j.seq < i.seq && j.game === i.game && j.state !== "pending"));
      if (!next || next.seq === this.taking) return; // taken back: kicked again after
      let answer;
      this.current = next.seq;
      try {
        answer = await this.send(next);
      } catch {
        this.hooks.onOffline?.();
        this.timer = setTimeout(() => this.kick(), this.delay);
        this.delay = Math.min(this.delay * 2, 15000);
        return;
      }
      this.delay = 1000;
      if (answer.status >= 500 || answer.status === 408 || answer.status === 429) {
        this.timer = setTimeout(() => this.kick(), 2000);
        return;
      }
      if (answer.status === 200 || answer.status === 201) {
        if (answer.body && answer.body.version) this.versions.set(next.game, answer.body.version);
        await remove(next.seq);
        await this.hooks.onStored(next, answer.body);
        this.settle(next.seq, { ok: true, version: answer.body.version, problem: null });
        continue;
      }
      const problem = answer.body || { status: answer.status };
      const conflict = answer.status === 409 && String(problem.type || "").endsWith("/version-conflict");
      next.state = conflict ? "conflict" : "refused";
      next.problem = problem;
      await update(next);
      if (conflict) await this.hooks.onConflict(next, problem);
      else await this.hooks.onRefused(next, problem);
    }
  }

  async send(item) {
    if (item.kind === "create") return this.hooks.post("/games", item.body);
    let version = this.versions.get(item.game);
    if (version === undefined) {
      const game = await games.get(item.game);
      version = game ? game.version : 1;
    }
    const body = { expected_version: version, events: item.events };
    return this.hooks.post(`/games/${item.game}/events`, body);
  }

  /** The stored version of ``game`` is ``version`` (read from the API after a conflict). */
  known(game, version) {
    this.versions.set(game, version);
  }

  /** Send ``item`` again (after a conflict the page chose to record it after the others). */
  async retry(item) {
    item.state = "pending";
    delete item.problem;
    await update(item);
    this.kick();
  }

  /** Write ``item`` back unchanged in its place (its events corrected by the page). */
  async save(item) {
    await update(item);
  }

  /** Take back the queued item ``seq`` before it is sent (the recorder's undo while
   * offline): false when it is no longer waiting in the queue, or is being sent now. */
  async takeBack(seq) {
    const item = (await pending()).find((i) => i.seq === seq);
    if (!item || item.state !== "pending" || seq === this.current) return false;
    this.taking = seq; // from here the sender passes it by (no await in between)
    try {
      await remove(seq);
    } finally {
      this.taking = null;
    }
    this.settle(seq, { ok: false, version: null, problem: null });
    this.kick();
    return true;
  }

  /** Drop ``item`` (the recorder chose so, on screen): its waiters learn it was not stored. */
  async drop(item) {
    await remove(item.seq);
    this.settle(item.seq, { ok: false, version: null, problem: item.problem || null });
    this.kick();
  }
}
