// Fairy Tale Chess with the chance deck on: the engine's perft against the
// independent turn counter of fairytale_deck_reference.h, from each
// scenario's start and from small positions that each exercise a part of
// the deck rules (pools, spells in hand, waiting effects, the reshuffle,
// threatened essential pieces, goals and passes reached through cards).
// Deeper counts use a short deck so that the counter stays quick.
#include "fairytale_deck_reference.h"

#include <gtest/gtest.h>

#include <map>
#include <sstream>
#include <string>

#include "perft.h"
#include "position.h"

namespace fable {
namespace {

namespace ref = fairytale_deck_reference;

std::shared_ptr<const Variant> fairytale() {
  static const auto v = make_variant("fairytale", "");
  return v;
}

// Where the totals differ, the cards whose counts differ.
std::string card_differences(const std::string& text, int depth) {
  Position pos = Position::from_string(fairytale(), text);
  std::map<std::string, uint64_t> engine;
  for (const DivideLine& line : perft_divide(pos, depth)) engine[line.action] = line.nodes;
  std::ostringstream out;
  for (const auto& [card, nodes] : ref::divide(ref::parse(text), depth)) {
    const uint64_t e = engine.count(card) ? engine[card] : 0;
    if (e != nodes) out << "\n  " << card << ": engine " << e << ", reference " << nodes;
    engine.erase(card);
  }
  for (const auto& [action, nodes] : engine)
    out << "\n  " << action << ": engine " << nodes << ", reference has no such draw";
  return out.str();
}

// The engine and the counter agree at every depth up to `depth`.
void expect_agrees(const std::string& text, int depth) {
  const ref::State state = ref::parse(text);
  for (int d = 1; d <= depth; ++d) {
    Position pos = Position::from_string(fairytale(), text);
    const uint64_t engine = perft(pos, d);
    const uint64_t reference = ref::perft(state, d);
    EXPECT_EQ(engine, reference) << text << " depth " << d
                                 << (engine != reference ? card_differences(text, d) : "");
  }
}

// --- the scenarios' start positions --------------------------------------------

TEST(FairyTaleDeckReference, KingsMenStart) {
  expect_agrees(
      "cnbqkbnc/pppppppp/8/8/8/8/PPPPPPPP/CNBQKBNC w KQkq - 0 1 scenario=kingsmen cards=on", 1);
}

TEST(FairyTaleDeckReference, DamselStart) {
  expect_agrees("Rcp5/ccp5/ppd5/8/8/6PP/5PCN/5PN1 w - - 0 1 scenario=damsel cards=on", 1);
}

TEST(FairyTaleDeckReference, HuffPuffStart) {
  expect_agrees("1llllll1/8/8/8/8/8/3CC3/3CC3 w - - 0 1 scenario=huffpuff cards=on", 1);
}

TEST(FairyTaleDeckReference, MagicMightStart) {
  expect_agrees(
      "widrfdiw/llllllll/8/8/8/8/PPPPPPPP/CNBQKBNC w KQ - 0 1 scenario=magicmight cards=on", 1);
}

// Two turns from the start, with a short deck.
TEST(FairyTaleDeckReference, StartsWithShortDecks) {
  expect_agrees(
      "widrfdiw/llllllll/8/8/8/8/PPPPPPPP/CNBQKBNC w KQ - 0 1 scenario=magicmight cards=on "
      "deck=helper-elves,borrowed-broomstick",
      2);
  expect_agrees(
      "Rcp5/ccp5/ppd5/8/8/6PP/5PCN/5PN1 w - - 0 1 scenario=damsel cards=on "
      "deck=helper-elves,borrowed-broomstick,forest-fire",
      2);
  expect_agrees(
      "1llllll1/8/8/8/8/8/3CC3/3CC3 w - - 0 1 scenario=huffpuff cards=on "
      "deck=forest-fire,helper-elves,turncoat,kidnapped",
      2);
}

// --- pools: True Love's Kiss, Long Lost Sibling, Reincarnation -----------------

TEST(FairyTaleDeckReference, Pools) {
  expect_agrees("4k3/8/8/8/8/8/3PP3/4K3 w - - 0 1 scenario=kingsmen cards=on pools=NCP/qb", 1);
  expect_agrees(
      "4k3/8/8/8/8/8/3PP3/4K3 w - - 0 1 scenario=kingsmen cards=on "
      "deck=true-loves-kiss,long-lost-sibling,reincarnation,stolen-porridge pools=NCP/qb",
      2);
  // Reincarnation into the piece's own type still costs the castling right.
  expect_agrees(
      "4k3/8/8/8/8/8/8/4K2C w K - 0 1 scenario=kingsmen cards=on "
      "deck=reincarnation,helper-elves pools=C/-",
      2);
}

// --- spells in hand ----------------------------------------------------------------

TEST(FairyTaleDeckReference, PotionAndWishAgainstRemoveCurse) {
  // Every card, then Potion of Youth or Wish (Curses on Black meet its Remove Curse).
  expect_agrees(
      "c3k3/8/8/8/8/8/8/4K2C w K - 0 1 scenario=kingsmen cards=on "
      "hands=potion-of-youth,wish/remove-curse pools=N/p",
      1);
  expect_agrees(
      "c3k3/8/8/8/8/8/8/4K2C w K - 0 1 scenario=kingsmen cards=on "
      "deck=turncoat,poisoned-apple hands=wish/remove-curse pools=N/p",
      2);
  expect_agrees(
      "c3k3/8/8/8/8/8/8/4K2C w K - 0 1 scenario=kingsmen cards=on "
      "deck=ally-knight,poisoned-apple hands=potion-of-youth/remove-curse pools=N/p",
      2);
}

TEST(FairyTaleDeckReference, RemoveCurseAgainstDrawnCurses) {
  expect_agrees(
      "4k3/8/8/8/8/8/PPP5/4K3 w - - 0 1 scenario=kingsmen cards=on "
      "deck=forest-fire,poisoned-apple,stolen-porridge,tipsy-fairy-godmother,turncoat,"
      "transmogrification hands=remove-curse/-",
      2);
  // Tipsy Fairy Godmother: Curses met by Remove Curse, a Broomstick already waiting.
  expect_agrees(
      "4k3/8/8/8/8/8/8/1N2K3 w - - 0 1 scenario=kingsmen cards=on "
      "deck=tipsy-fairy-godmother,impersonator hands=remove-curse/- pools=N/n "
      "next=-/borrowed-broomstick",
      2);
}

// --- waiting effects -----------------------------------------------------------------

TEST(FairyTaleDeckReference, WaitingEffects) {
  expect_agrees(
      "4k3/8/8/8/8/8/1N6/B3K3 w - - 0 1 scenario=kingsmen cards=on "
      "deck=ally-wolf,poisoned-apple,helper-elves,wish "
      "next=helper-elves,borrowed-broomstick/poisoned-apple",
      2);
  // Wish's move effects on Black, whose flags are already set.
  expect_agrees(
      "4k3/8/8/8/8/8/8/1N2K3 w - - 0 1 scenario=kingsmen cards=on deck=ally-queen,helper-elves "
      "hands=wish/remove-curse next=-/poisoned-apple,helper-elves",
      2);
  // A jumping first move, castling and the second move of Helper Elves.
  expect_agrees(
      "c3k2c/8/8/8/8/8/3P4/C3K1NC w KQkq - 0 1 scenario=kingsmen cards=on "
      "deck=helper-elves,ally-knight next=borrowed-broomstick/-",
      2);
}

// --- the reshuffle ----------------------------------------------------------------------

TEST(FairyTaleDeckReference, EmptyDeck) {
  // The new deck is every card but the Wish in White's hand.
  expect_agrees(
      "4k3/8/8/8/8/8/8/1N2K3 w - - 0 1 scenario=kingsmen cards=on deck=- hands=wish/- pools=N/-",
      1);
  // The last card, then Black draws from the reshuffled deck.
  expect_agrees(
      "4k3/8/8/8/8/8/8/1N2K3 w - - 0 1 scenario=kingsmen cards=on deck=poisoned-apple "
      "hands=-/wish pools=N/-",
      2);
}

// --- essential pieces ----------------------------------------------------------------------

TEST(FairyTaleDeckReference, EssentialThreatened) {
  expect_agrees("4k3/4c3/8/8/8/8/3P4/4K3 w - - 0 1 scenario=kingsmen cards=on pools=-/p", 1);
  expect_agrees(
      "4k3/4c3/8/8/8/8/3P4/4K3 w - - 0 1 scenario=kingsmen cards=on "
      "deck=ally-peasant,kidnapped,impersonator,forest-fire,helper-elves pools=-/p",
      2);
  // The Fairy must move first, then Helper Elves' second move.
  expect_agrees(
      "k3f3/8/8/8/8/8/4C3/4K3 b - - 0 1 scenario=magicmight cards=on "
      "deck=helper-elves,borrowed-broomstick,ally-wolf next=-/helper-elves",
      2);
  // Stalemated unless a card helps: judged at the move phase.
  expect_agrees(
      "k7/1c6/8/8/8/8/7c/K7 w - - 0 1 scenario=kingsmen cards=on "
      "deck=ally-knight,poisoned-apple,stolen-porridge,kidnapped,transmogrification,impersonator "
      "hands=-/remove-curse",
      2);
}

TEST(FairyTaleDeckReference, MaximaInMagicMight) {
  // A White Fairy and a Black King are ordinary pieces; Turncoat may not
  // give either side a second essential type.
  expect_agrees("k3f3/8/8/8/8/2F5/4C3/4K3 b - - 0 1 scenario=magicmight cards=on pools=F/kl", 1);
  expect_agrees(
      "k3f3/8/8/8/8/2F5/4C3/4K3 b - - 0 1 scenario=magicmight cards=on "
      "deck=turncoat,reincarnation,royal-decree,ally-king,ally-fairy pools=F/kl",
      2);
}

// --- castling rights and card effects ------------------------------------------------------

TEST(FairyTaleDeckReference, CastlingAndCards) {
  expect_agrees(
      "c3k2c/8/8/8/8/8/8/C3K2C w KQkq - 0 1 scenario=kingsmen cards=on "
      "deck=impersonator,kidnapped,royal-decree,turncoat,potion-of-youth,helper-elves",
      1);
  expect_agrees(
      "c3k2c/8/8/8/8/8/8/C3K2C w KQkq - 0 1 scenario=kingsmen cards=on "
      "deck=impersonator,kidnapped,potion-of-youth,helper-elves",
      2);
}

// --- Peasants never put on their last rank by a card ------------------------------------

TEST(FairyTaleDeckReference, NoPeasantOnItsLastRank) {
  expect_agrees(
      "Rn6/8/8/2P5/8/8/8/5P1c w - - 0 1 scenario=damsel cards=on "
      "deck=impersonator,kidnapped,turncoat,royal-decree,transmogrification,reincarnation,"
      "long-lost-sibling pools=P/-",
      2);
  expect_agrees(
      "Rn6/8/8/2P5/8/8/r7/5P1c b - - 0 1 scenario=damsel cards=on "
      "deck=impersonator,kidnapped,turncoat,royal-decree,transmogrification,reincarnation,"
      "long-lost-sibling,tipsy-fairy-godmother pools=P/p",
      2);
}

// --- goals reached through cards ---------------------------------------------------------

TEST(FairyTaleDeckReference, DamselNearH1) {
  // Impersonator can put the damsel on h1 at once; Potion of Youth in hand.
  expect_agrees(
      "2c5/8/8/8/8/8/6P1/4R2N w - - 0 1 scenario=damsel cards=on hands=potion-of-youth/- "
      "pools=P/c",
      1);
  expect_agrees(
      "2c5/8/8/8/8/8/6P1/4R2N w - - 0 1 scenario=damsel cards=on "
      "deck=impersonator,kidnapped,borrowed-broomstick,forest-fire hands=potion-of-youth/- "
      "pools=P/c",
      2);
  // The Broomstick jumps the damsel over g1 to h1; Helper Elves after that.
  expect_agrees(
      "8/8/8/8/8/8/2p5/4R1N1 w - - 0 1 scenario=damsel cards=on "
      "deck=helper-elves,borrowed-broomstick next=borrowed-broomstick/-",
      2);
}

TEST(FairyTaleDeckReference, DamselLastWhitePiece) {
  // Black wins when White keeps only the damsel (Forest Fire, or Wish).
  expect_agrees("R7/8/8/8/2c5/8/8/2N5 b - - 0 1 scenario=damsel cards=on hands=-/wish", 1);
  expect_agrees(
      "R7/8/8/8/2c5/8/8/2N5 b - - 0 1 scenario=damsel cards=on "
      "deck=forest-fire,stolen-porridge,ally-princess hands=-/wish",
      2);
}

TEST(FairyTaleDeckReference, HuffPuffNearTheEnd) {
  expect_agrees("8/8/8/3l4/8/8/8/3C4 b - - 0 1 scenario=huffpuff cards=on hands=wish/-", 1);
  expect_agrees(
      "8/8/8/3l4/8/8/8/3C4 b - - 0 1 scenario=huffpuff cards=on "
      "deck=pushed-into-an-oven,helper-elves,kidnapped hands=wish/-",
      2);
  // Forest Fire takes both sides' last pieces.
  expect_agrees(
      "8/8/8/8/3lC3/8/8/8 b - - 0 1 scenario=huffpuff cards=on deck=forest-fire,helper-elves", 2);
  // Helper Elves' first move takes the last Wolf: no second move.
  expect_agrees(
      "8/8/8/3l4/8/8/8/N2C4 w - - 0 1 scenario=huffpuff cards=on deck=helper-elves,ally-castle", 2);
}

// --- passes -----------------------------------------------------------------------------

TEST(FairyTaleDeckReference, Passes) {
  expect_agrees("8/8/8/8/8/3l4/3P4/8 w - - 0 1 scenario=huffpuff cards=on passed=1", 1);
  expect_agrees(
      "8/8/8/8/8/3l4/3P4/8 w - - 0 1 scenario=huffpuff cards=on "
      "deck=poisoned-apple,helper-elves,wish,ally-wolf,kidnapped passed=1",
      2);
  // A Poisoned Apple turn is not a pass: Black still has a turn.
  expect_agrees(
      "8/8/8/8/8/3p4/3P4/8 w - - 0 1 scenario=huffpuff cards=on "
      "deck=poisoned-apple,ally-wolf,stolen-porridge passed=1",
      2);
}

// --- the 50-move counter -----------------------------------------------------------------

TEST(FairyTaleDeckReference, FiftyMoveCounter) {
  // Only a turn with a capture (card captures too) or a Peasant move leaves
  // a second turn.
  expect_agrees(
      "4k3/8/8/8/8/8/3P4/4K3 w - - 99 80 scenario=kingsmen cards=on "
      "deck=stolen-porridge,kidnapped,forest-fire,ally-peasant,turncoat hands=potion-of-youth/-",
      2);
  expect_agrees(
      "4k3/8/8/8/8/8/3P4/4K3 b - - 99 80 scenario=kingsmen cards=on "
      "deck=stolen-porridge,kidnapped,forest-fire,ally-peasant,turncoat hands=-/potion-of-youth",
      2);
}

}  // namespace
}  // namespace fable
