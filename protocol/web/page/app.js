// The game page: talks JSON with the server over a WebSocket (see
// protocol/web/PROTOCOL.md), draws what it is told, and turns clicks into
// actions. Which actions exist, and what each one is, comes from the
// server: a click narrows the legal actions to those whose squares start
// with the squares clicked so far; when squares alone cannot tell them
// apart (a promotion's piece, a quest) the page asks with buttons, and an
// action without squares (pass, skip, a card's name, a spell) is a button.
"use strict";

const $ = (id) => document.getElementById(id);

const app = {
  ws: null,
  catalog: [],
  variant: null, // the "game" message's variant
  game: null, // the "game" message
  state: null, // the last "state" message
  picked: [], // squares clicked towards an action
  chooser: null, // actions the squares cannot tell apart
  lastInfo: null,
  flipped: false,
  board: null,
};
window.fable = app; // for the browser test and for curious people

function send(message) {
  if (app.ws && app.ws.readyState === WebSocket.OPEN) app.ws.send(JSON.stringify(message));
}

function connect() {
  const scheme = location.protocol === "https:" ? "wss" : "ws";
  app.ws = new WebSocket(`${scheme}://${location.host}/ws`);
  app.ws.onmessage = (e) => receive(JSON.parse(e.data));
  app.ws.onclose = () => {
    setConnection("disconnected: reload the page once the server runs again", true);
  };
  app.ws.onopen = () => setConnection("", false);
}

function setConnection(text, bad) {
  const el = $("connection");
  el.textContent = text;
  el.hidden = !text;
  el.classList.toggle("bad", bad);
}

function receive(m) {
  switch (m.type) {
    case "hello":
      app.catalog = m.catalog;
      fillVariantForm();
      startFromUrl();
      break;
    case "game":
      onGame(m);
      break;
    case "state":
      onState(m);
      break;
    case "info":
      onInfo(m);
      break;
    case "engine_move":
      onEngineMove(m);
      break;
    case "pgn":
      onPgn(m.text);
      break;
    case "error":
      showError(m.message);
      break;
  }
}

function showError(text) {
  const el = $("error");
  el.textContent = text;
  el.hidden = false;
  clearTimeout(showError.timer);
  showError.timer = setTimeout(() => (el.hidden = true), 6000);
}

// --- the new-game form ---------------------------------------------------

function fillVariantForm() {
  const select = $("f-variant");
  select.replaceChildren();
  for (const v of app.catalog) {
    const o = document.createElement("option");
    o.value = v.name;
    o.textContent = v.title;
    select.appendChild(o);
  }
  select.onchange = () => fillOptionFields(select.value, "");
  fillOptionFields(select.value, "");
}

function fillOptionFields(variantName, optionList) {
  const info = app.catalog.find((v) => v.name === variantName);
  const box = $("f-options");
  box.replaceChildren();
  const words = new Set(optionList.split(",").filter(Boolean));
  for (const opt of info ? info.options : []) {
    const label = document.createElement("label");
    label.title = opt.description;
    if (opt.check) {
      const input = document.createElement("input");
      input.type = "checkbox";
      input.dataset.option = opt.name;
      input.dataset.word = (opt.values.find((v) => v.value === "1") || {}).word || "";
      input.dataset.offWord = (opt.values.find((v) => v.value === "0") || {}).word || "";
      if (!words.size) input.checked = opt.values[opt.default].value === "1";
      else if (input.dataset.word) input.checked = words.has(input.dataset.word);
      else input.checked = !words.has(input.dataset.offWord);
      label.append(input, " " + opt.description);
    } else {
      const select = document.createElement("select");
      select.dataset.option = opt.name;
      const named = opt.values.findIndex((v) => v.word && words.has(v.word));
      const unnamed = opt.values.findIndex((v) => !v.word);
      const chosen = !words.size ? opt.default : named >= 0 ? named : unnamed >= 0 ? unnamed : opt.default;
      opt.values.forEach((v, i) => {
        const o = document.createElement("option");
        o.value = v.word;
        o.textContent = v.value;
        o.selected = i === chosen;
        select.appendChild(o);
      });
      label.append(opt.name + ": ", select);
      const hint = document.createElement("small");
      hint.textContent = " " + opt.description;
      label.appendChild(hint);
    }
    box.appendChild(label);
  }
}

