#include "protocol/refusal.h"

#include <cctype>

#include "movegen.h"

namespace fable::protocol {

namespace {

// The longest prefix of `text` from `at` that names a square; kNoSquare if
// none (advances `at` past it).
Square read_square(const Geometry& g, std::string_view text, size_t& at) {
  for (size_t end = std::min(text.size(), at + 3); end > at + 1; --end) {
    const Square s = g.parse(text.substr(at, end - at));
    if (s != kNoSquare) {
      at = end;
      return s;
    }
  }
  return kNoSquare;
}

std::string capitalised(std::string name) {
  if (!name.empty()) name[0] = char(std::toupper(static_cast<unsigned char>(name[0])));
  return name;
}

}  // namespace

std::string refusal_reason(const Position& pos, std::string_view text) {
  if (pos.decision().kind != DecisionKind::kMove) return "";
  const Geometry& g = pos.geometry();
  const Variant& v = pos.variant();
  size_t at = 0;
  const Square from = read_square(g, text, at);
  const Square to = read_square(g, text, at);
  if (from == kNoSquare || to == kNoSquare) return "";
  const Piece p = pos.at(from);
  const std::string from_name = g.name(from), to_name = g.name(to);
  if (!p) return "there is no piece on " + from_name;
  const PieceType& type = v.types[type_of(p)];
  const std::string piece = capitalised(type.name) + " on " + from_name;
  const Colour us = pos.side();
  if (colour_of(p) != us)
    return "the " + piece + " is " +
           (colour_of(p) == kNeutral ? std::string("neutral")
                                     : std::string(colour_of(p) == kWhite ? "White's" : "Black's"));
  ActionList moves;
  generate_moves_from(pos, from, moves);
  bool reaches = false;
  for (const Action& a : moves) reaches = reaches || a.to == to;
  const std::string check = pos.in_check() ? "you are in check, and " : "";
  if (!reaches)
    return check + "a " + capitalised(type.name) + " cannot go from " + from_name + " to " +
           to_name + (type.moves.empty() ? "" : "; it moves " + type.moves);
  const int royal = v.check.royal_type_of(us);
  if (royal && v.check.royal_safety) {
    const std::string name = capitalised(v.types[size_t(royal)].name);
    return check + "it would leave your " + name + " attacked" +
           (v.check.confrontation ? " or facing the enemy " + name + " on an open line" : "");
  }
  return check + "the rules do not allow it here";
}

}  // namespace fable::protocol
