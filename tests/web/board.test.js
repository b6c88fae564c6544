// What a person sees on the browser board, checked in headless Chromium:
// the board of each game drawn with the right squares and pieces, a move
// made by clicking, the engine's reply and progress, the choices a click
// cannot settle (promotion), the Wizard's teleport, the Archer's shot and
// a Warrior's return, the cards of Fairy Tale Chess (a choice of the
// drawer's, one of the opponent's, a Wish cast), and a PGN exported and
// imported.
//   node board.test.js URL OUT_DIR TMP_DIR   (run by run.sh)
"use strict";

const assert = require("assert");
const path = require("path");
const { chromium } = require("playwright-core");

const [url, outDir, tmpDir] = process.argv.slice(2);
const results = [];

async function check(name, body) {
  const started = Date.now();
  try {
    await body();
    results.push([name, true]);
    console.log(`ok   ${name} (${Date.now() - started} ms)`);
  } catch (e) {
    results.push([name, false]);
    console.log(`FAIL ${name}: ${e.stack || e}`);
  }
}

async function open(page, query) {
  await page.goto(`${url}?${new URLSearchParams(query)}`);
  // The game is drawn once its first state has arrived.
  await page.waitForFunction(() => window.fable && window.fable.state && document.querySelector("[data-square]"));
}

async function pieceOn(page, square) {
  return page.$eval(`[data-square="${square}"]`, (el) => {
    const p = el.querySelector("[data-piece]");
    return p ? p.getAttribute("data-piece") + (p.getAttribute("data-marker") || "") : "";
  });
}

async function counts(page) {
  return page.evaluate(() => ({
    squares: document.querySelectorAll("[data-square]").length,
    pieces: document.querySelectorAll("[data-square] [data-piece]").length,
  }));
}

async function waitPly(page, ply) {
  await page.waitForFunction((n) => document.body.dataset.ply === String(n) && document.body.dataset.thinking === "0", ply, {
    timeout: 30000,
  });
}


// Plays `count` actions by pointing only, as a person would: the squares
// of a legal action clicked in order, then its button if the squares do
// not settle it; an action without squares is its button (or, among many,
// picked from the list). Which action is chosen cycles through the list.
async function playByClicks(page, count) {
  for (let i = 0; i < count; i++) {
    const s = await page.evaluate(() => window.fable.state);
    if (s.result.over) return i;
    const a = s.legal[(i * 7) % s.legal.length];
    for (const sq of a.squares) await page.click(`[data-square="${sq}"]`);
    const button = page.locator(`#actions button[data-action="${a.text}"]`);
    if (await button.count()) {
      await button.click();
    } else if (!a.squares.length) {
      await page.selectOption("#action-select", a.text);
      await page.click("#action-select-play");
    }
    await page.waitForFunction((n) => Number(document.body.dataset.ply) > n, s.ply);
    await page.waitForFunction(() => document.body.dataset.thinking === "0");
    const after = await page.evaluate(() => window.fable.state.history);
    assert.strictEqual(after[s.ply].text, a.text, `action ${i}: played what was clicked`);
  }
  return count;
}

async function shot(page, name) {
  await page.screenshot({ path: path.join(outDir, `${name}.png`), fullPage: true });
}