function optionListFromForm() {
  const words = [];
  for (const el of $("f-options").querySelectorAll("[data-option]")) {
    if (el.type === "checkbox") {
      const w = el.checked ? el.dataset.word : el.dataset.offWord;
      if (w) words.push(w);
    } else if (el.value) {
      words.push(el.value);
    }
  }
  return words.join(",");
}

const PLAYERS = {
  white: { white: "human", black: "engine" },
  black: { white: "engine", black: "human" },
  both: { white: "human", black: "human" },
  none: { white: "engine", black: "engine" },
};

function newGameMessage(variant, options, play, movetime, depth, seed, position) {
  const who = PLAYERS[play] || PLAYERS.white;
  const m = { type: "new", variant, options, white: who.white, black: who.black, movetime, depth, seed };
  if (position) m.position = position;
  return m;
}

function startFromForm() {
  const variant = $("f-variant").value;
  const options = optionListFromForm();
  const play = $("f-play").value;
  const movetime = Math.max(1, parseInt($("f-movetime").value, 10) || 1000);
  const depth = Math.max(0, parseInt($("f-depth").value, 10) || 0);
  const seed = Math.max(0, parseInt($("f-seed").value, 10) || 1);
  const params = new URLSearchParams({ variant, options, play, movetime, depth, seed });
  history.replaceState(null, "", `?${params}`);
  send(newGameMessage(variant, options, play, movetime, depth, seed));
  $("newgame").open = false;
}

// `/?variant=NAME&options=LIST[&play=white|black|both|none&movetime=MS&depth=N&seed=S]`
// starts that game at once; without a variant, chess against the engine.
function startFromUrl() {
  const q = new URLSearchParams(location.search);
  const variant = q.get("variant") || "normal";
  const options = q.get("options") || "";
  const play = q.get("play") || "white";
  const movetime = parseInt(q.get("movetime"), 10) || 1000;
  const depth = parseInt(q.get("depth"), 10) || 0;
  const seed = parseInt(q.get("seed"), 10) || 1;
  $("f-variant").value = variant;
  fillOptionFields(variant, options);
  $("f-play").value = PLAYERS[play] ? play : "white";
  $("f-movetime").value = movetime;
  $("f-depth").value = depth;
  $("f-seed").value = seed;
  send(newGameMessage(variant, options, play, movetime, depth, seed, q.get("position")));
}

// --- the game -------------------------------------------------------------

function onGame(m) {
  app.game = m;
  app.variant = m.variant;
  Pieces.setTypes(m.variant.pieces);
  app.board.setGeometry(m.variant.geometry);
  // The person's side at the bottom (White when both or neither play).
  app.flipped = m.white === "engine" && m.black === "human";
  app.board.flipped = app.flipped;
  app.lastInfo = null;
  $("title").textContent = m.variant.title + (m.variant.options ? ` (${m.variant.options})` : "");
  $("goal").textContent = m.variant.goal || "";
  $("seed").textContent = `seed ${m.seed}`;
  $("players").value = playersKey(m.white, m.black);
  drawLegend();
  $("cards-panel").hidden = !m.variant.deck;
  $("engine-line").textContent = "";
  $("engine-stats").textContent = "";
}

function playersKey(white, black) {
  for (const [k, v] of Object.entries(PLAYERS)) if (v.white === white && v.black === black) return k;
  return "white";
}

