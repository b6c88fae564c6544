#include "position.h"

#include <algorithm>
#include <cctype>
#include <sstream>

#include "rules.h"
#include "split.h"
#include "zobrist.h"

namespace fable {

namespace {

std::vector<std::string_view> split_words(std::string_view text) {
  std::vector<std::string_view> words;
  size_t i = 0;
  while (i < text.size()) {
    while (i < text.size() && std::isspace(static_cast<unsigned char>(text[i]))) ++i;
    const size_t start = i;
    while (i < text.size() && !std::isspace(static_cast<unsigned char>(text[i]))) ++i;
    if (i > start) words.push_back(text.substr(start, i - start));
  }
  return words;
}

std::string square_label(int file, int rank) {
  return std::string(1, char('a' + file)) + std::to_string(rank + 1);
}

}  // namespace

Position::Position(std::shared_ptr<const Variant> variant) : variant_(std::move(variant)) {
  stack_.reserve(256);
  diff_.reserve(1024);
}

Position Position::start(std::shared_ptr<const Variant> variant) {
  const std::string text = variant->start_position;
  return from_string(std::move(variant), text);
}

Position Position::from_string(std::shared_ptr<const Variant> requested, std::string_view text) {
  const auto words = split_words(text);
  if (words.empty()) throw PositionError("empty position string");
  const std::vector<std::string_view> fields(words.begin() + std::min<size_t>(2, words.size()),
                                             words.end());
  // The variant may leave part of its rules to the string (Fairy Tale's
  // scenario): read the string with the value it names.
  const std::shared_ptr<const Variant> variant =
      requested->rules->variant_for_fields(requested, fields);
  Position pos(variant);
  const Geometry& g = variant->geometry;

  const auto rows = split(words[0], '/');
  if (int(rows.size()) != g.ranks())
    throw PositionError("board has " + std::to_string(rows.size()) + " ranks, expected " +
                        std::to_string(g.ranks()));
  for (int row = 0; row < g.ranks(); ++row) {
    const int rank = g.ranks() - 1 - row;
    const std::string rank_name = "rank " + std::to_string(rank + 1);
    std::string_view cells = rows[row];
    int file = 0;
    size_t i = 0;
    auto need_cell = [&]() {
      if (file >= g.files())
        throw PositionError(rank_name + " has more than " + std::to_string(g.files()) + " squares");
    };
    while (i < cells.size()) {
      const char c = cells[i];
      if (std::isdigit(static_cast<unsigned char>(c))) {
        int run = 0;
        // Saturates just past the rank's width, which the loop below
        // refuses: a long run of digits must not overflow.
        while (i < cells.size() && std::isdigit(static_cast<unsigned char>(cells[i])))
          run = std::min(run * 10 + (cells[i++] - '0'), g.files() + 1);
        if (run == 0) throw PositionError(rank_name + ": an empty-square count must be at least 1");
        for (int k = 0; k < run; ++k) {
          need_cell();
          if (g.at(file, rank) == kNoSquare)
            throw PositionError(square_label(file, rank) + " does not exist; write '*' for it");
          ++file;
        }
        continue;
      }
      if (c == '*') {
        need_cell();
        if (g.at(file, rank) != kNoSquare)
          throw PositionError("'*' written for " + square_label(file, rank) +
                              ", which is a square of this board");
        ++file;
        ++i;
        continue;
      }
      const int type = std::isalpha(static_cast<unsigned char>(c)) ? variant->type_by_letter(c) : 0;
      if (type == 0)
        throw PositionError(std::string("unknown piece letter '") + c + "' in " + rank_name);
      need_cell();
      const Square s = g.at(file, rank);
      if (s == kNoSquare)
        throw PositionError(std::string("piece '") + c + "' placed on " + square_label(file, rank) +
                            ", which does not exist");
      Colour colour = std::isupper(static_cast<unsigned char>(c)) ? kWhite : kBlack;
      if (variant->types[type].neutral) colour = kNeutral;
      ++i;
      Marker marker = kNoMarker;
      if (i < cells.size() && (cells[i] == '~' || cells[i] == '^')) {
        if (!variant->types[type].markable)
          throw PositionError(std::string("marker '") + cells[i] + "' is not used for '" + c +
                              "' in this variant");
        marker = cells[i] == '~' ? kPromoted : kQuest;
        ++i;
      }
      pos.set_piece(s, make_piece(colour, type, marker));
      ++file;
    }
    if (file != g.files())
      throw PositionError(rank_name + " has " + std::to_string(file) + " squares, expected " +
                          std::to_string(g.files()));
  }

  if (words.size() < 2) throw PositionError("side to move missing (expected 'w' or 'b')");
  if (words[1] == "w")
    pos.set_side(kWhite);
  else if (words[1] == "b")
    pos.set_side(kBlack);
  else
    throw PositionError("side to move must be 'w' or 'b', not '" + std::string(words[1]) + "'");

  variant->rules->parse_fields(pos, fields);
  pos.diff_.clear();
  pos.stack_.clear();
  return pos;
}

std::string Position::to_string() const {
  const Geometry& g = geometry();
  std::string out;
  for (int rank = g.ranks() - 1; rank >= 0; --rank) {
    int empty = 0;
    for (int file = 0; file < g.files(); ++file) {
      const Square s = g.at(file, rank);
      const Piece p = s == kNoSquare ? kEmpty : board_[s];
      if (s != kNoSquare && !p) {
        ++empty;
        continue;
      }
      if (empty) out += std::to_string(empty), empty = 0;
      if (s == kNoSquare) {
        out += '*';
        continue;
      }
      out += variant_->letter(p);
      if (marker_of(p) == kPromoted) out += '~';
      if (marker_of(p) == kQuest) out += '^';
    }
    if (empty) out += std::to_string(empty);
    if (rank > 0) out += '/';
  }
  out += st_.side == kWhite ? " w" : " b";
  const std::string fields = variant_->rules->format_fields(*this);
  if (!fields.empty()) out += ' ' + fields;
  return out;
}

void Position::set_piece(Square s, Piece p) {
  const Piece old = board_[s];
  if (old == p) return;
  diff_.emplace_back(s, old);
  const auto& keys = zobrist::keys;
  st_.key ^= keys.piece[s][old] ^ keys.piece[s][p];
  const CheckRule& check = variant_->check;
  if (old && colour_of(old) < 2 && type_of(old) == check.royal_type_of(colour_of(old)) &&
      st_.royal[colour_of(old)] == s)
    st_.royal[colour_of(old)] = kNoSquare;
  if (p && colour_of(p) < 2 && type_of(p) == check.royal_type_of(colour_of(p)))
    st_.royal[colour_of(p)] = s;
  place(s, old, p);
}

void Position::set_side(Colour c) {
  if (c != st_.side) st_.key ^= zobrist::keys.side;
  st_.side = c;
}

void Position::set_castling(uint8_t rights) {
  st_.key ^= zobrist::keys.castling[st_.castling] ^ zobrist::keys.castling[rights];
  st_.castling = rights;
}

void Position::set_en_passant(Square s) {
  if (st_.en_passant != kNoSquare) st_.key ^= zobrist::keys.en_passant[st_.en_passant];
  if (s != kNoSquare) st_.key ^= zobrist::keys.en_passant[s];
  st_.en_passant = s;
}

void Position::set_phase(uint8_t phase) {
  st_.key ^= zobrist::keys.phase[st_.phase] ^ zobrist::keys.phase[phase];
  st_.phase = phase;
}

void Position::set_extra(int i, uint8_t value) {
  st_.key ^= zobrist::keys.extra[i][st_.extra[i]] ^ zobrist::keys.extra[i][value];
  st_.extra[i] = value;
}

uint64_t Position::compute_key() const {
  const auto& keys = zobrist::keys;
  uint64_t k = 0;
  for (Square s = 0; s < geometry().size(); ++s) k ^= keys.piece[s][board_[s]];
  if (st_.side == kBlack) k ^= keys.side;
  k ^= keys.castling[st_.castling];
  if (st_.en_passant != kNoSquare) k ^= keys.en_passant[st_.en_passant];
  k ^= keys.phase[st_.phase];
  for (int i = 0; i < State::kExtraBytes; ++i) k ^= keys.extra[i][st_.extra[i]];
  return k;
}

Decision Position::decision() const { return variant_->rules->decision(*this); }

void Position::legal_actions(ActionList& out) const {
  out.clear();
  // Generation probes by applying and undoing; the position is unchanged
  // when it returns, so it is logically const.
  variant_->rules->generate(const_cast<Position&>(*this), out);
}

void Position::tactical_actions(ActionList& out) const {
  out.clear();
  variant_->rules->generate_tactical(const_cast<Position&>(*this), out);
}

void Position::candidate_actions(ActionList& out, bool tactical_only) const {
  out.clear();
  variant_->rules->generate_candidates(const_cast<Position&>(*this), out, tactical_only);
}

bool Position::candidates_need_guard() const { return variant_->rules->defers_royal_safety(); }

void Position::chance_outcomes(std::vector<ChanceOutcome>& out) const {
  out.clear();
  variant_->rules->chance_outcomes(*this, out);
}

bool Position::actions_end_turn() const { return variant_->rules->actions_end_turn(*this); }

bool Position::is_legal(const Action& a) const {
  ActionList list;
  legal_actions(list);
  return list.contains(a);
}

void Position::apply(const Action& a) {
  stack_.push_back(st_);
  stack_.back().diff_begin = uint32_t(diff_.size());
  st_.royal_attacked = -1;
  variant_->rules->apply(*this, a);
}

void Position::apply_null() {
  stack_.push_back(st_);
  stack_.back().diff_begin = uint32_t(diff_.size());
  st_.royal_attacked = -1;
  set_en_passant(kNoSquare);
  set_halfmove(st_.halfmove + 1);
  set_side(opposite(st_.side));
}

bool Position::skip_draw() {
  stack_.push_back(st_);
  stack_.back().diff_begin = uint32_t(diff_.size());
  st_.royal_attacked = -1;
  if (variant_->rules->skip_draw(*this)) return true;
  st_ = stack_.back();
  stack_.pop_back();
  return false;
}

void Position::undo() {
  const State& prev = stack_.back();
  for (size_t i = diff_.size(); i-- > prev.diff_begin;) {
    const auto [s, old] = diff_[i];
    place(s, board_[s], old);
  }
  diff_.resize(prev.diff_begin);
  st_ = prev;
  stack_.pop_back();
}

Outcome Position::outcome() const { return variant_->rules->outcome(const_cast<Position&>(*this)); }

int Position::repetitions() const {
  if (st_.phase != 0 || st_.halfmove == 0) return 0;
  int found = 0;
  for (size_t i = stack_.size(); i-- > 0;) {
    const State& s = stack_[i];
    if (s.phase != 0) continue;
    if (s.key == st_.key) ++found;
    if (s.halfmove == 0) break;
  }
  return found;
}

bool Position::in_check() const { return variant_->rules->in_check(*this); }

}  // namespace fable
