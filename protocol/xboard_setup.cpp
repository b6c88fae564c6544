#include "protocol/xboard_setup.h"

#include <cctype>
#include <sstream>
#include <utility>

#include "variant.h"

namespace fable::protocol {

namespace {

// XBoard's first 22 piece slots per colour, in its order; the slot
// decides the picture. Names are the pictures XBoard's default theme
// draws for them (checked on XBoard 4.9's board).
enum Slot : int {
  kPawn = 0,
  kKnight = 1,
  kBishop = 2,
  kRook = 3,
  kQueen = 4,
  kFerz = 5,  // a crowned hat
  kElephant = 6,
  kArchbishop = 7,  // crossed swords
  kChancellor = 8,  // a star
  kWazir = 9,       // a helmet
  kCommoner = 10,   // a bell-shaped man
  kCannon = 11,
  kNightrider = 12,
  kCrownedBishop = 13,
  kCrownedRook = 14,
  kCrownedQueen = 15,
  kSilver = 16,
  kFalcon = 17,  // a bird's head
  kLance = 18,   // an arrow
  kCobra = 19,
  kUnicorn = 20,
  kKing = 21,
  kSlots = 22,
};

struct GuiPiece {
  char letter;        // Fable's letter (upper case)
  Slot slot;          // the picture
  std::string betza;  // XBoard's `piece` description; "" where Betza cannot
                      // say it exactly (then no `piece` line)
};

// The slot of each picture a variant asks for. Non-pawns never take the
// pawn slot: XBoard applies en passant and double steps to pawns even
// with legality testing off. No royal but chess-like Kings takes the King
// slot: XBoard turns a King's two-square move into castling.
Slot slot_of(Look look) {
  switch (look) {
    case Look::kPawn:
      return kPawn;
    case Look::kKnight:
      return kKnight;
    case Look::kBishop:
      return kBishop;
    case Look::kRook:
      return kRook;
    case Look::kQueen:
      return kQueen;
    case Look::kFerz:
      return kFerz;
    case Look::kElephant:
      return kElephant;
    case Look::kArchbishop:
      return kArchbishop;
    case Look::kChancellor:
      return kChancellor;
    case Look::kWazir:
      return kWazir;
    case Look::kCommoner:
      return kCommoner;
    case Look::kCannon:
      return kCannon;
    case Look::kNightrider:
      return kNightrider;
    case Look::kCrownedBishop:
      return kCrownedBishop;
    case Look::kCrownedRook:
      return kCrownedRook;
    case Look::kCrownedQueen:
      return kCrownedQueen;
    case Look::kSilver:
      return kSilver;
    case Look::kFalcon:
      return kFalcon;
    case Look::kLance:
      return kLance;
    case Look::kCobra:
      return kCobra;
    case Look::kUnicorn:
      return kUnicorn;
    case Look::kKing:
    case Look::kNone:
      break;
  }
  return kKing;
}

// The variant's pieces with a picture, in the order it tells GUIs about
// them; empty for a variant XBoard knows (standard chess).
std::vector<GuiPiece> pieces_of(const Variant& v) {
  std::vector<int> order(v.gui_order.begin(), v.gui_order.end());
  if (order.empty())
    for (size_t t = 1; t < v.types.size(); ++t) order.push_back(int(t));
  std::vector<GuiPiece> pieces;
  for (int t : order) {
    const PieceType& type = v.types[size_t(t)];
    if (type.looks_like != Look::kNone)
      pieces.push_back({type.letter, slot_of(type.looks_like), type.betza});
  }
  return pieces;
}

std::vector<std::string> words(const std::string& text) {
  std::istringstream in(text);
  std::vector<std::string> out;
  for (std::string w; in >> w;) out.push_back(w);
  return out;
}

}  // namespace

std::string piece_to_char_table(const Variant& variant) {
  const std::vector<GuiPiece> pieces = pieces_of(variant);
  if (pieces.empty()) return "";
  std::string white(kSlots, '.');
  for (const GuiPiece& p : pieces) white[p.slot] = p.letter;
  std::string black = white;
  for (char& c : black) c = char(std::tolower(static_cast<unsigned char>(c)));
  return white + black;
}

std::string gui_board(const Position& pos) {
  const Geometry& g = pos.geometry();
  const Variant& v = pos.variant();
  std::string text;
  for (int rank = g.ranks() - 1; rank >= 0; --rank) {
    int empty = 0;
    const auto flush = [&] {
      if (empty) text += std::to_string(empty);
      empty = 0;
    };
    for (int file = 0; file < g.files(); ++file) {
      const Square s = g.at(file, rank);
      if (s == kNoSquare) {
        flush();
        text += '*';
      } else if (const Piece p = pos.at(s)) {
        flush();
        // XBoard has no neutral colour: a neutral piece is drawn White.
        const char letter = v.letter(p);
        text += colour_of(p) == kNeutral ? char(std::toupper(static_cast<unsigned char>(letter)))
                                         : letter;
      } else {
        ++empty;
      }
    }
    flush();
    if (rank > 0) text += '/';
  }
  return text;
}

std::string gui_fen(const Position& pos) {
  const std::vector<std::string> w = words(pos.to_string());
  const std::string side = pos.side() == kWhite ? "w" : "b";
  // The fields after the board. Where they are chess's (chess, Fairy
  // Tale) they are given as they are, castling rights included: XBoard
  // castles the King's two-square move itself. The others have no
  // castling or en passant for XBoard to apply, only their move counters.
  std::string fields =
      side + " - - " + std::to_string(pos.halfmove()) + ' ' + std::to_string(pos.fullmove());
  if (pos.variant().chess_fields && w.size() >= 6)
    fields = w[1] + ' ' + w[2] + ' ' + w[3] + ' ' + w[4] + ' ' + w[5];
  return gui_board(pos) + ' ' + fields;
}

GuiBoard::GuiBoard(const Position& pos) {
  const Geometry& g = pos.geometry();
  const Variant& v = pos.variant();
  files_ = g.files();
  cells_.assign(size_t(g.files() * g.ranks()), '.');
  for (int rank = 0; rank < g.ranks(); ++rank) {
    for (int file = 0; file < g.files(); ++file) {
      char& c = cells_[size_t(rank * files_ + file)];
      const Square s = g.at(file, rank);
      if (s == kNoSquare) {
        c = '*';
      } else if (const Piece p = pos.at(s)) {
        const char letter = v.letter(p);
        c = colour_of(p) == kNeutral ? char(std::toupper(static_cast<unsigned char>(letter)))
                                     : letter;
      }
    }
  }
  // Chess's pieces sit in their own slots.
  king_ = 'K';
  pawn_ = 'P';
  if (const std::vector<GuiPiece> pieces = pieces_of(v); !pieces.empty()) {
    king_ = pawn_ = 0;
    for (const GuiPiece& p : pieces) {
      if (p.slot == kKing) king_ = p.letter;
      if (p.slot == kPawn) pawn_ = p.letter;
    }
  }
}

int GuiBoard::cell(std::string_view square) const {
  if (files_ == 0 || square.size() < 2 || square[0] < 'a' || square[0] > 'z') return -1;
  const int file = square[0] - 'a';
  int rank = 0;
  for (size_t i = 1; i < square.size(); ++i) {
    if (!std::isdigit(static_cast<unsigned char>(square[i])) || rank > 100) return -1;
    rank = rank * 10 + (square[i] - '0');
  }
  const int ranks = int(cells_.size()) / files_;
  if (file >= files_ || rank < 1 || rank > ranks) return -1;
  const int index = (rank - 1) * files_ + file;
  return cells_[size_t(index)] == '*' ? -1 : index;
}

bool GuiBoard::apply(std::string_view move, bool white) {
  // Splits "e7e8q" into its squares and the promotion letter.
  const auto squares = [](std::string_view text, std::string_view& from, std::string_view& to,
                          char& promotion) {
    if (text.size() < 4) return false;
    size_t i = 1;
    while (i < text.size() && std::isdigit(static_cast<unsigned char>(text[i]))) ++i;
    from = text.substr(0, i);
    size_t j = i + 1;
    while (j < text.size() && std::isdigit(static_cast<unsigned char>(text[j]))) ++j;
    to = text.substr(i, j - i);
    promotion = j < text.size() ? text[j] : 0;
    return j + (promotion ? 1 : 0) == text.size();
  };
  const auto coloured = [](char letter, bool upper) {
    return upper ? char(std::toupper(static_cast<unsigned char>(letter)))
                 : char(std::tolower(static_cast<unsigned char>(letter)));
  };
  const auto is_upper = [](char c) { return std::isupper(static_cast<unsigned char>(c)) != 0; };
  if (move.size() > 2 && move[1] == '@') {  // a drop
    const int to = cell(move.substr(2));
    if (to < 0 || !std::isalpha(static_cast<unsigned char>(move[0]))) return false;
    cells_[size_t(to)] = coloured(move[0], white);
    return true;
  }
  std::string_view from_text, to_text, middle_text;
  char promotion = 0;
  const size_t comma = move.find(',');
  if (comma != std::string_view::npos) {
    // A two-leg move: the piece on the first leg's target is taken, the
    // mover ends where the second leg does.
    std::string_view back_from;
    char none = 0;
    if (!squares(move.substr(0, comma), from_text, middle_text, none) || none ||
        !squares(move.substr(comma + 1), back_from, to_text, promotion) || back_from != middle_text)
      return false;
  } else if (!squares(move, from_text, to_text, promotion)) {
    return false;
  }
  const int from = cell(from_text), to = cell(to_text);
  const int middle = middle_text.empty() ? -1 : cell(middle_text);
  if (from < 0 || to < 0 || (!middle_text.empty() && middle < 0)) return false;
  const char piece = cells_[size_t(from)];
  if (piece == '.') return false;
  const char kind = coloured(piece, true);
  const int step = to - from;
  const int rank_of_from = from / files_;
  if (middle >= 0) cells_[size_t(middle)] = '.';
  if (kind == pawn_ && from % files_ != to % files_ && cells_[size_t(to)] == '.' && middle < 0) {
    // En passant: the piece beside the mover, on the target's file.
    cells_[size_t(rank_of_from * files_ + to % files_)] = '.';
  }
  if (kind == king_ && to / files_ == rank_of_from && (step > 1 || step < -1) && middle < 0) {
    // Castling: the corner piece on the mover's side jumps over the King.
    const int corner = rank_of_from * files_ + (step > 0 ? files_ - 1 : 0);
    cells_[size_t(to - (step > 0 ? 1 : -1))] = cells_[size_t(corner)];
    if (corner != to) cells_[size_t(corner)] = '.';
  }
  cells_[size_t(from)] = '.';
  cells_[size_t(to)] = promotion ? coloured(promotion, is_upper(piece)) : piece;
  return true;
}

std::vector<std::string> gui_setup_lines(const Position& start) {
  const Variant& v = start.variant();
  const std::vector<GuiPiece> pieces = pieces_of(v);
  if (pieces.empty()) return {};
  const Geometry& g = start.geometry();
  // The parent is XBoard's catch-all `fairy`: no rules of its own beyond
  // what the pieces' slots imply, and every slot available.
  std::vector<std::string> lines;
  lines.push_back("setup (" + piece_to_char_table(v) + ") " + std::to_string(g.files()) + 'x' +
                  std::to_string(g.ranks()) + "+0_fairy " + gui_fen(start));
  for (const GuiPiece& p : pieces)
    if (!p.betza.empty()) lines.push_back(std::string("piece ") + p.letter + "& " + p.betza);
  return lines;
}

std::string from_gui_fen(const Position& start, const std::string& text) {
  if (pieces_of(start.variant()).empty()) return text;
  // The side to move is not compared: XBoard (4.9) starts an
  // engine-defined variant with White to move whatever `setup` said, and
  // hands that back (Wizard Chess's start with `w`).
  const std::vector<std::string> w = words(text);
  if (w.size() < 2 || w[0] != gui_board(start) || (w[1] != "w" && w[1] != "b")) return text;
  return start.to_string();
}

std::shared_ptr<const Variant> variant_of_gui_fen(const std::string& text,
                                                  const EngineOptions& options) {
  for (const std::string& name : variant_names()) {
    std::shared_ptr<const Variant> v;
    try {
      v = make_variant(name, options.variant_options(name));
    } catch (const std::exception&) {
      continue;
    }
    if (pieces_of(*v).empty()) continue;
    const Position start = Position::start(v);
    if (from_gui_fen(start, text) != text) return v;
  }
  return nullptr;
}

std::vector<std::string> gui_move_lines(const Action& a, const Geometry& g,
                                        const std::string& text) {
  if (a.type != ActionType::kShot) return {"move " + text};
  const std::string from = g.name(a.from), to = g.name(a.to);
  return {"move " + from + to + ',', "move " + to + from};
}

std::string from_gui_move(const std::string& text) {
  const size_t comma = text.find(',');
  if (comma == std::string::npos) return text;
  // Splits a leg "c1e3" into its two square names.
  const auto squares = [](const std::string& leg) -> std::pair<std::string, std::string> {
    size_t i = 0;
    while (i < leg.size() && std::isalpha(static_cast<unsigned char>(leg[i]))) ++i;
    while (i < leg.size() && std::isdigit(static_cast<unsigned char>(leg[i]))) ++i;
    return {leg.substr(0, i), leg.substr(i)};
  };
  const auto [from, to] = squares(text.substr(0, comma));
  const auto [back_from, back_to] = squares(text.substr(comma + 1));
  if (from.empty() || to.empty() || back_from != to || back_to != from) return text;
  return from + to;
}

}  // namespace fable::protocol