function drawLegend() {
  const box = $("legend");
  box.replaceChildren();
  for (const t of app.variant.pieces) {
    const row = document.createElement("div");
    row.className = "legend-row";
    const letter = t.letter;
    row.title = t.moves;
    row.appendChild(Pieces.icon(letter, 30));
    if (!t.neutral) row.appendChild(Pieces.icon(letter.toLowerCase(), 30));
    const text = document.createElement("span");
    const b = document.createElement("b");
    b.textContent = `${t.letter} ${Pieces.title(t)}`;
    const moves = document.createElement("small");
    moves.textContent = t.moves + (t.neutral ? " (neutral: belongs to no one)" : "");
    text.append(b, " ", moves);
    row.appendChild(text);
    box.appendChild(row);
  }
}

function onState(s) {
  app.state = s;
  app.picked = [];
  app.chooser = null;
  document.body.dataset.ply = s.ply;
  document.body.dataset.thinking = s.thinking ? "1" : "0";
  document.body.dataset.decision = s.decision.actor;
  render();
}

function render() {
  const s = app.state;
  if (!s || !app.variant) return;
  app.board.render(s.board, marks());
  $("prompt").textContent = s.prompt;
  $("prompt").className = "prompt " + (s.result.over ? "over" : s.decision.actor);
  $("position").textContent = s.position;
  const thinking = s.thinking ? "Fable is thinking…" : s.waiting ? "Fable waits: press Go to let it play this decision." : "";
  $("thinking").textContent = thinking;
  $("btn-stop").disabled = !s.thinking;
  $("btn-go").disabled = s.thinking || s.result.over || s.decision.actor === "chance";
  $("btn-undo").disabled = s.ply === 0;
  renderActions();
  renderCards();
  renderLog();
  renderReplay();
}

// --- pointing at actions ---------------------------------------------------

function legal() {
  return app.state ? app.state.legal : [];
}

function startsWith(squares, prefix) {
  return prefix.every((p, i) => squares[i] === p);
}

// The actions the clicks so far lead to. A choice's squares may be
// clicked in any order when the first click starts none of them (an
// Impersonator pair, Kidnapped from either end).
function candidates(prefix) {
  const pointed = legal().filter((a) => a.squares.length >= prefix.length);
  const ordered = pointed.filter((a) => startsWith(a.squares, prefix));
  if (ordered.length || prefix.length === 0) return { actions: ordered, unordered: false };
  const any = pointed.filter((a) => a.type === "choice" && prefix.every((p) => a.squares.includes(p)));
  return { actions: any, unordered: true };
}

function nextSquares(prefix) {
  const { actions, unordered } = candidates(prefix);
  const next = new Set();
  for (const a of actions) {
    if (a.squares.length <= prefix.length) continue;
    if (unordered) a.squares.filter((q) => !prefix.includes(q)).forEach((q) => next.add(q));
    else next.add(a.squares[prefix.length]);
  }
  return next;
}

function marks() {
  const s = app.state;
  const m = {};
  const add = (sq, cls) => (m[sq] = m[sq] || []).push(cls);
  // The last action of each kind: the players' last one, and chance's last
  // step on the board (the crazy queen) in its own colour.
  const history = s.history;
  for (let i = history.length - 1; i >= 0; i--) {
    const h = history[i];
    if (h.actor === "chance" || !h.squares.length) continue;
    h.squares.forEach((q) => add(q, "last"));
    break;
  }
  for (let i = history.length - 1; i >= 0 && i >= history.length - 3; i--) {
    const h = history[i];
    if (h.actor === "chance" && h.squares.length) {
      h.squares.forEach((q, k) => add(q, k === 0 && h.squares.length > 1 ? "chance-from" : "chance-to"));
      break;
    }
  }
  if (s.check && s.royal) add(s.royal, "check");
  if (app.picked.length) {
    app.picked.forEach((q) => add(q, "picked"));
    for (const q of nextSquares(app.picked)) add(q, s.board[q] ? "target occupied" : "target");
  } else if (legal().length) {
    // Choices and one-square actions (a drop) are marked plainly; the
    // pieces that can move only on hover.
    const choice = s.decision.kind === "choice";
    for (const q of nextSquares([])) add(q, choice ? "choosable" : "movable");
    for (const a of legal()) if (a.squares.length === 1) add(a.squares[0], "choosable");
  }
  return m;
}

