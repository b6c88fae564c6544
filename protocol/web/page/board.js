// The board, drawn as SVG from the geometry the server sends: every square
// where the geometry places it (Family Matters' i1 sits where the central
// diagonals cross), the links the grid does not make, file and rank
// labels, pieces, and the marks of the current interaction.
"use strict";

const UNIT = 100;
const MARGIN = 44;

class Board {
  constructor(container, onSquare) {
    this.container = container;
    this.onSquare = onSquare;
    this.geometry = null;
    this.flipped = false;
  }

  setGeometry(geometry) {
    this.geometry = geometry;
    this.byName = new Map(geometry.squares.map((s) => [s.name, s]));
    // The drawing spans where squares are drawn, not the position string's
    // rectangle (Family Matters' file i holds only i1, drawn inside).
    this.cols = Math.ceil(Math.max(...geometry.squares.map((s) => s.x))) + 1;
    this.rows = Math.ceil(Math.max(...geometry.squares.map((s) => s.y))) + 1;
  }

  // A square off the grid (drawn between others, smaller).
  isPlaced(sq) {
    return sq.x !== sq.file || sq.y !== sq.rank;
  }

  // Top-left corner of where a square at display (x, y) is drawn.
  corner(x, y) {
    const col = this.flipped ? this.cols - 1 - x : x;
    const row = this.flipped ? y : this.rows - 1 - y;
    return [MARGIN + col * UNIT, MARGIN + row * UNIT];
  }

  centre(sq) {
    const [px, py] = this.corner(sq.x, sq.y);
    return [px + UNIT / 2, py + UNIT / 2];
  }

  // marks: {squareName: [class, ...]}; board: {squareName: pieceText}.
  render(board, marks) {
    const g = this.geometry;
    if (!g) return;
    const width = 2 * MARGIN + this.cols * UNIT;
    const height = 2 * MARGIN + this.rows * UNIT;
    const svg = svgEl("svg", {
      viewBox: `0 0 ${width} ${height}`,
      class: "board-svg",
      role: "img",
      "aria-label": "board",
    });
    svgEl("rect", { x: 0, y: 0, width, height, class: "frame" }, svg);

    const grid = g.squares.filter((s) => !this.isPlaced(s));
    const placed = g.squares.filter((s) => this.isPlaced(s));
    for (const sq of grid) this.drawSquare(svg, sq, board, marks, false);

    for (const sq of placed) this.drawSquare(svg, sq, board, marks, true);

    this.drawLabels(svg, grid);
    this.container.replaceChildren(svg);
  }

  drawSquare(svg, sq, board, marks, placed) {
    const light = (sq.file + sq.rank) % 2 === 1;
    const classes = ["square", placed ? "placed" : light ? "light" : "dark", ...(marks[sq.name] || [])];
    const group = svgEl("g", { class: classes.join(" "), "data-square": sq.name }, svg);
    const [px, py] = this.corner(sq.x, sq.y);
    const scale = placed ? 0.62 : 1;
    const offset = ((1 - scale) * UNIT) / 2;
    group.setAttribute("transform", `translate(${px + offset} ${py + offset}) scale(${scale})`);
    if (placed) {
      svgEl("circle", { cx: 50, cy: 50, r: 52, class: "cell" }, group);
      svgEl("title", {}, group).textContent = sq.name;
    } else {
      svgEl("rect", { x: 0, y: 0, width: UNIT, height: UNIT, class: "cell" }, group);
    }
    svgEl("rect", { x: 3, y: 3, width: UNIT - 6, height: UNIT - 6, class: "mark", rx: placed ? 47 : 4 }, group);
    // Links the grid does not make (to i1): drawn from this square's centre
    // towards the other end, under this square's piece and under the
    // placed square drawn later, so only the part between them shows.
    if (!placed) {
      for (const [a, b] of this.geometry.links) {
        if (a !== sq.name && b !== sq.name) continue;
        const [ox, oy] = this.centre(this.byName.get(a === sq.name ? b : a));
        svgEl("line", { x1: 50, y1: 50, x2: ox - px, y2: oy - py, class: "link", "data-link": `${a}-${b}` }, group);
      }
    }
    const piece = board[sq.name];
    if (piece) group.appendChild(Pieces.make(piece));
    svgEl("circle", { cx: 50, cy: 50, r: 14, class: "dot" }, group);
    group.addEventListener("click", () => this.onSquare(sq.name));
  }

  drawLabels(svg, grid) {
    const files = new Set(grid.map((s) => s.file));
    const ranks = new Set(grid.map((s) => s.rank));
    const labels = svgEl("g", { class: "labels" }, svg);
    for (const f of files) {
      const [px] = this.corner(f, 0);
      const t = svgEl("text", { x: px + UNIT / 2, y: MARGIN + this.rows * UNIT + 31, class: "label" }, labels);
      t.textContent = String.fromCharCode(97 + f);
      const top = svgEl("text", { x: px + UNIT / 2, y: 29, class: "label" }, labels);
      top.textContent = String.fromCharCode(97 + f);
    }
    for (const r of ranks) {
      const [, py] = this.corner(0, r);
      const t = svgEl("text", { x: MARGIN / 2, y: py + UNIT / 2 + 9, class: "label" }, labels);
      t.textContent = String(r + 1);
      const right = svgEl("text", { x: MARGIN + this.cols * UNIT + MARGIN / 2, y: py + UNIT / 2 + 9, class: "label" }, labels);
      right.textContent = String(r + 1);
    }
  }
}
