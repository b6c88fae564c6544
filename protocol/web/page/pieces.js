// Piece pictures: a shape per piece type (chosen by the piece's name, so a
// Knight looks like a Knight in every game) with the piece's letter in it.
// White pieces are light, Black pieces dark, a neutral piece striped
// violet with a dashed outline. A promoted piece (~) wears a gold star, a
// piece on a quest (^) a blue pennant.
"use strict";

const SVG_NS = "http://www.w3.org/2000/svg";

function svgEl(tag, attrs, parent) {
  const el = document.createElementNS(SVG_NS, tag);
  for (const [k, v] of Object.entries(attrs || {})) el.setAttribute(k, v);
  if (parent) parent.appendChild(el);
  return el;
}

function regularPolygon(n, r, rotation, cx = 50, cy = 52) {
  const pts = [];
  for (let i = 0; i < n; i++) {
    const a = rotation + (i * 2 * Math.PI) / n;
    pts.push(`${(cx + r * Math.sin(a)).toFixed(1)},${(cy - r * Math.cos(a)).toFixed(1)}`);
  }
  return pts.join(" ");
}

function starPolygon(points, outer, inner, cx = 50, cy = 52) {
  const pts = [];
  for (let i = 0; i < points * 2; i++) {
    const r = i % 2 ? inner : outer;
    const a = (i * Math.PI) / points;
    pts.push(`${(cx + r * Math.sin(a)).toFixed(1)},${(cy - r * Math.cos(a)).toFixed(1)}`);
  }
  return pts.join(" ");
}

// Each shape: SVG elements in a 100 x 100 box and where the letter sits.
const SHAPES = {
  crown: { parts: [["path", { d: "M16 84 L84 84 L88 34 L68 52 L50 16 L32 52 L12 34 Z" }]], ty: 66 },
  sun: { parts: [["polygon", { points: starPolygon(12, 42, 32) }]], ty: 53 },
  tower: {
    parts: [["path", { d: "M22 86 L78 86 L74 42 L82 42 L82 14 L68 14 L68 24 L57 24 L57 14 L43 14 L43 24 L32 24 L32 14 L18 14 L18 42 L26 42 Z" }]],
    ty: 60,
  },
  mitre: { parts: [["path", { d: "M50 8 C72 28 78 54 66 72 L76 88 L24 88 L34 72 C22 54 28 28 50 8 Z" }]], ty: 56 },
  horse: {
    parts: [["path", { d: "M24 88 L78 88 C82 58 74 26 46 12 L42 22 L24 38 L16 54 L30 60 L44 50 C46 62 28 70 24 88 Z" }]],
    ty: 66,
  },
  pawn: {
    parts: [
      ["circle", { cx: 50, cy: 30, r: 17 }],
      ["path", { d: "M26 88 L74 88 L64 50 L36 50 Z" }],
    ],
    ty: 76,
    tsize: 26,
  },
  shield: { parts: [["path", { d: "M18 14 L82 14 L82 48 C82 72 64 84 50 90 C36 84 18 72 18 48 Z" }]], ty: 52 },
  smallCircle: { parts: [["circle", { cx: 50, cy: 52, r: 30 }]], ty: 53, tsize: 30 },
  pentagon: { parts: [["polygon", { points: regularPolygon(5, 40, 0, 50, 54) }]], ty: 56 },
  octagon: { parts: [["polygon", { points: regularPolygon(8, 42, Math.PI / 8) }]], ty: 53 },
  arrow: { parts: [["path", { d: "M50 8 L92 86 L8 86 Z" }]], ty: 64, tsize: 32 },
  star: { parts: [["polygon", { points: starPolygon(5, 48, 26, 50, 56) }]], ty: 60, tsize: 30 },
  spikes: { parts: [["polygon", { points: starPolygon(8, 44, 28) }]], ty: 53 },
  hat: { parts: [["path", { d: "M52 8 L68 70 L92 80 L8 80 L32 70 Z" }]], ty: 66, tsize: 26 },
  sparkle: { parts: [["polygon", { points: starPolygon(4, 44, 18) }]], ty: 53, tsize: 26 },
  heart: {
    parts: [["path", { d: "M50 88 C18 66 8 44 20 26 C30 12 46 18 50 32 C54 18 70 12 80 26 C92 44 82 66 50 88 Z" }]],
    ty: 56,
  },
  diamond: { parts: [["path", { d: "M50 8 L88 50 L50 92 L12 50 Z" }]], ty: 51 },
  wolf: { parts: [["path", { d: "M16 12 L38 32 L62 32 L84 12 L82 56 L50 90 L18 56 Z" }]], ty: 56 },
  hexagon: { parts: [["polygon", { points: regularPolygon(6, 42, Math.PI / 6) }]], ty: 53 },
  squircle: { parts: [["rect", { x: 14, y: 14, width: 72, height: 72, rx: 16 }]], ty: 53 },
  ellipse: { parts: [["ellipse", { cx: 50, cy: 52, rx: 40, ry: 30 }]], ty: 53 },
  trapezoid: { parts: [["path", { d: "M26 16 L74 16 L90 86 L10 86 Z" }]], ty: 56 },
};