(async () => {
  const browser = await chromium.launchPersistentContext(path.join(tmpDir, "profile"), {
    executablePath: process.env.CHROMIUM || "/usr/bin/chromium",
    headless: true,
    args: [
      "--headless",
      "--no-sandbox",
      "--disable-gpu",
      "--disable-quic",
      "--no-first-run",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
    ],
    env: { ...process.env, HOME: tmpDir },
    viewport: { width: 1280, height: 900 },
  });
  const page = browser.pages()[0] || (await browser.newPage());
  page.setDefaultTimeout(20000);
  const consoleErrors = [];
  page.on("pageerror", (e) => consoleErrors.push(String(e)));

  await check("chess: 64 squares, 32 pieces where they start", async () => {
    await open(page, { variant: "normal", play: "both" });
    assert.deepStrictEqual(await counts(page), { squares: 64, pieces: 32 });
    assert.strictEqual(await pieceOn(page, "e1"), "K");
    assert.strictEqual(await pieceOn(page, "d8"), "q");
    assert.strictEqual(await pieceOn(page, "g2"), "P");
    // Hovering a piece names it and says how it moves.
    const title = await page.$eval('[data-square="g1"] [data-piece] title', (t) => t.textContent);
    assert.match(title, /White Knight/);
  });

  await check("wizard: 7 x 12, Wizards on d1 and d12, Black to move", async () => {
    await open(page, { variant: "wizard", play: "both" });
    assert.deepStrictEqual(await counts(page), { squares: 84, pieces: 34 });
    assert.strictEqual(await pieceOn(page, "d1"), "Z");
    assert.strictEqual(await pieceOn(page, "d12"), "z");
    assert.strictEqual(await pieceOn(page, "g12"), "d");
    assert.match(await page.textContent("#prompt"), /Black/);
    await shot(page, "wizard");
  });

  await check("wizard: the teleport swaps the Wizard with a friendly piece by two clicks", async () => {
    await page.click('[data-square="d12"]');
    await page.click('[data-square="a12"]');
    await waitPly(page, 1);
    assert.strictEqual(await pieceOn(page, "a12"), "z");
    assert.strictEqual(await pieceOn(page, "d12"), "d");
  });

  await check("wizard: the Archer shoots by two clicks and stays where it stood", async () => {
    // White's Archer on c4, a Black Warrior two squares away diagonally on e6.
    await open(page, { variant: "wizard", play: "both", position: "z6/7/7/7/7/7/4w2/7/2A4/7/7/6Z w - 00 0 1" });
    assert.deepStrictEqual(await counts(page), { squares: 84, pieces: 4 });
    await page.click('[data-square="c4"]');
    assert.strictEqual(await page.locator('[data-square="e6"].target').count(), 1, "the target is marked");
    await page.click('[data-square="e6"]');
    await waitPly(page, 1);
    assert.strictEqual(await pieceOn(page, "c4"), "A");
    assert.strictEqual(await pieceOn(page, "e6"), "");
    const s = await page.evaluate(() => window.fable.state);
    assert.strictEqual(s.history[0].text, "c4e6");
  });

  await check("wizard: a captured Warrior returns by a click on its start square, then the move", async () => {
    // White's Warrior of d2 was taken: White places it again, then moves.
    await open(page, {
      variant: "wizard",
      play: "both",
      position: "dcazacd/wgwwwgw/2hwh2/7/7/7/7/7/7/2HWH2/WGW1WGW/DCAZACD w Zz 00 0 1 return=w",
    });
    assert.strictEqual(await page.locator('[data-square="d2"].choosable').count(), 1, "d2 offered");
    await page.click('[data-square="d2"]');
    await waitPly(page, 1);
    assert.strictEqual(await pieceOn(page, "d2"), "W");
    assert.strictEqual(await page.evaluate(() => document.body.dataset.decision), "white", "the move follows");
    await page.click('[data-square="a2"]');
    await page.click('[data-square="b3"]');
    await waitPly(page, 2);
    assert.strictEqual(await pieceOn(page, "b3"), "W");
    assert.strictEqual(await page.evaluate(() => document.body.dataset.decision), "black");
  });

  await check("family matters: the diamond, i1 where the diagonals cross, its links", async () => {
    await open(page, { variant: "familymatters", options: "oldqueen", play: "both" });
    const c = await counts(page);
    assert.strictEqual(c.squares, 41);
    assert.strictEqual(await pieceOn(page, "i1"), "O");
    const box = async (sq) => (await page.$(`[data-square="${sq}"] .cell`)).boundingBox();
    const [i1, d4, e5] = [await box("i1"), await box("d4"), await box("e5")];
    const centre = (b) => [b.x + b.width / 2, b.y + b.height / 2];
    const [ix, iy] = centre(i1);
    // i1's centre is the corner shared by d4 and e5.
    assert.ok(Math.abs(ix - (d4.x + d4.width)) < 3, `i1 x ${ix}, d4 right ${d4.x + d4.width}`);
    assert.ok(Math.abs(iy - (e5.y + e5.height)) < 3, `i1 y ${iy}, e5 bottom ${e5.y + e5.height}`);
    assert.ok(i1.width < d4.width, "i1 is drawn smaller than a square");
    assert.strictEqual(await page.locator("[data-link]").count(), 4);
    assert.strictEqual(await page.$eval('[data-square="i1"] [data-piece]', (p) => p.getAttribute("class")), "piece neutral");
    await shot(page, "familymatters");
  });

  await check("family matters: a move, then the Old Queen's step is offered", async () => {
    await page.click('[data-square="b4"]');
    await page.click('[data-square="c4"]');
    await waitPly(page, 1);
    assert.ok(await page.locator('[data-square="i1"].choosable').count(), "i1 marked to choose");
    assert.ok(await page.locator('button[data-action="skip"]').count(), "a skip button");
    await page.click('button[data-action="skip"]');
    await waitPly(page, 2);
  });

  await check("chess: a move by clicking, then the engine's reply and its progress", async () => {
    await open(page, { variant: "normal", play: "white", movetime: 400 });
    await page.click('[data-square="e2"]');
    const targets = await page.locator(".square.target").count();
    assert.strictEqual(targets, 2, "e3 and e4 are marked");
    await page.click('[data-square="e4"]');
    await page.waitForFunction(() => Number(document.body.dataset.ply) >= 1);
    assert.strictEqual(await pieceOn(page, "e4"), "P");
    await waitPly(page, 2);
    assert.match(await page.textContent("#engine-depth"), /^\d+$/);
    assert.match(await page.textContent("#engine-line"), /depth \d+/);
    assert.strictEqual(await page.locator("#log li").count(), 2);
    await shot(page, "chess");
  });

  await check("chess: promotion asks which piece, with buttons", async () => {
    await open(page, { variant: "normal", play: "both", position: "8/4P3/8/8/8/8/k7/4K3 w - - 0 1" });
    await page.click('[data-square="e7"]');
    await page.click('[data-square="e8"]');
    assert.strictEqual(await page.locator("#actions button.action").count(), 4);
    await page.click('button[data-action="e7e8n"]');
    await waitPly(page, 1);
    assert.strictEqual(await pieceOn(page, "e8"), "N");
  });

  await check("fairy tale: the card drawn, what it does, the deck and the hands", async () => {
    await open(page, { variant: "fairytale", options: "kingsmen", play: "both", seed: 3 });
    assert.deepStrictEqual(await counts(page), { squares: 64, pieces: 32 });
    assert.ok(await page.isVisible("#cards-panel"));
    const card = await page.textContent("#last-card .card-name");
    assert.ok(card.length > 0, "a card name");
    assert.ok((await page.textContent("#last-card .card-text")).includes(card));
    assert.match(await page.textContent("#deck-count"), /35 cards left/);
    assert.ok((await page.locator("#log .log-chance").count()) >= 1);
    await shot(page, "fairytale");
  });

  await check("fairy tale: the drawer places an Ally by a click on a marked square", async () => {
    // The only card left is Ally Knight; White lacks both Knights.
    await open(page, {
      variant: "fairytale",
      play: "both",
      position: "4k3/8/8/8/8/8/PPPPPPPP/C1BQKB1C w - - 0 1 scenario=kingsmen deck=ally-knight hands=-/- pools=-/- next=-/-",
    });
    await waitPly(page, 1); // the draw, dealt by the server
    assert.strictEqual(await page.evaluate(() => window.fable.state.decision.kind), "choice");
    assert.strictEqual(await page.evaluate(() => document.body.dataset.decision), "white");
    assert.strictEqual(await page.locator('[data-square="b1"].choosable').count(), 1);
    assert.strictEqual(await page.locator('[data-square="g1"].choosable').count(), 1);
    await page.click('[data-square="g1"]');
    await waitPly(page, 2);
    assert.strictEqual(await pieceOn(page, "g1"), "N");
    assert.strictEqual(await pieceOn(page, "b1"), "");
  });

  await check("fairy tale: the opponent picks the card's victim, then the drawer casts a Wish", async () => {
    // Stolen Porridge is the only card left: Black picks which White piece
    // is taken; White holds a Wish to cast.
    await open(page, {
      variant: "fairytale",
      play: "both",
      position: "4k3/8/8/8/8/8/PPPPPPPP/CNBQKBNC w - - 0 1 scenario=kingsmen deck=stolen-porridge hands=wish/- pools=-/- next=-/-",
    });
    await waitPly(page, 1);
    assert.strictEqual(await page.evaluate(() => document.body.dataset.decision), "black", "Black chooses");
    assert.strictEqual(await page.locator('[data-square="h2"].choosable').count(), 1);
    assert.strictEqual(await page.locator('[data-square="e1"].choosable').count(), 0, "not the King");
    await page.click('[data-square="h2"]');
    await waitPly(page, 2);
    assert.strictEqual(await pieceOn(page, "h2"), "");
    // The spell phase: White's Wish, cast from the list.
    assert.strictEqual(await page.evaluate(() => document.body.dataset.decision), "white");
    assert.match(await page.textContent("#hand-white"), /wish/);
    await page.selectOption("#action-select", "wish:borrowed-broomstick:white");
    await page.click("#action-select-play");
    await waitPly(page, 3);
    const s = await page.evaluate(() => window.fable.state);
    assert.strictEqual(s.history[2].text, "wish:borrowed-broomstick:white");
    assert.strictEqual(await page.textContent("#hand-white"), "none");
    await shot(page, "fairytale-cards");
  });

  await check("PGN: exported and imported, then stepped through", async () => {
    await open(page, { variant: "normal", play: "both" });
    for (const [a, b] of [["e2", "e4"], ["e7", "e5"], ["g1", "f3"]]) {
      const ply = Number(await page.evaluate(() => document.body.dataset.ply));
      await page.click(`[data-square="${a}"]`);
      await page.click(`[data-square="${b}"]`);
      await waitPly(page, ply + 1);
    }
    await page.click("#record summary");
    await page.click("#btn-export");
    await page.waitForFunction(() => document.querySelector("#pgn-text").value.includes("g1f3"));
    const pgn = await page.inputValue("#pgn-text");
    assert.match(pgn, /\[Variant "normal"\]/);
    await page.click("#btn-import");
    await page.waitForFunction(() => window.fable.state && window.fable.state.replay);
    assert.strictEqual(await page.textContent("#replay-pos"), "0 / 3");
    await page.click("#rp-end");
    await page.waitForFunction(() => document.querySelector("#replay-pos").textContent === "3 / 3");
    assert.strictEqual(await pieceOn(page, "f3"), "N");
  });


  for (const [variant, options, seed] of [
    ["fairytale", "huffpuff", 5],
    ["fairytale", "kingsmen", 2],
    ["wizard", "", 1],
    ["familymatters", "bigfamily,oldqueen", 1],
  ]) {
    await check(`${variant} ${options}: forty actions of every kind by clicks alone`, async () => {
      await open(page, { variant, options, play: "both", seed });
      const kinds = new Set();
      const played = await playByClicks(page, 40);
      const s = await page.evaluate(() => window.fable.state);
      for (const h of s.history) kinds.add(h.actor);
      assert.ok(played > 10, `only ${played} actions`);
      if (variant === "fairytale") assert.ok(kinds.has("chance"), "cards were dealt");
      await shot(page, `${variant}-${options || "plain"}-played`);
    });
  }

  await check("wizard: promoted and questing pieces are marked", async () => {
    await open(page, {
      variant: "wizard",
      play: "both",
      position: "dcazacd/wgwwwgw/2hwh2/7/3G~3/7/7/3W^3/7/2HWH2/WGWWWGW/1CAZACD b Zz 00 0 1",
    });
    assert.strictEqual(await pieceOn(page, "d8"), "G~");
    assert.strictEqual(await pieceOn(page, "d5"), "W^");
    assert.strictEqual(await page.locator(".badge.promoted").count(), 1);
    assert.strictEqual(await page.locator(".badge.quest").count(), 1);
    await shot(page, "wizard-markers");
  });


  await check("engine: Move now makes a long search play at once; Flip turns the board", async () => {
    await open(page, { variant: "normal", play: "black", movetime: 600000 });
    await page.waitForFunction(() => document.querySelector("#engine-depth").textContent !== "–");
    // The search would take 10 minutes: the move comes only through the
    // button (waitPly's hang guard ends the test long before otherwise).
    await page.click("#btn-stop");
    await waitPly(page, 1);
    // Playing Black, Black's side is at the bottom: a1 above h8.
    const y = async (sq) => (await page.$(`[data-square="${sq}"] .cell`)).boundingBox().then((b) => b.y);
    assert.ok((await y("a1")) < (await y("h8")), "a1 on top when playing Black");
    await page.click("#btn-flip");
    assert.ok((await y("a1")) > (await y("h8")), "a1 at the bottom after Flip");
  });


  await check("chess: the King in check is marked, and the game's end is said", async () => {
    await open(page, { variant: "normal", play: "both", position: "k7/8/8/8/8/8/5PP1/q5K1 w - - 0 1" });
    assert.strictEqual(await page.locator('[data-square="g1"].check').count(), 1);
    await open(page, { variant: "normal", play: "both", position: "k7/8/8/8/8/8/1q3PPP/6K1 b - - 0 1" });
    await page.click('[data-square="b2"]');
    await page.click('[data-square="b1"]');
    await waitPly(page, 1);
    assert.match(await page.textContent("#prompt"), /Game over: 0-1 \(checkmate\)/);
    assert.match(await page.textContent("#log"), /0-1/);
    assert.strictEqual(await page.locator('[data-square="g1"].check').count(), 1, "the mated King");
    await shot(page, "chess-mate");
  });


  await check("the new-game form: a game, its options and the players", async () => {
    await open(page, { variant: "normal", play: "both" });
    await page.click("#newgame summary");
    await page.selectOption("#f-variant", "familymatters");
    await page.selectOption('#f-options select[data-option="queen"]', "crazyqueen");
    await page.selectOption("#f-play", "both");
    await page.fill("#f-seed", "7");
    await page.click("#btn-new");
    await page.waitForFunction(() => document.querySelectorAll("[data-square]").length === 41);
    assert.match(await page.textContent("#title"), /Family Matters \(crazyqueen\)/);
    assert.match(await page.textContent("#seed"), /seed 7/);
    assert.match(page.url(), /variant=familymatters/);
  });

  await check("no script errors on the page", async () => {
    assert.deepStrictEqual(consoleErrors, []);
  });

  await browser.close();
  const passed = results.filter((r) => r[1]).length;
  const failed = results.length - passed;
  console.log(`${passed} passed, ${failed} failed`);
  process.exit(failed ? 1 : 0);
})().catch((e) => {
  console.log(`FAIL: ${e.stack || e}`);
  process.exit(1);
});
