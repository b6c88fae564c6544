#include "variants/castling.h"

#include "movegen.h"

namespace fable {

Castling::Castling(const Geometry& g, int king_type, int rook_type)
    : king_type_(king_type), rook_type_(rook_type) {
  auto sq = [&](const char* name) { return g.parse(name); };
  sides_[0] = {
      sq("e1"), sq("g1"), sq("h1"), sq("f1"), {sq("f1"), sq("g1")}, {sq("e1"), sq("f1"), sq("g1")}};
  sides_[1] = {sq("e1"),
               sq("c1"),
               sq("a1"),
               sq("d1"),
               {sq("b1"), sq("c1"), sq("d1")},
               {sq("e1"), sq("d1"), sq("c1")}};
  sides_[2] = {
      sq("e8"), sq("g8"), sq("h8"), sq("f8"), {sq("f8"), sq("g8")}, {sq("e8"), sq("f8"), sq("g8")}};
  sides_[3] = {sq("e8"),
               sq("c8"),
               sq("a8"),
               sq("d8"),
               {sq("b8"), sq("c8"), sq("d8")},
               {sq("e8"), sq("d8"), sq("c8")}};
  keep_mask_.assign(g.size(), 0xFF);
  for (int i = 0; i < kRights; ++i) {
    keep_mask_[sides_[i].king_from] &= uint8_t(~(1 << i));
    keep_mask_[sides_[i].rook_from] &= uint8_t(~(1 << i));
  }
}

void Castling::generate(const Position& pos, ActionList& out) const {
  const Colour us = pos.side();
  const uint8_t mine = uint8_t(pos.castling() & (us == kWhite ? 0x3 : 0xC));
  if (!mine) return;
  for (int i = us == kWhite ? 0 : 2, end = i + 2; i < end; ++i) {
    if (!(mine & (1 << i))) continue;
    const Side& s = sides_[i];
    bool ok = true;
    for (Square e : s.must_be_empty) ok = ok && !pos.at(e);
    for (Square p : s.king_path) ok = ok && !is_attacked(pos, p, opposite(us));
    if (ok) out.push({s.king_from, s.king_to, ActionType::kCastle, 0, 0, uint8_t(i)});
  }
}

void Castling::apply(Position& pos, const Action& a) const {
  const Side& s = sides_[a.arg];
  const Piece king = pos.at(s.king_from), rook = pos.at(s.rook_from);
  pos.set_piece(s.king_from, kEmpty);
  pos.set_piece(s.rook_from, kEmpty);
  pos.set_piece(s.king_to, king);
  pos.set_piece(s.rook_to, rook);
}

std::string Castling::format(uint8_t rights) const {
  std::string text;
  const char letters[kRights] = {'K', 'Q', 'k', 'q'};
  for (int i = 0; i < kRights; ++i)
    if (rights & (1 << i)) text += letters[i];
  return text.empty() ? "-" : text;
}

uint8_t Castling::parse(const Position& pos, std::string_view text) const {
  if (text == "-") return 0;
  uint8_t rights = 0;
  const std::string letters = "KQkq";
  for (char c : text) {
    const size_t i = letters.find(c);
    if (i == std::string::npos)
      throw PositionError(std::string("castling field: unexpected '") + c + "' (use KQkq or -)");
    if (rights & (1 << i))
      throw PositionError(std::string("castling field: '") + c + "' appears twice");
    const Colour c_side = i < 2 ? kWhite : kBlack;
    const Side& s = sides_[i];
    if (pos.at(s.king_from) != make_piece(c_side, king_type_) ||
        kind_of(pos.at(s.rook_from)) != make_piece(c_side, rook_type_))
      throw PositionError(std::string("castling right '") + c + "' needs the king on " +
                          pos.geometry().name(s.king_from) + " and the rook on " +
                          pos.geometry().name(s.rook_from));
    rights = uint8_t(rights | (1 << i));
  }
  return rights;
}

}  // namespace fable
