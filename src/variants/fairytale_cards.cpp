#include "variants/fairytale_cards.h"

#include <cctype>

namespace fable::fairytale {

namespace {

constexpr Dir kAllDirs[] = {N, NE, E, SE, S, SW, W, NW};

bool on_last_rank(const Geometry& g, Colour c, Square s) {
  return g.rank(s) == (c == kWhite ? g.ranks() - 1 : 0);
}

char type_letter(const Position& pos, int type) { return pos.variant().types[size_t(type)].letter; }

}  // namespace

CardEffects::CardEffects(const ScenarioCard& scenario, const Geometry& g, const Castling& castling)
    : scenario_(scenario), g_(g), castling_(castling) {
  // Read the scenario's diagram for the start squares (ranks from the top).
  int rank = g.ranks() - 1, file = 0;
  for (const char* p = scenario.board; *p; ++p) {
    const char ch = *p;
    if (ch == '/') {
      --rank;
      file = 0;
    } else if (std::isdigit(static_cast<unsigned char>(ch))) {
      file += ch - '0';
    } else {
      const Colour c = std::isupper(static_cast<unsigned char>(ch)) ? kWhite : kBlack;
      const char upper = char(std::toupper(static_cast<unsigned char>(ch)));
      static constexpr char kLetters[] = " BCDFKNPIRQWL";  // FairyType order
      for (int type = 1; type < kTypeEnd; ++type)
        if (kLetters[type] == upper) start_[c][size_t(type)].push_back(g.at(file, rank));
      ++file;
    }
  }
}

bool CardEffects::room_for(const Position& pos, Colour c, int type) const {
  return !essential(c, type) || pos.count(make_piece(c, type)) == 0;
}

bool CardEffects::non_essential(const Position& pos, Square s, Colour owner) const {
  const Piece p = pos.at(s);
  return p != kEmpty && colour_of(p) == owner && !essential(owner, type_of(p));
}

bool CardEffects::peasant_may_stand(Colour c, int type, Square s) const {
  return type != kPeasant || !on_last_rank(g_, c, s);
}

void CardEffects::touched(Position& pos, Square s) const {
  if (pos.castling()) pos.set_castling(castling_.rights_after(pos.castling(), s));
}

void CardEffects::capture(Position& pos, Square s) const {
  const Piece p = pos.at(s);
  set_pool_count(pos, colour_of(p), type_of(p), pool_count(pos, colour_of(p), type_of(p)) + 1);
  pos.set_piece(s, kEmpty);
  touched(pos, s);
}

void CardEffects::place_options(const Position& pos, Colour p, int type,
                                const std::vector<Square>& squares, ActionList& out) const {
  if (!room_for(pos, p, type)) return;
  for (Square s : squares)
    if (pos.at(s) == kEmpty && peasant_may_stand(p, type, s))
      out.push(choice(kPlaceChoice, kNoSquare, s, uint8_t(type)));
}

void CardEffects::card_options(const Position& pos, int card, Colour p, ActionList& out) const {
  const Colour o = opposite(p);
  std::vector<Square> own;
  pos.for_each_piece(p, [&](Square s) { own.push_back(s); });
  switch (card_info(card).kind == CardKind::kAlly ? -1 : card) {
    case -1: {
      std::vector<Square> home;
      for (Square s = 0; s < g_.size(); ++s)
        if (on_home_ranks(g_, p, s)) home.push_back(s);
      place_options(pos, p, ally_type(card), home, out);
      break;
    }
    case kImpersonator:
      for (size_t i = 0; i < own.size(); ++i)
        for (size_t j = i + 1; j < own.size(); ++j) {
          const Square a = own[i], b = own[j];
          if (peasant_may_stand(p, type_of(pos.at(a)), b) &&
              peasant_may_stand(p, type_of(pos.at(b)), a))
            out.push(choice(kSwapChoice, a, b));
        }
      break;
    case kLongLostSibling: {
      std::vector<bool> next_to(size_t(g_.size()), false);
      for (Square s : own)
        for (Dir d : kAllDirs)
          if (const Square n = g_.neighbour(s, d); n != kNoSquare) next_to[n] = true;
      std::vector<Square> squares;
      for (Square s = 0; s < g_.size(); ++s)
        if (next_to[s]) squares.push_back(s);
      for (int type = 1; type < kTypeEnd; ++type)
        if (pool_count(pos, p, type)) place_options(pos, p, type, squares, out);
      break;
    }
    case kTrueLovesKiss:
      for (int type = 1; type < kTypeEnd; ++type)
        if (pool_count(pos, p, type)) place_options(pos, p, type, start_[p][size_t(type)], out);
      break;
    case kRoyalDecree:
      for (Square s : own) {
        if (!non_essential(pos, s, p)) continue;
        for (int type = 1; type < kTypeEnd; ++type)
          if (type != type_of(pos.at(s)) && !essential(p, type) && peasant_may_stand(p, type, s))
            out.push(choice(kChangeChoice, s, kNoSquare, uint8_t(type)));
      }
      break;
    case kKidnapped:
      for (Square s : own) {
        if (!non_essential(pos, s, p)) continue;
        for (Dir d : kAllDirs) {
          const auto ray = g_.ray(s, d);
          if (ray.size() < 3) continue;
          const Square to = ray[2];
          if (pos.at(to) == kEmpty && peasant_may_stand(p, type_of(pos.at(s)), to))
            out.push(choice(kRelocateChoice, s, to));
        }
      }
      break;
    case kReincarnation:
      for (Square s : own) {
        if (!non_essential(pos, s, p)) continue;
        ActionList types;
        reincarnation_types(pos, s, types);
        if (!types.empty()) out.push(choice(kPickChoice, s));
      }
      break;
    case kTipsyFairyGodmother:
      for (int c = 0; c < kCardNames; ++c)
        if (is_blessing_or_curse(c))
          out.push(choice(kCardChoice, kNoSquare, kNoSquare, 0, uint8_t(c)));
      break;
    case kForestFire:
    case kPushedIntoAnOven:
    case kStolenPorridge:
      for (Square s : own)
        if (non_essential(pos, s, p)) out.push(choice(kPickChoice, s));
      break;
    case kTransmogrification:
      for (Square s : own)
        if (non_essential(pos, s, p) && type_of(pos.at(s)) != kPeasant &&
            peasant_may_stand(p, kPeasant, s))
          out.push(choice(kChangeChoice, s, kNoSquare, kPeasant));
      break;
    case kTurncoat:
      for (Square s : own) {
        const int type = type_of(pos.at(s));
        if (non_essential(pos, s, p) && room_for(pos, o, type) && peasant_may_stand(o, type, s))
          out.push(choice(kPickChoice, s));
      }
      break;
    default:
      break;
  }
}

void CardEffects::reincarnation_types(const Position& pos, Square picked, ActionList& out) const {
  const Piece piece = pos.at(picked);
  const Colour p = colour_of(piece);
  for (int type = 1; type < kTypeEnd; ++type) {
    if (!pool_count(pos, p, type) || !peasant_may_stand(p, type, picked)) continue;
    if (type != type_of(piece) && !room_for(pos, p, type)) continue;
    out.push(choice(kTypeChoice, kNoSquare, kNoSquare, uint8_t(type)));
  }
}

void CardEffects::potion_options(const Position& pos, ActionList& out) const {
  for (Colour c : {kWhite, kBlack})
    pos.for_each_piece(c, [&](Square s) {
      for (Square to : start_[c][size_t(type_of(pos.at(s)))])
        if (pos.at(to) == kEmpty) out.push(choice(kPotionCast, s, to));
    });
}

bool CardEffects::apply_option(Position& pos, int card, Colour p, const Action& a) const {
  switch (ChoiceKind(a.arg)) {
    case kPlaceChoice:
      if (card_info(card).kind != CardKind::kAlly)  // Long Lost Sibling, True Love's Kiss
        set_pool_count(pos, p, a.promotion, pool_count(pos, p, a.promotion) - 1);
      pos.set_piece(a.to, make_piece(p, a.promotion));
      return false;
    case kSwapChoice: {
      const Piece first = pos.at(a.from), second = pos.at(a.to);
      pos.set_piece(a.from, second);
      pos.set_piece(a.to, first);
      touched(pos, a.from);
      touched(pos, a.to);
      return false;
    }
    case kChangeChoice:
      pos.set_piece(a.from, make_piece(colour_of(pos.at(a.from)), a.promotion));
      touched(pos, a.from);
      return false;
    case kRelocateChoice:
      pos.set_piece(a.to, pos.at(a.from));
      pos.set_piece(a.from, kEmpty);
      touched(pos, a.from);
      return false;
    case kPickChoice:
      if (card == kForestFire) {
        const int rank = g_.rank(a.from);
        for (int file = 0; file < g_.files(); ++file) {
          const Square s = g_.at(file, rank);
          if (s == kNoSquare || pos.at(s) == kEmpty) continue;
          const Piece victim = pos.at(s);
          if (!essential(colour_of(victim), type_of(victim))) capture(pos, s);
        }
        return true;
      }
      if (card == kTurncoat) {
        pos.set_piece(a.from, make_piece(opposite(p), type_of(pos.at(a.from))));
        touched(pos, a.from);
        return false;
      }
      capture(pos, a.from);  // Pushed into an Oven, Stolen Porridge
      return true;
    default:
      return false;
  }
}

void CardEffects::apply_reincarnation(Position& pos, Square picked, int type) const {
  const Piece old = pos.at(picked);
  const Colour p = colour_of(old);
  set_pool_count(pos, p, type_of(old), pool_count(pos, p, type_of(old)) + 1);
  set_pool_count(pos, p, type, pool_count(pos, p, type) - 1);
  pos.set_piece(picked, make_piece(p, type));
  touched(pos, picked);
}

void CardEffects::apply_potion(Position& pos, const Action& a) const {
  pos.set_piece(a.to, pos.at(a.from));
  pos.set_piece(a.from, kEmpty);
  touched(pos, a.from);
}

bool CardEffects::jumps_with_broomstick(int type) {
  return type == kBishop || type == kCastle || type == kQueen || type == kPrincess ||
         type == kPrince;
}

void CardEffects::broomstick_moves(const Position& pos, Square from, ActionList& out) const {
  const Piece mover = pos.at(from);
  const Colour us = colour_of(mover);
  const int type = type_of(mover);
  const Variant& v = pos.variant();
  auto add = [&](Square to) {
    const Piece there = pos.at(to);
    if (there == kEmpty ||
        (colour_of(there) == opposite(us) && v.capture_allowed[kind_of(mover)][kind_of(there)]))
      out.push({from, to, ActionType::kMove, 0, 0, 0});
  };
  if (type == kPrince) {
    // The knight's leap the Prince makes when nothing can block it.
    static constexpr int kLeaps[8][2] = {{1, 2},   {2, 1},   {2, -1}, {1, -2},
                                         {-1, -2}, {-2, -1}, {-2, 1}, {-1, 2}};
    for (const auto& leap : kLeaps)
      if (const Square to = g_.at(g_.file(from) + leap[0], g_.rank(from) + leap[1]);
          to != kNoSquare)
        add(to);
    return;
  }
  const bool diagonal = type != kCastle, orthogonal = type != kBishop;
  const size_t range = type == kPrincess ? 3 : size_t(g_.size());
  for (Dir d : kAllDirs) {
    if (is_diagonal(d) ? !diagonal : !orthogonal) continue;
    const auto ray = g_.ray(from, d);
    for (size_t i = 0; i < ray.size() && i < range; ++i) add(ray[i]);
  }
}

std::string CardEffects::text(const Position& pos, const Action& a) const {
  switch (ChoiceKind(a.arg)) {
    case kPlaceChoice:
      return std::string(1, type_letter(pos, a.promotion)) + "@" + g_.name(a.to);
    case kSwapChoice:
      return g_.name(a.from) + "<>" + g_.name(a.to);
    case kChangeChoice:
      return g_.name(a.from) + "=" + type_letter(pos, a.promotion);
    case kPickChoice:
      return g_.name(a.from);
    case kTypeChoice:
      return std::string("=") + type_letter(pos, a.promotion);
    case kRelocateChoice:
      return g_.name(a.from) + g_.name(a.to);
    case kCardChoice:
      return card_info(a.flag).name;
    case kCancelCurse:
      return "remove-curse";
    case kSkipChoice:
      return "skip";
    case kPotionCast:
      return "potion-of-youth:" + g_.name(a.from) + g_.name(a.to);
    case kWishCast:
      return std::string("wish:") + card_info(a.flag).name +
             (a.promotion == kWhite ? ":white" : ":black");
  }
  return "?";
}

}  // namespace fable::fairytale