function onSquare(name) {
  if (!legal().length) return;
  if (app.picked.length && app.picked[app.picked.length - 1] === name) {
    app.picked = [];
    app.chooser = null;
    return render();
  }
  let prefix = [...app.picked, name];
  let { actions } = candidates(prefix);
  if (!actions.length && app.picked.length) {
    prefix = [name]; // a click elsewhere starts again from that square
    ({ actions } = candidates(prefix));
  }
  if (!actions.length) {
    app.picked = [];
    app.chooser = null;
    return render();
  }
  const complete = actions.filter((a) => a.squares.length === prefix.length);
  const longer = actions.filter((a) => a.squares.length > prefix.length);
  if (!longer.length && complete.length === 1) return play(complete[0]);
  app.picked = prefix;
  app.chooser = complete.length ? complete : null;
  render();
}

function play(action) {
  app.picked = [];
  app.chooser = null;
  send({ type: "act", action: action.text, ply: app.state.ply });
}

// What a button for an action says: the piece it leaves on its last
// square when that is what tells it apart, else its text.
function actionLabel(a, byResult) {
  if (byResult && a.result) {
    const p = Pieces.parse(a.result);
    let name = p.type ? Pieces.title(p.type) : a.result;
    if (p.marker === "~") name += " (promoted)";
    if (p.marker === "^") name += " (quest for a Dragon)";
    return name;
  }
  if (a.type === "pass") return "Pass";
  const card = app.variant.cards && app.variant.cards[a.text];
  if (card) return a.text;
  return a.text.replace(/:/g, " ").replace(/^wish /, "wish: ");
}

function actionButton(a, byResult) {
  const b = document.createElement("button");
  b.className = "action";
  b.dataset.action = a.text;
  if (byResult && a.result) b.appendChild(Pieces.icon(a.result, 26));
  // A type chosen without a square (Reincarnation's "=Q"): the piece of
  // the player the card affects.
  const type = /^=([A-Za-z])$/.exec(a.text);
  if (type && app.state.fields.affects) {
    const letter = app.state.fields.affects === "black" ? type[1].toLowerCase() : type[1].toUpperCase();
    b.appendChild(Pieces.icon(letter, 26));
    const t = Pieces.typeOf(letter);
    if (t) b.title = Pieces.title(t);
  }
  const label = document.createElement("span");
  label.textContent = actionLabel(a, byResult);
  b.appendChild(label);
  if (byResult) {
    const t = document.createElement("small");
    t.textContent = " " + a.text;
    b.appendChild(t);
  }
  const cardName = a.text.split(":")[a.text.startsWith("wish:") ? 1 : 0];
  const card = app.variant.cards && app.variant.cards[cardName];
  if (!b.title) b.title = card ? `${cardName}: ${card}` : a.text;
  b.onclick = () => play(a);
  return b;
}

function renderActions() {
  const box = $("actions");
  box.replaceChildren();
  if (app.chooser) {
    const head = document.createElement("div");
    head.className = "chooser-head";
    head.textContent = "Choose:";
    box.appendChild(head);
    const distinct = new Set(app.chooser.map((a) => a.result)).size === app.chooser.length;
    for (const a of app.chooser) box.appendChild(actionButton(a, distinct));
  }
  const plain = legal().filter((a) => a.squares.length === 0);
  // Many options without squares (Wish: 24) go in a list with a button;
  // the short ones (skip, pass, a card's name) stay buttons.
  const many = plain.length > 12 ? plain.filter((a) => a.text.includes(":")) : [];
  for (const a of plain) if (!many.includes(a)) box.appendChild(actionButton(a, false));
  if (many.length) {
    const select = document.createElement("select");
    select.id = "action-select";
    for (const a of many) {
      const o = document.createElement("option");
      o.value = a.text;
      o.textContent = actionLabel(a, false);
      const card = app.variant.cards && app.variant.cards[a.text.split(":")[1]];
      if (card) o.title = card;
      select.appendChild(o);
    }
    const go = document.createElement("button");
    go.id = "action-select-play";
    go.textContent = "Cast";
    go.onclick = () => play(many.find((a) => a.text === select.value));
    box.append(select, go);
  }
}

