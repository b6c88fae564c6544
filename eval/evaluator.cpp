#include "eval/evaluator.h"

#include <algorithm>
#include <cmath>
#include <memory>

#include "movegen.h"
#include "variants/fairytale_deck.h"

namespace fable::eval {

Evaluator::Evaluator(const Variant& v, const Weights& w)
    : variant_(v),
      weights_(w),
      roles_(roles_of(v)),
      values_(derive_piece_values(v, roles_, w)),
      tables_(derive_square_tables(v, roles_, values_, w)),
      cards_(v, roles_, values_, w),
      passed_(v, values_, w),
      structure_(v, w),
      bound_pair_(v, w),
      squares_(v.geometry.size()) {
  const size_t squares = size_t(squares_);
  static_score_.assign(size_t(MoveTables::kKinds) * squares, 0);
  threats_active_ = w.threat_now || w.threat_later;
  for (Colour c : {kWhite, kBlack}) {
    for (size_t t = 1; t < v.types.size(); ++t) {
      if (v.types[t].neutral) continue;
      const int kind = kind_of(make_piece(c, int(t)));
      const bool royal = roles_.is_essential(c, int(t));
      kind_material_[size_t(kind)] = royal ? 0 : values_.mobility_value[t];
      // The mobility term weighs a square by a share of the value map's
      // slope. Royal pieces are not counted (their safety is), nor
      // pawn-like ones (their advance is; counting them would cost half
      // the term's time for a few centipawns).
      if (!royal && !v.classes.pawn_like[t])
        mobility_weight_[size_t(kind)] =
            int(std::lround(16.0 * std::max(0, w.mobility_percent + w.mobility_adjust[t]) / 100.0 *
                            values_.slope[t]));
      threatens_[size_t(kind)] = threats_active_ && !royal;
      walks_targets_[size_t(kind)] = mobility_weight_[size_t(kind)] || threatens_[size_t(kind)] ||
                                     (royal && roles_.essential_must_flee);
      // Centred on the type's average expected mobility, so an average
      // piece is worth its material value.
      const int expected_share =
          int(std::lround(mobility_weight_[size_t(kind)] * values_.average_mobility[t] / 16.0));
      for (size_t s = 0; s < squares; ++s)
        static_score_[size_t(kind) * squares + s] = kind_material_[size_t(kind)] +
                                                    tables_.total[size_t(kind) * squares + s] -
                                                    expected_share;
    }
  }
  if (endgame_weighed(v, w)) init_endgame();
  // The line atoms of every (kind, square) as rays cut to their range, so
  // that for_each_target() walks one flat list.
  ray_index_.assign(size_t(MoveTables::kKinds) * squares, {0, 0});
  for (int kind = 0; kind < MoveTables::kKinds; ++kind) {
    if (!walks_targets_[size_t(kind)]) continue;
    for (Square s = 0; s < squares_; ++s) {
      const uint32_t first = uint32_t(rays_.size());
      for (const LineAtom& line : v.tables.lines(kind)) {
        const auto ray = v.geometry.ray(s, line.dir);
        const size_t length = std::min<size_t>(ray.size(), line.range);
        if (!length) continue;
        rays_.push_back({uint32_t(ray_squares_.size()), uint16_t(length), line.kind, line.mode});
        ray_squares_.insert(ray_squares_.end(), ray.begin(), ray.begin() + std::ptrdiff_t(length));
      }
      ray_index_[size_t(kind) * squares + s] = {first, uint32_t(rays_.size())};
    }
  }
  if (roles_.essential_must_flee)
    for (Colour c : {kWhite, kBlack})
      for (Square s = 0; s < squares_; ++s)
        if (fairytale::on_home_ranks(v.geometry, c, s)) home_squares_[c].push_back(s);
  // Closeness to each square by king steps over the geometry's own links
  // (Family Matters' i1 included): 3 next to it, 2 two steps away, 1 three.
  closeness_.assign((squares + 1) * squares, 0);
  for (Square r = 0; r < squares_; ++r) {
    std::vector<int> steps(squares, -1);
    std::vector<Square> frontier{r}, next;
    steps[r] = 0;
    for (int d = 1; d <= 3 && !frontier.empty(); ++d) {
      next.clear();
      for (Square s : frontier)
        for (int dir = 0; dir < kDirs; ++dir)
          if (const Square n = v.geometry.neighbour(s, Dir(dir)); n != kNoSquare && steps[n] < 0) {
            steps[n] = d;
            next.push_back(n);
            closeness_[size_t(r) * squares + n] = uint8_t(4 - d);
          }
      frontier.swap(next);
    }
  }
}

template <class Visit>
void Evaluator::for_each_target(const Position& pos, int kind, Square s, Colour them,
                                Visit&& visit) const {
  for_each_leap_target(pos, kind, s, them, visit);
  const auto& range = ray_index_[size_t(kind) * size_t(squares_) + s];
  for (uint32_t r = range.first; r < range.second; ++r)
    for_each_target_on_ray(pos, rays_[r], them, visit);
}

template <class Visit>
void Evaluator::for_each_leap_target(const Position& pos, int kind, Square s, Colour them,
                                     Visit&& visit) const {
  const Piece* board = pos.board();
  for (const LeapTarget& leap : variant_.tables.leaps(kind, s)) {
    if (leap_blocked(board, leap)) continue;
    const Piece target = board[leap.to];
    if (target ? (leap.mode & kCaptureOnly) && colour_of(target) == them
               : (leap.mode & kMoveOnly) != 0)
      visit(leap.to);
  }
}

template <class Visit>
void Evaluator::for_each_target_on_ray(const Position& pos, const Ray& ray, Colour them,
                                       Visit&& visit) const {
  const Piece* board = pos.board();
  const Square* square = ray_squares_.data() + ray.offset;
  const int length = ray.length;
  const bool moves = ray.mode & kMoveOnly, captures = ray.mode & kCaptureOnly;
  int i = 0;
  switch (ray.kind) {
    case AtomKind::kSlide:
      for (; i < length && !board[square[i]]; ++i)
        if (moves) visit(square[i]);
      if (i < length && captures && colour_of(board[square[i]]) == them) visit(square[i]);
      break;
    case AtomKind::kJump:
      for (; i < length; ++i) {
        const Piece target = board[square[i]];
        if (target ? captures && colour_of(target) == them : moves) visit(square[i]);
      }
      break;
    case AtomKind::kHop: {
      while (i < length && !board[square[i]]) ++i;  // up to the screen
      for (++i; i < length && !board[square[i]]; ++i)
        if (moves) visit(square[i]);
      if (i < length && captures && colour_of(board[square[i]]) == them) visit(square[i]);
      break;
    }
    case AtomKind::kLeap:
      break;
  }
}

template <bool kThreats>
int Evaluator::mobility(const Position& pos, int kind, Square s, Colour them, int& threats) const {
  // for_each_target's walk, counting: a slide's empty squares are counted
  // at once where the ray meets its first piece (the evaluation's most
  // frequent loop).
  const Piece* board = pos.board();
  int count = 0;
  const auto takes = [&](Square to) {
    if (kThreats && worth_more(board[to], kind)) ++threats;
  };
  const auto counter = [&](Square to) {
    ++count;
    if (board[to]) takes(to);
  };
  for_each_leap_target(pos, kind, s, them, counter);
  const auto& range = ray_index_[size_t(kind) * size_t(squares_) + s];
  for (uint32_t r = range.first; r < range.second; ++r) {
    const Ray& ray = rays_[r];
    if (ray.kind != AtomKind::kSlide) {
      // Jumps and hops are rare: the general walk counts them.
      for_each_target_on_ray(pos, ray, them, counter);
      continue;
    }
    const Square* square = ray_squares_.data() + ray.offset;
    const int length = ray.length;
    int i = 0;
    while (i < length && !board[square[i]]) ++i;
    if (ray.mode & kMoveOnly) count += i;
    if (i < length && (ray.mode & kCaptureOnly) && colour_of(board[square[i]]) == them) {
      ++count;
      takes(square[i]);
    }
  }
  return count;
}

int Evaluator::capture_threats(const Position& pos, int kind, Square s, Colour them) const {
  // mobility<true>'s threats without its count: the capturing leaps alone
  // (a Pawn's two of four), then the rays, which such pieces seldom have.
  const Piece* board = pos.board();
  const auto threatened = [&](Piece target) {
    return target && colour_of(target) == them && worth_more(target, kind);
  };
  int threats = 0;
  for (const LeapTarget& leap : variant_.tables.leaps(kind, s))
    threats +=
        (leap.mode & kCaptureOnly) && threatened(board[leap.to]) && !leap_blocked(board, leap);
  const auto& range = ray_index_[size_t(kind) * size_t(squares_) + s];
  for (uint32_t r = range.first; r < range.second; ++r)
    for_each_target_on_ray(pos, rays_[r], them,
                           [&](Square to) { threats += threatened(board[to]); });
  return threats;
}

bool Evaluator::endgame_weighed(const Variant& v, const Weights& w) {
  if (w.royal_centre_endgame) return true;
  for (size_t t = 1; t < v.types.size(); ++t) {
    if (w.endgame_value[t]) return true;
    for (const int bonus : w.endgame_rank_bonus[t])
      if (bonus) return true;
  }
  return false;
}

void Evaluator::init_endgame() {
  const Variant& v = variant_;
  const size_t squares = size_t(squares_);
  const double occupancy = weights_.occupancy_percent / 100.0;
  endgame_score_.assign(size_t(MoveTables::kKinds) * squares, 0);
  for (Colour c : {kWhite, kBlack})
    for (size_t t = 1; t < v.types.size(); ++t) {
      if (v.types[t].neutral) continue;
      const int kind = kind_of(make_piece(c, int(t)));
      const bool royal = roles_.is_essential(c, int(t));
      if (!royal && !v.classes.pawn_like[t])
        officer_material_[size_t(kind)] = kind_material_[size_t(kind)];
      for (Square s = 0; s < squares_; ++s) {
        int& score = endgame_score_[size_t(kind) * squares + s];
        score = weights_.endgame_rank_bonus[t][size_t(placement_of(v, c, s).rank)];
        if (royal)
          score += int(std::lround(weights_.royal_centre_endgame *
                                   centrality(v, values_, kind, s, occupancy)));
        else
          score += weights_.endgame_value[t];
      }
    }
  // The start position, read through a pointer that does not own the
  // variant (it outlives this constructor's use of it).
  const Position start =
      Position::start(std::shared_ptr<const Variant>(std::shared_ptr<const Variant>(), &variant_));
  for (Colour c : {kWhite, kBlack})
    start.for_each_piece(
        c, [&](Square s) { start_officers_ += officer_material_[size_t(kind_of(start.at(s)))]; });
}

bool Evaluator::jumper_traps(int kind, Square from, Square royal, const Square* escapes,
                             int escape_count) const {
  const Geometry& g = variant_.geometry;
  auto attacks = [&](Square target) {
    const int d = g.line_direction(from, target);
    return d >= 0 &&
           variant_.tables.jump_capture_range(kind, Dir(d)) >= g.line_distance(from, target);
  };
  if (!attacks(royal)) return false;
  for (int i = 0; i < escape_count; ++i)
    if (!attacks(escapes[i])) return false;
  return true;
}

int Evaluator::essential_escape(const Position& pos, Colour c, bool threatened) const {
  const Weights& w = weights_;
  const Colour them = opposite(c);
  const Square royal = pos.royal(c);
  // Where the piece can go (`reach`), and which of those are not
  // threatened now (`escapes`). A square behind the piece on an attacker's
  // line counts as unthreatened (the piece itself still blocks it), so the
  // escapes can only be too many: "no escape" is never claimed wrongly.
  std::array<Square, 64> reach, escapes;
  int reach_count = 0, escape_count = 0;
  for_each_target(pos, kind_of(pos.at(royal)), royal, them, [&](Square to) {
    if (reach_count == int(reach.size())) return;
    reach[size_t(reach_count++)] = to;
    if (!is_attacked(pos, to, them)) escapes[size_t(escape_count++)] = to;
  });
  if (threatened) return escape_count == 0 ? w.essential_trapped : 0;

  const uint64_t jumpers = variant_.tables.jumper_kinds(them);
  const bool jumper_present = jumper_on_board(pos, them);
  int penalty = 0;
  if ((jumper_present || cards_.active()) && escape_count < 2)
    penalty += escape_count == 0 ? w.essential_boxed_in : w.essential_boxed_in / 2;

  // A jumping rider of theirs that could land on a square from which it
  // threatens the piece and all its escapes (and that the piece cannot
  // reach to take it) traps it: a loss at c's next move. Counted in full
  // where they act before c moves again, at a share where c moves first
  // and can still make room.
  const bool they_act_first = pos.side() == them;
  auto lands_and_traps = [&](int kind, Square q) {
    return std::find(reach.begin(), reach.begin() + reach_count, q) ==
               reach.begin() + reach_count &&
           jumper_traps(kind, q, royal, escapes.data(), escape_count);
  };
  // By moving one already on the board.
  bool move_traps = false;
  if (jumper_present)
    pos.for_each_piece(them, [&](Square s) {
      const int kind = kind_of(pos.at(s));
      if (move_traps || !((jumpers >> kind) & 1)) return;
      for_each_target(pos, kind, s, c,
                      [&](Square q) { move_traps = move_traps || lands_and_traps(kind, q); });
    });
  // By drawing an Ally card of a jumping type and placing the piece on an
  // empty square of their home ranks: the chance of that card, when their
  // draw comes before c's next move.
  double draw_chance = 0;
  if (cards_.active() && they_act_first && pos.phase() == fairytale::kStepDraw) {
    const int total = fairytale::deck_total(pos);
    for (int card = 0; card < fairytale::kCardNames && total; ++card) {
      if (fairytale::card_info(card).kind != fairytale::CardKind::kAlly) continue;
      const int copies = fairytale::deck_count(pos, card);
      const int type = fairytale::ally_type(card);
      const int kind = kind_of(make_piece(them, type));
      if (!copies || !((jumpers >> kind) & 1) || roles_.is_essential(them, type)) continue;
      for (Square q : home_squares_[them])
        if (!pos.at(q) && lands_and_traps(kind, q)) {
          draw_chance += double(copies) / total;
          break;
        }
    }
  }
  const int share = they_act_first ? 100 : w.essential_trap_later_percent;
  if (move_traps) penalty += w.essential_trapped * share / 100;
  penalty += int(draw_chance * w.essential_trapped);
  return penalty;
}

int Evaluator::essential_escape(const Position& pos, Colour c) const {
  if (!roles_.essential_must_flee || pos.royal(c) == kNoSquare) return 0;
  const bool threatened =
      pos.side() == c ? pos.in_check() : is_attacked(pos, pos.royal(c), opposite(c));
  return essential_escape(pos, c, threatened);
}

int Evaluator::royal_safety(const Position& pos, Colour c, int pressure) const {
  const Weights& w = weights_;
  int penalty = std::min(w.royal_zone_cap, w.royal_pressure * pressure * pressure / 16);
  bool threatened = false;
  if (pos.side() == c) {
    threatened = pos.in_check();
    if (threatened) penalty += w.royal_attacked_to_move;
  } else if (roles_.royal_capturable && is_attacked(pos, pos.royal(c), opposite(c))) {
    penalty += w.royal_en_prise;
  } else if (roles_.essential_must_flee) {
    // Threatened while the opponent is to move: by a card effect.
    threatened = is_attacked(pos, pos.royal(c), opposite(c));
  }
  if (roles_.essential_must_flee) penalty += essential_escape(pos, c, threatened);
  return penalty;
}

void Evaluator::random_neutral_threats(const Position& pos, std::array<int, 2>& score) const {
  const Weights& w = weights_;
  const Colour after = variant_.turns.random_neutral_after;
  const bool pending = pos.decision().kind == DecisionKind::kChance;
  pos.for_each_piece(kNeutral, [&](Square s) {
    ActionList steps;
    generate_moves_from(pos, s, steps);
    const int outcomes = int(steps.size());
    for (const Action& a : steps) {
      const Piece victim = pos.at(a.to);
      if (!victim) continue;
      const Colour c = colour_of(victim);
      const int value = roles_.is_essential(c, type_of(victim))
                            ? w.royal_en_prise
                            : kind_material_[size_t(kind_of(victim))];
      // Before her step the side that moves first is to move now, and the
      // other one too unless that first side is the one she follows.
      const bool owner_moves_first = !pending && (pos.side() != after || c == after);
      const int percent =
          owner_moves_first ? w.random_neutral_later_percent : w.random_neutral_now_percent;
      score[c] -= value * percent / (100 * outcomes);
    }
  });
}

int Evaluator::evaluate(const Position& pos, Colour perspective) const {
  const size_t squares = size_t(squares_);
  std::array<int, 2> score{0, 0};
  std::array<int, 2> pressure{0, 0};          // by colour, on the enemy royal
  uint64_t pawn_key = 0;                      // the pawn-like pieces' placement
  std::array<uint32_t, 2> bound_marks{0, 0};  // the classes of bound pieces held
  const bool bound_active = bound_pair_.active();
  int officers = 0;                  // the non-pawn material on the board (endgame_score_)
  std::array<int, 2> endgame{0, 0};  // by colour, once every officer is gone
  const bool endgame_active = start_officers_ != 0;
  for (Colour c : {kWhite, kBlack}) {
    const Colour them = opposite(c);
    const Square royal = pos.royal(them);
    const uint8_t* closeness = closeness_.data() + (royal == kNoSquare ? squares : royal) * squares;
    int mobility_sum = 0;  // in 1/16 centipawn
    int near_royal = 0;
    int threats = 0;
    pos.for_each_piece(c, [&](Square s) {
      const int kind = kind_of(pos.at(s));
      score[c] += static_score_[size_t(kind) * squares + s];
      if (endgame_active) {
        officers += officer_material_[size_t(kind)];
        endgame[c] += endgame_score_[size_t(kind) * squares + s];
      }
      pawn_key ^= passed_.key_part(kind, s);
      if (bound_active) bound_marks[c] |= bound_pair_.mark(kind, s);
      if (const int weight = mobility_weight_[size_t(kind)]) {
        mobility_sum += weight * (threats_active_ ? mobility<true>(pos, kind, s, them, threats)
                                                  : mobility<false>(pos, kind, s, them, threats));
        near_royal += closeness[s];
      } else if (threatens_[size_t(kind)]) {
        threats += capture_threats(pos, kind, s, them);
      }
    });
    score[c] += mobility_sum / 16;
    score[c] += threats * (pos.side() == c ? weights_.threat_now : weights_.threat_later);
    pressure[c] = near_royal;
  }
  for (Colour c : {kWhite, kBlack})
    if (pos.royal(c) != kNoSquare) score[c] -= royal_safety(pos, c, pressure[opposite(c)]);
  if (endgame_active) {
    const int gone = std::max(0, start_officers_ - officers);
    for (Colour c : {kWhite, kBlack}) score[c] += endgame[c] * gone / start_officers_;
  }
  if (variant_.turns.random_neutral_after != kNeutral &&
      (weights_.random_neutral_now_percent || weights_.random_neutral_later_percent))
    random_neutral_threats(pos, score);
  if (!roles_.heirs.empty())
    for (Colour c : {kWhite, kBlack}) {
      int heirs = 0;
      for (const uint8_t type : roles_.heirs) heirs += pos.count(make_piece(c, type));
      if (heirs == 1) score[c] -= weights_.last_heir;
    }
  int white = score[kWhite] - score[kBlack];
  if (passed_.active()) white += passed_.balance(pos, pawn_key);
  if (structure_.active()) white += structure_.balance(pos, pawn_key);
  if (bound_active)
    white += bound_pair_.score(bound_marks[kWhite]) - bound_pair_.score(bound_marks[kBlack]);
  if (cards_.active()) white += cards_.score(pos);
  white += pos.side() == kWhite ? weights_.tempo : -weights_.tempo;
  white = std::clamp(white, -kBound, kBound);
  return perspective == kWhite ? white : -white;
}

int Evaluator::material(const Position& pos) const {
  int white = 0;
  for (size_t t = 1; t < variant_.types.size(); ++t)
    for (Colour c : {kWhite, kBlack}) {
      const int kind = kind_of(make_piece(c, int(t)));
      const int value = kind_material_[size_t(kind)] * pos.count(kind);
      white += c == kWhite ? value : -value;
    }
  return white;
}

}  // namespace fable::eval
