// What XBoard needs to draw Fable's own variants: the CECP `setup` line
// (piece pictures, board size, parent variant, start position) and the
// `piece` lines (Betza move descriptions), sent in reply to `variant`.
#pragma once

#include <string>
#include <vector>

#include "position.h"
#include "protocol/xboard_options.h"

namespace fable::protocol {

// The lines to send after `variant` has set up `start` (its variant's
// start position), in order: one `setup` line, then zero or more `piece`
// lines. Empty for standard chess, which XBoard knows.
std::vector<std::string> gui_setup_lines(const Position& start);

// XBoard's piece-to-letter table for the variant, 22 slots per colour
// (White's, then Black's): the slot decides the picture. "" for chess.
std::string piece_to_char_table(const Variant& variant);

// The board of `pos` as an XBoard FEN board field: Fable's letters, `*`
// for cells that are not squares, no piece markers.
std::string gui_board(const Position& pos);

// XBoard hands the start position of an engine-defined variant to a
// second engine in its own FEN (the one `setup` sent, with XBoard's
// fields). When `text` is that FEN — its board and side to move are those
// of `start` — returns `start`'s own position string; otherwise `text`.
std::string from_gui_fen(const Position& start, const std::string& text);

// The engine-defined variant (with the options set by `option`) whose
// start position is the XBoard FEN `text`; nullptr if none. XBoard may
// give a second engine the start position with an empty `variant` name.
std::shared_ptr<const Variant> variant_of_gui_fen(const std::string& text,
                                                  const EngineOptions& options);

// The `move` lines that tell XBoard the engine's action `a` (written
// `text`), played in `before`. XBoard draws a move as the piece going to
// its target; a shot (Wizard Chess' Archer), which captures without
// moving, is sent as XBoard's two-leg move out and back, one line per leg:
// "move c1e3," then "move e3c1".
std::vector<std::string> gui_move_lines(const Action& a, const Geometry& g,
                                        const std::string& text);

// A move from XBoard in Fable's notation: a two-leg move out and back
// ("c1e3,e3c1") is the shot it stands for ("c1e3"); anything else is
// returned as it is.
std::string from_gui_move(const std::string& text);

}  // namespace fable::protocol