// --- the chance deck ------------------------------------------------------

function twoSides(value) {
  const [w, b] = (value || "-/-").split("/");
  const list = (x) => (!x || x === "-" ? [] : x.split(","));
  return { white: list(w), black: list(b) };
}

function remainingDeck(fields) {
  const full = app.variant.deck || [];
  if (fields.deck !== undefined) {
    if (fields.deck === "-") return [];
    return fields.deck.split(",").map((item) => {
      const [name, n] = item.split("*");
      return { name, copies: n ? parseInt(n, 10) : 1 };
    });
  }
  // Not written: every card not in a hand.
  const hands = twoSides(fields.hands);
  const held = [...hands.white, ...hands.black];
  return full
    .map((c) => ({ name: c.name, copies: c.copies - held.filter((h) => h === c.name).length }))
    .filter((c) => c.copies > 0);
}

function cardChip(name, count) {
  const chip = document.createElement("span");
  chip.className = "card-chip";
  chip.dataset.card = name;
  chip.textContent = count > 1 ? `${name} ×${count}` : name;
  chip.title = (app.variant.cards && app.variant.cards[name]) || name;
  return chip;
}

function renderCards() {
  if (!app.variant.deck) return;
  const s = app.state;
  const f = s.fields;
  // The last card drawn, with what it does.
  const drawn = [...s.history].reverse().find((h) => h.actor === "chance" && app.variant.cards[h.text]);
  const last = $("last-card");
  last.replaceChildren();
  if (drawn) {
    const name = document.createElement("div");
    name.className = "card-name";
    name.textContent = drawn.text;
    const text = document.createElement("div");
    text.className = "card-text";
    text.textContent = drawn.note;
    last.append(name, text);
  } else {
    last.textContent = "No card drawn yet.";
  }
  const inPlay = $("card-in-play");
  inPlay.textContent = f.card ? `Being resolved: ${f.card} (affects ${f.affects})` + (f.step ? `, step ${f.step}` : "") : "";
  const deck = remainingDeck(f);
  const total = deck.reduce((n, c) => n + c.copies, 0);
  $("deck-count").textContent = `${total} cards left in the deck`;
  const list = $("deck");
  list.replaceChildren(...deck.map((c) => cardChip(c.name, c.copies)));
  const hands = twoSides(f.hands);
  const pools = twoSides(f.pools);
  const next = twoSides(f.next);
  for (const side of ["white", "black"]) {
    const h = $(`hand-${side}`);
    h.replaceChildren(...(hands[side].length ? hands[side].map((n) => cardChip(n, 1)) : [document.createTextNode("none")]));
    const p = $(`pool-${side}`);
    const letters = pools[side].join("");
    p.replaceChildren(...(letters ? [...letters].map((l) => Pieces.icon(l, 24)) : [document.createTextNode("empty")]));
    const n = $(`next-${side}`);
    n.replaceChildren(...(next[side].length ? next[side].map((x) => cardChip(x, 1)) : [document.createTextNode("none")]));
  }
  // The turn's flags that change how it is played (not the bookkeeping).
  const shown = ["poisoned-apple", "borrowed-broomstick", "helper-elves"];
  const effects = (f.turn || "").split(",").filter((e) => shown.includes(e));
  $("turn-effects").textContent = effects.length ? `This turn: ${effects.join(", ")}` : "";
  $("status").textContent = s.status;
}

// --- the engine -------------------------------------------------------------

