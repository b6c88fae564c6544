#include "variants/fairytale_deck.h"

#include <array>
#include <cctype>
#include <vector>

#include "split.h"

namespace fable::fairytale {

namespace {

constexpr std::array<CardInfo, kCardNames> kCardTable = {{
    {"ally-bishop", CardKind::kAlly, 1,
     "Ally: a new Bishop on an empty square of the drawer's home ranks."},
    {"ally-castle", CardKind::kAlly, 1,
     "Ally: a new Castle on an empty square of the drawer's home ranks."},
    {"ally-dragon", CardKind::kAlly, 2,
     "Ally: a new Dragon on an empty square of the drawer's home ranks."},
    {"ally-fairy", CardKind::kAlly, 2,
     "Ally: a new Fairy on an empty square of the drawer's home ranks."},
    {"ally-king", CardKind::kAlly, 1,
     "Ally: a new King on an empty square of the drawer's home ranks (within the "
     "scenario's maximum)."},
    {"ally-knight", CardKind::kAlly, 1,
     "Ally: a new Knight on an empty square of the drawer's home ranks."},
    {"ally-peasant", CardKind::kAlly, 1,
     "Ally: a new Peasant on an empty square of the drawer's home ranks."},
    {"ally-prince", CardKind::kAlly, 2,
     "Ally: a new Prince on an empty square of the drawer's home ranks."},
    {"ally-princess", CardKind::kAlly, 2,
     "Ally: a new Princess on an empty square of the drawer's home ranks."},
    {"ally-queen", CardKind::kAlly, 1,
     "Ally: a new Queen on an empty square of the drawer's home ranks."},
    {"ally-witch", CardKind::kAlly, 2,
     "Ally: a new Witch on an empty square of the drawer's home ranks."},
    {"ally-wolf", CardKind::kAlly, 2,
     "Ally: a new Wolf on an empty square of the drawer's home ranks."},
    {"borrowed-broomstick", CardKind::kBlessing, 1,
     "Blessing: this turn's first move may jump over pieces in its path."},
    {"helper-elves", CardKind::kBlessing, 1,
     "Blessing: two moves this turn, by two different pieces."},
    {"impersonator", CardKind::kBlessing, 1,
     "Blessing: the drawer swaps the squares of two of their pieces."},
    {"long-lost-sibling", CardKind::kBlessing, 1,
     "Blessing: a piece from the drawer's pool comes back next to one of their pieces."},
    {"royal-decree", CardKind::kBlessing, 1,
     "Blessing: one of the drawer's pieces changes into another type."},
    {"true-loves-kiss", CardKind::kBlessing, 1,
     "Blessing: a piece from the drawer's pool comes back on one of its empty start squares."},
    {"kidnapped", CardKind::kChaos, 1,
     "Chaos: the opponent moves one of the drawer's pieces exactly three squares "
     "along a line, jumping, to an empty square."},
    {"reincarnation", CardKind::kChaos, 1,
     "Chaos: the opponent picks one of the drawer's pieces; the drawer turns it "
     "into a type from their pool."},
    {"tipsy-fairy-godmother", CardKind::kChaos, 1,
     "Chaos: the drawer suffers a Curse or gives the opponent a Blessing, of their choice."},
    {"forest-fire", CardKind::kCurse, 1,
     "Curse: the opponent picks one of the drawer's pieces; every piece on its "
     "rank but the essential ones burns."},
    {"poisoned-apple", CardKind::kCurse, 1, "Curse: the drawer makes no move this turn."},
    {"pushed-into-an-oven", CardKind::kCurse, 1,
     "Curse: the opponent captures one of the drawer's pieces."},
    {"stolen-porridge", CardKind::kCurse, 1,
     "Curse: the opponent captures one of the drawer's pieces."},
    {"transmogrification", CardKind::kCurse, 1,
     "Curse: the opponent turns one of the drawer's pieces into a Peasant."},
    {"turncoat", CardKind::kCurse, 1,
     "Curse: the opponent makes one of the drawer's pieces change sides."},
    {"potion-of-youth", CardKind::kSpell, 1,
     "Spell (kept in hand): send any piece back to one of its empty start "
     "squares."},
    {"remove-curse", CardKind::kSpell, 1,
     "Spell (kept in hand): cancels a Curse about to strike its holder."},
    {"wish", CardKind::kSpell, 1, "Spell (kept in hand): any Blessing or Curse, on either player."},
}};

struct EffectName {
  uint8_t flag;
  const char* name;
};
constexpr EffectName kEffectNames[] = {
    {kAppleFlag, "poisoned-apple"},      {kBroomstickFlag, "borrowed-broomstick"},
    {kElvesFlag, "helper-elves"},        {kSpellDoneFlag, "spell-done"},
    {kIrreversibleFlag, "irreversible"},
};

// "WHITE/BLACK" into its two halves.
std::array<std::string_view, 2> two_sides(std::string_view text, const char* field) {
  const auto parts = split(text, '/');
  if (parts.size() != 2 || parts[0].empty() || parts[1].empty())
    throw PositionError(std::string(field) +
                        "= must be WHITE/BLACK (use '-' for an empty side), not '" +
                        std::string(text) + "'");
  return {parts[0], parts[1]};
}

void read_deck(Position& pos, std::string_view text) {
  std::array<int, kCardNames> copies{};
  if (text != "-") {
    for (std::string_view item : split(text, ',')) {
      int n = 1;
      const size_t star = item.find('*');
      if (star != std::string_view::npos) {
        const std::string_view count = item.substr(star + 1);
        if (count.size() != 1 || count[0] < '1' || count[0] > '9')
          throw PositionError("deck=: bad count in '" + std::string(item) +
                              "' (write NAME*N with N from 1 to the copies of the card)");
        n = count[0] - '0';
        item = item.substr(0, star);
      }
      const int card = find_card(item);
      if (card < 0)
        throw PositionError("deck=: unknown card '" + std::string(item) +
                            "' (names as in RULES.md, such as ally-bishop or helper-elves)");
      copies[size_t(card)] += n;
    }
  }
  for (int card = 0; card < kCardNames; ++card) {
    const int in_hands = (holds(pos, kWhite, card) || holds(pos, kBlack, card)) ? 1 : 0;
    if (card_info(card).kind != CardKind::kSpell && in_hands) continue;
    const int n = copies[size_t(card)];
    if (n + in_hands > card_info(card).copies)
      throw PositionError("deck=: " + std::to_string(n) + " " + card_info(card).name +
                          (in_hands ? " besides the one in a hand" : "") +
                          ", but the deck has only " + std::to_string(card_info(card).copies));
    pos.set_extra(slot::kDeck + card, uint8_t(n));
  }
}

void read_hands(Position& pos, std::string_view text) {
  const auto sides = two_sides(text, "hands");
  for (Colour c : {kWhite, kBlack}) {
    if (sides[c] == "-") continue;
    uint8_t bits = 0;
    for (std::string_view name : split(sides[c], ',')) {
      const int card = find_card(name);
      if (card < 0 || card_info(card).kind != CardKind::kSpell)
        throw PositionError("hands=: '" + std::string(name) +
                            "' is not a Spell (potion-of-youth, remove-curse, wish)");
      if (bits & spell_bit(card) || holds(pos, kWhite, card))
        throw PositionError("hands=: there is only one " + std::string(name));
      bits |= spell_bit(card);
    }
    pos.set_extra(slot::kHands + c, bits);
  }
}

void read_pools(Position& pos, std::string_view text) {
  const auto sides = two_sides(text, "pools");
  const Variant& v = pos.variant();
  for (Colour c : {kWhite, kBlack}) {
    if (sides[c] == "-") continue;
    for (char letter : sides[c]) {
      int type = 1;
      while (type < kTypeEnd && v.types[size_t(type)].letter != std::toupper(letter)) ++type;
      const bool white_letter = std::isupper(static_cast<unsigned char>(letter)) != 0;
      if (type == kTypeEnd || white_letter != (c == kWhite))
        throw PositionError(std::string("pools=: '") + letter + "' is not a " +
                            (c == kWhite ? "White (upper-case)" : "Black (lower-case)") +
                            " piece letter");
      const int n = pool_count(pos, c, type);
      if (n == 255) throw PositionError("pools=: too many pieces of one type");
      set_pool_count(pos, c, type, n + 1);
    }
  }
}

// Appends one item to a comma-separated list.
void append_item(std::string& list, const char* item) {
  if (!list.empty()) list += ',';
  list += item;
}

}  // namespace

std::string pool_letters(const Position& pos, Colour c) {
  std::string text;
  for (int type = 1; type < kTypeEnd; ++type) {
    const char letter = pos.variant().types[size_t(type)].letter;
    text.append(size_t(pool_count(pos, c, type)),
                c == kWhite ? letter : char(std::tolower(static_cast<unsigned char>(letter))));
  }
  return text.empty() ? "-" : text;
}

std::string hand_names(const Position& pos, Colour c) {
  std::string text;
  for (int spell : kSpellCards)
    if (holds(pos, c, spell)) append_item(text, card_info(spell).name);
  return text.empty() ? "-" : text;
}

const CardInfo& card_info(int card) { return kCardTable[size_t(card)]; }

int find_card(std::string_view name) {
  for (int card = 0; card < kCardNames; ++card)
    if (name == kCardTable[size_t(card)].name) return card;
  return -1;
}

uint8_t effect_flag(int card) {
  switch (card) {
    case kPoisonedApple:
      return kAppleFlag;
    case kBorrowedBroomstick:
      return kBroomstickFlag;
    case kHelperElves:
      return kElvesFlag;
    default:
      return 0;
  }
}

int reshuffled_count(const Position& pos, int card) {
  const bool in_hand = card_info(card).kind == CardKind::kSpell &&
                       (holds(pos, kWhite, card) || holds(pos, kBlack, card));
  return in_hand ? 0 : card_info(card).copies;
}

int deck_total(const Position& pos) {
  int total = 0;
  for (int card = 0; card < kCardNames; ++card) total += deck_count(pos, card);
  return total;
}

std::string effect_names(uint8_t flags, bool turn) {
  std::string text;
  for (const EffectName& e : kEffectNames)
    if ((flags & e.flag) && (turn || e.flag < kSpellDoneFlag)) append_item(text, e.name);
  return text.empty() ? "-" : text;
}

uint8_t parse_effect_names(std::string_view text, bool turn, const char* field) {
  if (text == "-") return 0;
  uint8_t flags = 0;
  for (std::string_view name : split(text, ',')) {
    uint8_t found = 0;
    for (const EffectName& e : kEffectNames)
      if (name == e.name && (turn || e.flag < kSpellDoneFlag)) found = e.flag;
    if (!found)
      throw PositionError(std::string(field) + "=: unknown effect '" + std::string(name) +
                          (turn ? "' (poisoned-apple, borrowed-broomstick, helper-elves, "
                                  "spell-done, irreversible)"
                                : "' (poisoned-apple, borrowed-broomstick, helper-elves)"));
    if (flags & found)
      throw PositionError(std::string(field) + "=: '" + std::string(name) + "' twice");
    flags |= found;
  }
  return flags;
}

void read_deck_fields(Position& pos, const DeckFields& f) {
  if (!f.hands.empty()) read_hands(pos, f.hands);
  if (!f.deck.empty()) {
    read_deck(pos, f.deck);
  } else {
    for (int card = 0; card < kCardNames; ++card)
      pos.set_extra(slot::kDeck + card, uint8_t(reshuffled_count(pos, card)));
  }
  if (!f.pools.empty()) read_pools(pos, f.pools);
  if (!f.next.empty()) {
    const auto sides = two_sides(f.next, "next");
    for (Colour c : {kWhite, kBlack})
      pos.set_extra(slot::kNext + c, parse_effect_names(sides[c], false, "next"));
  }
}

std::string format_deck_fields(const Position& pos) {
  std::string text;
  bool full = true;
  std::string deck;
  for (int card = 0; card < kCardNames; ++card) {
    const int n = deck_count(pos, card);
    if (n != reshuffled_count(pos, card)) full = false;
    if (n == 0) continue;
    append_item(deck, card_info(card).name);
    if (n > 1) {
      deck += '*';
      deck += char('0' + n);
    }
  }
  if (!full) {
    text += " deck=";
    text += deck.empty() ? "-" : deck;
  }
  const std::string hands = hand_names(pos, kWhite) + "/" + hand_names(pos, kBlack);
  if (hands != "-/-") text += " hands=" + hands;
  const std::string pools = pool_letters(pos, kWhite) + "/" + pool_letters(pos, kBlack);
  if (pools != "-/-") text += " pools=" + pools;
  const uint8_t wn = pos.extra(slot::kNext + kWhite), bn = pos.extra(slot::kNext + kBlack);
  if (wn || bn) text += " next=" + effect_names(wn, false) + "/" + effect_names(bn, false);
  return text;
}

}  // namespace fable::fairytale