const SHAPE_BY_NAME = {
  king: "crown",
  queen: "sun",
  "old queen": "sun",
  rook: "tower",
  castle: "tower",
  chariot: "tower",
  bishop: "mitre",
  knight: "horse",
  pawn: "pawn",
  peasant: "pawn",
  warrior: "shield",
  child: "smallCircle",
  hero: "pentagon",
  giant: "octagon",
  archer: "arrow",
  wizard: "star",
  dragon: "spikes",
  witch: "hat",
  fairy: "sparkle",
  princess: "heart",
  prince: "diamond",
  wolf: "wolf",
};
const FALLBACK_SHAPES = ["hexagon", "squircle", "ellipse", "trapezoid", "octagon", "diamond"];

const Pieces = {
  types: [], // the variant's piece types: {letter, name, moves, neutral, markable}

  setTypes(types) {
    this.types = types;
  },

  typeOf(letter) {
    const up = letter.toUpperCase();
    return this.types.find((t) => t.letter === up);
  },

  shapeOf(type, index) {
    const byName = type && SHAPE_BY_NAME[type.name.toLowerCase()];
    if (byName) return SHAPES[byName];
    return SHAPES[FALLBACK_SHAPES[index % FALLBACK_SHAPES.length]];
  },

  // The type's name as a title: "Old Queen".
  title(type) {
    return type.name.replace(/(^|\s)\S/g, (c) => c.toUpperCase());
  },

  // "H~" -> {letter: "H", colour: "white", marker: "~", type}
  parse(text) {
    const letter = text[0];
    const type = this.typeOf(letter);
    const neutral = type ? type.neutral : false;
    const colour = neutral ? "neutral" : letter === letter.toUpperCase() ? "white" : "black";
    return { letter, colour, marker: text.slice(1), type };
  },

  // What hovering over the piece says.
  describe(text) {
    const p = this.parse(text);
    if (!p.type) return text;
    const who = p.colour === "neutral" ? "Neutral" : p.colour === "white" ? "White" : "Black";
    let mark = "";
    if (p.marker === "~") mark = " (promoted: it promotes no more; a Dragon so marked was resurrected)";
    if (p.marker === "^") mark = " (on a quest to resurrect a Dragon)";
    return `${who} ${this.title(p.type)}${mark}\n${p.type.moves}`;
  },

  // An SVG group with the picture of piece `text`, in a 100 x 100 box.
  make(text, withTitle = true) {
    const p = this.parse(text);
    const index = p.type ? this.types.indexOf(p.type) : 0;
    const shape = this.shapeOf(p.type, index);
    const g = svgEl("g", { class: `piece ${p.colour}`, "data-piece": text.replace(/[~^]/g, "") });
    if (p.marker) g.setAttribute("data-marker", p.marker);
    if (withTitle) svgEl("title", {}, g).textContent = this.describe(text);
    for (const [tag, attrs] of shape.parts) svgEl(tag, { ...attrs, class: "body" }, g);
    const letter = svgEl(
      "text",
      { x: 50, y: shape.ty, class: "letter", "font-size": shape.tsize || 34 },
      g,
    );
    letter.textContent = p.letter.toUpperCase();
    if (p.marker === "~") {
      svgEl("polygon", { points: starPolygon(5, 19, 9, 80, 20), class: "badge promoted" }, g);
    } else if (p.marker === "^") {
      svgEl("path", { d: "M12 2 L12 40 M12 2 L38 11 L12 20", class: "badge quest" }, g);
    }
    return g;
  },

  // A small stand-alone picture (for buttons, pools, the legend).
  icon(text, size = 28) {
    const svg = svgEl("svg", { viewBox: "0 0 100 100", width: size, height: size, class: "icon" });
    svg.appendChild(this.make(text, false));
    return svg;
  },
};