function onInfo(m) {
  app.lastInfo = m;
  $("engine-line").textContent = `${m.actor === "white" ? "White" : "Black"}: depth ${m.depth}  score ${m.score_text} (White's view)  ${m.pv}`;
  $("engine-stats").textContent = `${m.nodes} nodes, ${m.nps} nodes/s, ${(m.time_ms / 1000).toFixed(1)} s`;
  $("engine-depth").textContent = m.depth;
  $("engine-score").textContent = m.score_text;
}

function onEngineMove(m) {
  $("engine-stats").textContent = `played ${m.action} (depth ${m.depth}, score ${m.score_text} for White's view, ${m.nodes} nodes)`;
}

// --- the log ----------------------------------------------------------------

function renderLog() {
  const s = app.state;
  const log = $("log");
  log.replaceChildren();
  s.history.forEach((h, i) => {
    const li = document.createElement("li");
    li.className = `log-${h.actor}`;
    li.dataset.index = i + 1;
    const who = document.createElement("span");
    who.className = "who";
    who.textContent = `${h.move}. ${h.actor}`;
    li.append(who, ` ${h.text}` + (h.note ? ` — ${h.note}` : ""));
    if (s.replay) li.onclick = () => send({ type: "goto", index: i + 1 });
    log.appendChild(li);
  });
  if (s.result.over) {
    const li = document.createElement("li");
    li.className = "log-result";
    li.textContent = `${s.result.token} (${s.result.reason})`;
    log.appendChild(li);
  }
  log.scrollTop = log.scrollHeight;
}

// --- the record -------------------------------------------------------------

function onPgn(text) {
  $("pgn-text").value = text;
  const blob = new Blob([text], { type: "application/x-chess-pgn" });
  const link = $("pgn-download");
  link.href = URL.createObjectURL(blob);
  link.download = `fable-${app.variant.name}.pgn`;
  link.hidden = false;
  $("record").open = true;
}

function renderReplay() {
  const r = app.state.replay;
  $("replay").hidden = !r;
  if (r) $("replay-pos").textContent = `${r.index} / ${r.total}`;
}

function replayStep(delta) {
  const r = app.state && app.state.replay;
  if (!r) return;
  const to = delta === "start" ? 0 : delta === "end" ? r.total : Math.max(0, Math.min(r.total, r.index + delta));
  send({ type: "goto", index: to });
}

// --- start ------------------------------------------------------------------

function init() {
  app.board = new Board($("board"), onSquare);
  $("btn-new").onclick = startFromForm;
  $("btn-undo").onclick = () => send({ type: "undo" });
  $("btn-stop").onclick = () => send({ type: "stop" });
  $("btn-go").onclick = () => send({ type: "go" });
  $("btn-flip").onclick = () => {
    app.flipped = !app.flipped;
    app.board.flipped = app.flipped;
    render();
  };
  $("players").onchange = () => send({ type: "players", ...PLAYERS[$("players").value] });
  $("btn-export").onclick = () => send({ type: "pgn" });
  $("btn-import").onclick = () => send({ type: "import", pgn: $("pgn-text").value });
  $("pgn-file").onchange = async (e) => {
    const file = e.target.files[0];
    if (file) {
      $("pgn-text").value = await file.text();
      send({ type: "import", pgn: $("pgn-text").value });
    }
  };
  $("rp-start").onclick = () => replayStep("start");
  $("rp-back").onclick = () => replayStep(-1);
  $("rp-forward").onclick = () => replayStep(1);
  $("rp-end").onclick = () => replayStep("end");
  document.addEventListener("keydown", (e) => {
    if (e.target.tagName === "TEXTAREA" || e.target.tagName === "INPUT") return;
    if (e.key === "ArrowLeft") replayStep(-1);
    if (e.key === "ArrowRight") replayStep(1);
    if (e.key === "Escape") {
      app.picked = [];
      app.chooser = null;
      render();
    }
  });
  connect();
}

document.addEventListener("DOMContentLoaded", init);
