// What XBoard needs to draw Fable's own variants: the CECP `setup` line
// (piece pictures, board size, parent variant, start position) and the
// `piece` lines (Betza move descriptions), sent in reply to `variant`.
#pragma once

#include <string>
#include <string_view>
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
// fields, and with White to move whatever `setup` said). When `text` is
// that FEN — its board is `start`'s — returns `start`'s own position
// string; otherwise `text`.
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

// The XBoard FEN of `pos`: gui_board() with the side to move and chess's
// fields (castling rights where XBoard castles the King itself, the move
// counters), as `setup` and an engine-sent `setboard` give it to XBoard.
std::string gui_fen(const Position& pos);

// What XBoard's board shows: a piece letter per cell as gui_board() writes
// them ('.' an empty square, '*' a cell that is not a square). Fable keeps
// this copy of XBoard's board, draws on it every move exactly as XBoard
// draws it, and compares it with the game to know when XBoard no longer
// shows the game (a card, a swap, a queen step: not moves XBoard knows).
class GuiBoard {
 public:
  GuiBoard() = default;
  explicit GuiBoard(const Position& pos);  // the board as XBoard is given it

  // Draws an XBoard move as XBoard does with its legality testing off:
  // "e2e4", a promotion "e7e8q" (the piece becomes that letter), a drop
  // "N@c3" (of the side `white` says), a two-leg move "c1e3,e3c1" (the
  // piece on the middle square is taken), castling (a piece in XBoard's
  // King slot going two squares along its rank takes the corner piece
  // along), en passant (a piece in the Pawn slot stepping diagonally onto
  // an empty square takes the piece beside it). False, and nothing
  // changes, for text XBoard would not draw.
  bool apply(std::string_view move, bool white);

  bool operator==(const GuiBoard& other) const { return cells_ == other.cells_; }
  bool operator!=(const GuiBoard& other) const { return !(*this == other); }

 private:
  int cell(std::string_view square) const;  // -1 if not a square of the board

  int files_ = 0;
  std::string cells_;  // rank 1 first, files a.. within a rank
  char king_ = 0;      // Fable's letter in XBoard's King slot (0 = none)
  char pawn_ = 0;      // ... and in its Pawn slot
};

// A move from XBoard in Fable's notation: a two-leg move out and back
// ("c1e3,e3c1") is the shot it stands for ("c1e3"); anything else is
// returned as it is.
std::string from_gui_move(const std::string& text);

}  // namespace fable::protocol
