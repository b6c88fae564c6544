// Fairy Tale Chess with the chance deck: one or more small positions for
// every card, each counted with outcomes_after (choice sequences from the
// draw to the start of the move phase, and the distinct positions reached),
// plus the edge cases of RULES.md section 5 (cards without effect, maxima,
// Peasants never put on their last rank, Remove Curse, Helper Elves with a
// threatened King, the reshuffle of an empty deck).
//
// Every expected number is derived by hand in the comment above it, from
// RULES.md sections 4 and 5 and the notation of fairytale.md, never from
// the engine. Conventions of the derivations:
//   * P is the player who draws (the side to move), O the other one.
//   * A "sequence" is one path of choices (card options, Remove Curse,
//     the spell phase's cast or `skip`); a card or spell with no possible
//     effect asks nothing and is one sequence.
//   * Two sequences give one position only if the whole state is the
//     same: board, pools, hands, deck, waiting effects (next=) and the
//     turn's flags (Broomstick/Elves/Apple in force, a capture made, ...).
//     The card being resolved is not part of the state once it is done.
//   * Positions are sparse and chosen so that no option threatens either
//     King, so no count depends on check rules during the card phase.
#include <gtest/gtest.h>

#include <algorithm>
#include <map>
#include <stdexcept>
#include <string>
#include <vector>

#include "notation.h"
#include "outcomes.h"
#include "perft.h"
#include "position.h"
#include "test_support.h"

namespace fable {
namespace {

// Reads any scenario from the position string; the deck is on by default.
std::shared_ptr<const Variant> fairytale() {
  static const auto v = make_variant("fairytale", "");
  return v;
}

Position read(const std::string& text) { return Position::from_string(fairytale(), text); }

bool has(const std::vector<std::string>& v, const std::string& s) {
  return std::find(v.begin(), v.end(), s) != v.end();
}

void play(Position& pos, const std::string& text) {
  const ParsedAction a = parse_action(pos, text);
  ASSERT_TRUE(a.ok()) << text << ": " << a.error << " in " << pos.to_string();
  pos.apply(a.action);
}

// outcomes_after for `card` drawn in `text`; also checks the promise of
// the API that the positions are sorted and distinct.
TurnOutcomes after(const std::string& text, const std::string& card) {
  Position pos = read(text);
  TurnOutcomes o = outcomes_after(pos, card);
  EXPECT_TRUE(std::is_sorted(o.positions.begin(), o.positions.end())) << card << " in " << text;
  EXPECT_TRUE(std::adjacent_find(o.positions.begin(), o.positions.end()) == o.positions.end())
      << card << " in " << text;
  return o;
}

// The position `text` after drawing `card` (and nothing else).
Position drawn(const std::string& text, const std::string& card) {
  Position pos = read(text);
  play(pos, card);
  return pos;
}

bool starts_with(const std::string& s, const std::string& prefix) {
  return s.compare(0, prefix.size(), prefix) == 0;
}

// Bare Kings on their start squares, White to move, nothing in hands or
// pools: the King e1 has five moves (d1 d2 e2 f1 f2).
const std::string kBareKingsBoard = "4k3/8/8/8/8/8/8/4K3 w - - 0 1 scenario=kingsmen";
const std::string kEmpty = " hands=-/- pools=-/- next=-/-";
const std::vector<std::string> kBareKingMoves = {"e1d1", "e1d2", "e1e2", "e1f1", "e1f2"};

// ============================================================================
// 1. Every card
// ============================================================================

// --- Ally ---------------------------------------------------------------

// huffpuff, White Castle h1, Black Wolf h8; nothing is essential, so no
// maximum. Ally Queen: a new Queen on any empty square of White's home
// ranks 1-2: 16 squares less h1 = 15 options, 15 different boards.
const std::string kAllyQueen =
    "7l/8/8/8/8/8/8/7C w - - 0 1 scenario=huffpuff deck=ally-queen" + kEmpty;
TEST(FairyTaleCards, AllyQueenOnEveryEmptyHomeSquare) {
  const TurnOutcomes o = after(kAllyQueen, "ally-queen");
  EXPECT_EQ(o.sequences, 15u);
  EXPECT_EQ(o.positions.size(), 15u);
  const auto texts = legal_texts(drawn(kAllyQueen, "ally-queen"));
  EXPECT_EQ(texts.size(), 15u);
  EXPECT_TRUE(has(texts, "Q@a1"));
  EXPECT_TRUE(has(texts, "Q@h2"));
  EXPECT_FALSE(has(texts, "Q@h1"));  // occupied
  EXPECT_FALSE(has(texts, "Q@a3"));  // not a home rank
}

// The same board, Black to move, Ally Peasant: Black's home ranks are 7-8,
// 16 squares less h8 = 15. Rank 8 is Black's first rank, not its last, so
// all 15 are allowed. 15 sequences, 15 positions.
TEST(FairyTaleCards, AllyPeasantForBlackOnRanksSevenAndEight) {
  const TurnOutcomes o = after(
      "7l/8/8/8/8/8/8/7C b - - 0 1 scenario=huffpuff deck=ally-peasant" + kEmpty, "ally-peasant");
  EXPECT_EQ(o.sequences, 15u);
  EXPECT_EQ(o.positions.size(), 15u);
}

// --- Borrowed Broomstick -----------------------------------------------------

// No choice: 1 sequence, 1 position (the flag in force this turn).
// At the move phase the first move may jump. Castle a1 north: over its own
// Peasant a2 to a3-a8 (6); east b1-g1 (6, h1 is its own King); Peasant
// a2-a3 (1); King h1 to g1 g2 h2 (3; the Black King h8 is far). 16, where
// the same board without the deck has 10 (the Castle cannot pass a2).
const std::string kBroomstick =
    "7k/8/8/8/8/8/P7/C6K w - - 0 1 scenario=kingsmen deck=borrowed-broomstick" + kEmpty;
TEST(FairyTaleCards, BorrowedBroomstickLetsTheFirstMoveJump) {
  const TurnOutcomes o = after(kBroomstick, "borrowed-broomstick");
  EXPECT_EQ(o.sequences, 1u);
  EXPECT_EQ(o.positions.size(), 1u);

  const auto moves = legal_texts(drawn(kBroomstick, "borrowed-broomstick"));
  EXPECT_EQ(moves.size(), 16u);
  EXPECT_TRUE(has(moves, "a1a3"));
  EXPECT_TRUE(has(moves, "a1a8"));
  Position pos = read(kBroomstick);
  EXPECT_EQ(perft(pos, 1), 16u);  // one draw x 16 moves
  Position off = read("7k/8/8/8/8/8/P7/C6K w - - 0 1 scenario=kingsmen cards=off");
  EXPECT_EQ(perft(off, 1), 10u);
}

// The flag already set (a Broomstick waiting for White, given by Black's
// Wish or Tipsy last turn): the drawn Broomstick has no possible effect,
// still 1 sequence, 1 position, and flags do not stack, so the state is
// exactly the one reached by drawing it without the waiting flag: the flag
// in force this turn, nothing waiting, the deck empty.
TEST(FairyTaleCards, BorrowedBroomstickWithTheFlagAlreadySet) {
  const std::string plain = kBareKingsBoard + " deck=borrowed-broomstick" + kEmpty;
  const std::string flagged =
      kBareKingsBoard + " deck=borrowed-broomstick hands=-/- pools=-/- next=borrowed-broomstick/-";
  const TurnOutcomes a = after(plain, "borrowed-broomstick");
  const TurnOutcomes b = after(flagged, "borrowed-broomstick");
  EXPECT_EQ(a.sequences, 1u);
  EXPECT_EQ(a.positions.size(), 1u);
  EXPECT_EQ(b.sequences, 1u);
  EXPECT_EQ(b.positions.size(), 1u);
  EXPECT_EQ(a.positions, b.positions);
}

// --- Helper Elves ------------------------------------------------------------

// No choice: 1 sequence, 1 position; with the flag already waiting for
// White, no possible effect: 1, 1, the same state (flags do not stack).
TEST(FairyTaleCards, HelperElvesNoChoiceAndFlagAlreadySet) {
  const std::string plain = kBareKingsBoard + " deck=helper-elves" + kEmpty;
  const std::string flagged =
      kBareKingsBoard + " deck=helper-elves hands=-/- pools=-/- next=helper-elves/-";
  const TurnOutcomes a = after(plain, "helper-elves");
  const TurnOutcomes b = after(flagged, "helper-elves");
  EXPECT_EQ(a.sequences, 1u);
  EXPECT_EQ(a.positions.size(), 1u);
  EXPECT_EQ(b.sequences, 1u);
  EXPECT_EQ(b.positions.size(), 1u);
  EXPECT_EQ(a.positions, b.positions);
}

// --- Impersonator ------------------------------------------------------------

// kingsmen, White King e1 and Knights b1 d4 g1. Any unordered pair of
// White's pieces, the King included: C(4,2) = 6 sequences.
//   King with each Knight: King on b1, d4 or g1 and a Knight on e1: 3
//   different boards. Knight with Knight (b1-d4, b1-g1, d4-g1): the board
//   is unchanged, the same position 3 times: 1.
// 6 sequences, 4 positions.
const std::string kImpersonator =
    "4k3/8/8/8/3N4/8/8/1N2K1N1 w - - 0 1 scenario=kingsmen deck=impersonator" + kEmpty;
TEST(FairyTaleCards, ImpersonatorSwapsAnyUnorderedPair) {
  const TurnOutcomes o = after(kImpersonator, "impersonator");
  EXPECT_EQ(o.sequences, 6u);
  EXPECT_EQ(o.positions.size(), 4u);
  const Position pos = drawn(kImpersonator, "impersonator");
  EXPECT_EQ(pos.decision().actor, Actor::kWhite);
  EXPECT_EQ(legal_texts(pos).size(), 6u);
}

// --- Long Lost Sibling -------------------------------------------------------

// kingsmen, White Castle a7 and King h1, Black King h8; White's pool holds
// a Peasant and a Knight. A type from the pool and an empty square next to
// a White piece:
//   next to a7: a8 b8 b7 b6 a6 (5); next to h1: g1 g2 h2 (3): 8 squares.
//   Knight: 8. Peasant: 8 less a8 and b8 (White's last rank) = 6.
// 14 sequences, 14 different boards (and pools: N or P left).
const std::string kSibling =
    "7k/C7/8/8/8/8/8/7K w - - 0 1 scenario=kingsmen deck=long-lost-sibling hands=-/- pools=PN/- "
    "next=-/-";
TEST(FairyTaleCards, LongLostSiblingNeverPutsAPeasantOnItsLastRank) {
  const TurnOutcomes o = after(kSibling, "long-lost-sibling");
  EXPECT_EQ(o.sequences, 14u);
  EXPECT_EQ(o.positions.size(), 14u);
  const auto texts = legal_texts(drawn(kSibling, "long-lost-sibling"));
  EXPECT_EQ(texts.size(), 14u);
  EXPECT_TRUE(has(texts, "N@a8"));
  EXPECT_TRUE(has(texts, "P@b7"));
  EXPECT_TRUE(has(texts, "P@g2"));
  EXPECT_FALSE(has(texts, "P@a8"));
  EXPECT_FALSE(has(texts, "P@b8"));
  EXPECT_FALSE(has(texts, "N@c7"));  // not next to a White piece
}

// --- Royal Decree ------------------------------------------------------------

// kingsmen, White Knight a8, Bishop c1, King e1; Black King h4 (on no line
// any new type on a8 or c1 could reach). The non-essential types are the
// 11 other than the King.
//   Knight a8: 10 other types, less the Peasant (rank 8 is White's last) = 9.
//   Bishop c1: 10 other types (a Peasant on White's first rank is allowed).
//   The King e1 is essential: never chosen.
// 19 sequences, 19 different boards.
const std::string kDecree =
    "N7/8/8/8/7k/8/8/2B1K3 w - - 0 1 scenario=kingsmen deck=royal-decree" + kEmpty;
TEST(FairyTaleCards, RoyalDecreeToAnotherNonEssentialType) {
  const TurnOutcomes o = after(kDecree, "royal-decree");
  EXPECT_EQ(o.sequences, 19u);
  EXPECT_EQ(o.positions.size(), 19u);
  const auto texts = legal_texts(drawn(kDecree, "royal-decree"));
  EXPECT_EQ(texts.size(), 19u);
  EXPECT_TRUE(has(texts, "a8=Q"));
  EXPECT_TRUE(has(texts, "c1=P"));
  EXPECT_FALSE(has(texts, "a8=P"));  // a Peasant on its last rank
  EXPECT_FALSE(has(texts, "a8=K"));  // the essential type
  EXPECT_FALSE(has(texts, "a8=N"));  // its own type
  for (const auto& t : texts) EXPECT_FALSE(starts_with(t, "e1")) << t;
}

// huffpuff: nothing is essential, so the King is a non-essential type too.
// Knight a8: 11 other types less the Peasant (last rank) = 10; the Wolf h1
// is Black's. 10 sequences, 10 positions.
TEST(FairyTaleCards, RoyalDecreeInHuffPuffMayMakeAKing) {
  const std::string text =
      "N7/8/8/8/8/8/8/7l w - - 0 1 scenario=huffpuff deck=royal-decree" + kEmpty;
  const TurnOutcomes o = after(text, "royal-decree");
  EXPECT_EQ(o.sequences, 10u);
  EXPECT_EQ(o.positions.size(), 10u);
  EXPECT_TRUE(has(legal_texts(drawn(text, "royal-decree")), "a8=K"));
}

// --- True Love's Kiss --------------------------------------------------------

// kingsmen, White King e1 and Knight g1; White's pool: two Peasants, a
// Knight, a Dragon. A type from the pool (each type once) and an empty
// start square of that type and colour:
//   Peasant: a2-h2, all empty = 8. Knight: b1 (g1 is taken) = 1.
//   Dragon: no Dragon in kingsmen's start diagram, no start square = 0.
// 9 sequences, 9 positions.
const std::string kKiss =
    "4k3/8/8/8/8/8/8/4K1N1 w - - 0 1 scenario=kingsmen deck=true-loves-kiss hands=-/- "
    "pools=PPND/- next=-/-";
TEST(FairyTaleCards, TrueLovesKissOnEmptyStartSquares) {
  const TurnOutcomes o = after(kKiss, "true-loves-kiss");
  EXPECT_EQ(o.sequences, 9u);
  EXPECT_EQ(o.positions.size(), 9u);
  const auto texts = legal_texts(drawn(kKiss, "true-loves-kiss"));
  EXPECT_TRUE(has(texts, "P@a2"));
  EXPECT_TRUE(has(texts, "N@b1"));
  EXPECT_FALSE(has(texts, "N@g1"));

  // Only a Dragon in the pool: no start square, no possible effect: 1, 1.
  const TurnOutcomes d = after(
      kBareKingsBoard + " deck=true-loves-kiss hands=-/- pools=D/- next=-/-", "true-loves-kiss");
  EXPECT_EQ(d.sequences, 1u);
  EXPECT_EQ(d.positions.size(), 1u);
}

// --- Kidnapped ---------------------------------------------------------------

// kingsmen, White Peasant d5, Knight b1, King h1; Black King h8. Black
// picks a White non-essential piece and a square exactly three away on one
// of the 8 lines, empty, jumping:
//   Peasant d5: d8, g8, a8 are on White's last rank (missing); g5, g2, d2,
//   a2, a5 = 5.
//   Knight b1: b4, e4, e1 (the others are off the board) = 3.
//   King h1: essential, never picked.
// 8 sequences, 8 different boards.
const std::string kKidnapped =
    "7k/8/8/3P4/8/8/8/1N5K w - - 0 1 scenario=kingsmen deck=kidnapped" + kEmpty;
TEST(FairyTaleCards, KidnappedThreeSquaresNeverToTheLastRank) {
  const TurnOutcomes o = after(kKidnapped, "kidnapped");
  EXPECT_EQ(o.sequences, 8u);
  EXPECT_EQ(o.positions.size(), 8u);
  const Position pos = drawn(kKidnapped, "kidnapped");
  EXPECT_EQ(pos.decision().actor, Actor::kBlack);
  EXPECT_EQ(legal_texts(pos), (std::vector<std::string>{"b1b4", "b1e1", "b1e4", "d5a2", "d5a5",
                                                        "d5d2", "d5g2", "d5g5"}));
}

// --- Reincarnation -----------------------------------------------------------

// kingsmen, White Knights b1 g1, King e1; White's pool: a Knight and a
// Peasant. Black picks b1 or g1, then White a type from the pool, N or P:
// 2 x 2 = 4 sequences.
//   (b1, N) and (g1, N): a Knight becomes a Knight, the old one goes to the
//   pool and the chosen one leaves it: board and pool unchanged, one
//   position.
//   (b1, P), (g1, P): a Peasant on b1 or on g1, pool N N: two positions.
// 4 sequences, 3 positions.
const std::string kReincarnation =
    "4k3/8/8/8/8/8/8/1N2K1N1 w - - 0 1 scenario=kingsmen deck=reincarnation hands=-/- "
    "pools=NP/- next=-/-";
TEST(FairyTaleCards, ReincarnationOpponentPicksThePieceOwnerTheType) {
  const TurnOutcomes o = after(kReincarnation, "reincarnation");
  EXPECT_EQ(o.sequences, 4u);
  EXPECT_EQ(o.positions.size(), 3u);
  Position pos = drawn(kReincarnation, "reincarnation");
  EXPECT_EQ(pos.decision().actor, Actor::kBlack);
  EXPECT_EQ(legal_texts(pos), (std::vector<std::string>{"b1", "g1"}));
  play(pos, "b1");
  EXPECT_EQ(pos.decision().actor, Actor::kWhite);
  EXPECT_EQ(legal_texts(pos), (std::vector<std::string>{"=N", "=P"}));
}

// --- Tipsy Fairy Godmother: see section 3 ------------------------------------

// --- Forest Fire -------------------------------------------------------------

// kingsmen, White Knight a3, Bishop c3, King h3, Knight g5; Black Peasant
// f3, King e8. Black picks one of White's non-essential pieces: a3, c3 or
// g5 (3 sequences).
//   a3 or c3: rank 3 burns: N a3, B c3 and the Black p f3 are captured
//   (pools NB/p), the King h3 is essential and stays. Same position.
//   g5: only N g5 burns.
// 3 sequences, 2 positions.
const std::string kForestFire =
    "4k3/8/8/6N1/8/N1B2p1K/8/8 w - - 0 1 scenario=kingsmen deck=forest-fire" + kEmpty;
TEST(FairyTaleCards, ForestFireBurnsTheWholeRank) {
  const TurnOutcomes o = after(kForestFire, "forest-fire");
  EXPECT_EQ(o.sequences, 3u);
  EXPECT_EQ(o.positions.size(), 2u);
  const Position pos = drawn(kForestFire, "forest-fire");
  EXPECT_EQ(pos.decision().actor, Actor::kBlack);
  EXPECT_EQ(legal_texts(pos), (std::vector<std::string>{"a3", "c3", "g5"}));
}

// --- Poisoned Apple ----------------------------------------------------------

// No choice and no spell: White makes no move, the turn ends at once:
// 1 sequence, 1 position, Black to move.
TEST(FairyTaleCards, PoisonedAppleEndsTheTurn) {
  const std::string text = kBareKingsBoard + " deck=poisoned-apple" + kEmpty;
  const TurnOutcomes o = after(text, "poisoned-apple");
  EXPECT_EQ(o.sequences, 1u);
  ASSERT_EQ(o.positions.size(), 1u);
  EXPECT_TRUE(starts_with(o.positions[0], "4k3/8/8/8/8/8/8/4K3 b ")) << o.positions[0];
  const Position pos = drawn(text, "poisoned-apple");
  EXPECT_TRUE(pos.at_turn_start());
  EXPECT_EQ(pos.side(), kBlack);
}

// White holds Remove Curse.
//   Apple not yet set: a Curse with an effect: remove-curse (White moves,
//   hand empty) or skip (turn over, Black to move, White keeps the spell):
//   2 sequences, 2 positions.
//   Apple already waiting for White (given last turn): the drawn Apple has
//   no possible effect, so Remove Curse is not offered: 1 sequence; the turn
//   is still missed (the waiting Apple), so the position is Black's turn
//   start with White holding Remove Curse, the same as the skip above.
TEST(FairyTaleCards, PoisonedAppleAndRemoveCurseWithTheFlagAlreadySet) {
  const std::string plain = kBareKingsBoard +
                            " deck=poisoned-apple hands=remove-curse/- "
                            "pools=-/- next=-/-";
  const TurnOutcomes a = after(plain, "poisoned-apple");
  EXPECT_EQ(a.sequences, 2u);
  EXPECT_EQ(a.positions.size(), 2u);
  EXPECT_EQ(legal_texts(drawn(plain, "poisoned-apple")),
            (std::vector<std::string>{"remove-curse", "skip"}));

  const std::string flagged = kBareKingsBoard +
                              " deck=poisoned-apple hands=remove-curse/- pools=-/- "
                              "next=poisoned-apple/-";
  const TurnOutcomes b = after(flagged, "poisoned-apple");
  EXPECT_EQ(b.sequences, 1u);
  ASSERT_EQ(b.positions.size(), 1u);
  EXPECT_TRUE(has(a.positions, b.positions[0]));
  EXPECT_TRUE(starts_with(b.positions[0], "4k3/8/8/8/8/8/8/4K3 b ")) << b.positions[0];
}

// --- Pushed into an Oven, Stolen Porridge ------------------------------------

// kingsmen, White Knight b1, Bishop c1, King e1. Black captures b1 or c1:
// 2 sequences, 2 positions (different boards and pools).
const std::string kOven =
    "4k3/8/8/8/8/8/8/1NB1K3 w - - 0 1 scenario=kingsmen deck=pushed-into-an-oven" + kEmpty;
TEST(FairyTaleCards, PushedIntoAnOvenCapturesOnePiece) {
  const TurnOutcomes o = after(kOven, "pushed-into-an-oven");
  EXPECT_EQ(o.sequences, 2u);
  EXPECT_EQ(o.positions.size(), 2u);
  const Position pos = drawn(kOven, "pushed-into-an-oven");
  EXPECT_EQ(pos.decision().actor, Actor::kBlack);
  EXPECT_EQ(legal_texts(pos), (std::vector<std::string>{"b1", "c1"}));
}

// huffpuff: the Castle h1 is White's only piece. Black picks it (1
// sequence); White then has no piece and loses at once, which ends the
// turn: 1 position, a won game.
TEST(FairyTaleCards, PushedIntoAnOvenTakingTheLastPieceEndsTheGame) {
  const std::string text =
      "7l/8/8/8/8/8/8/7C w - - 0 1 scenario=huffpuff deck=pushed-into-an-oven" + kEmpty;
  const TurnOutcomes o = after(text, "pushed-into-an-oven");
  EXPECT_EQ(o.sequences, 1u);
  EXPECT_EQ(o.positions.size(), 1u);
  Position pos = drawn(text, "pushed-into-an-oven");
  play(pos, "h1");
  EXPECT_EQ(pos.outcome().result, Result::kBlackWins);
}

// Black draws. kingsmen, Black Knight b8, Peasant a7, King e8; White King
// e1. White captures b8 or a7: 2 sequences, 2 positions.
const std::string kPorridge =
    "1n2k3/p7/8/8/8/8/8/4K3 b - - 0 1 scenario=kingsmen deck=stolen-porridge" + kEmpty;
TEST(FairyTaleCards, StolenPorridgeDrawnByBlack) {
  const TurnOutcomes o = after(kPorridge, "stolen-porridge");
  EXPECT_EQ(o.sequences, 2u);
  EXPECT_EQ(o.positions.size(), 2u);
  const Position pos = drawn(kPorridge, "stolen-porridge");
  EXPECT_EQ(pos.decision().actor, Actor::kWhite);
  EXPECT_EQ(legal_texts(pos), (std::vector<std::string>{"a7", "b8"}));
}

// --- Transmogrification ------------------------------------------------------

// kingsmen, White Bishop f8, Knight b1, Bishop c1, Peasant c2, King e1;
// Black King h4. Black turns a White non-essential, non-Peasant piece into
// a Peasant:
//   b1, c1: allowed (rank 1 is White's first rank) = 2.
//   f8: a Peasant on White's last rank, missing. c2: already a Peasant.
//   e1: essential.
// 2 sequences, 2 positions.
const std::string kTransmogrification =
    "5B2/8/8/8/7k/8/2P5/1NB1K3 w - - 0 1 scenario=kingsmen deck=transmogrification" + kEmpty;
TEST(FairyTaleCards, TransmogrificationNeverMakesAPeasantOnTheLastRank) {
  const TurnOutcomes o = after(kTransmogrification, "transmogrification");
  EXPECT_EQ(o.sequences, 2u);
  EXPECT_EQ(o.positions.size(), 2u);
  EXPECT_EQ(legal_texts(drawn(kTransmogrification, "transmogrification")),
            (std::vector<std::string>{"b1=P", "c1=P"}));
}

// --- Turncoat ----------------------------------------------------------------

// magicmight: White's King and Black's Fairy are essential (max 1 each).
// White Fairy b1, Peasant c1, King e1, Bishop f1, Knight g1; Black Fairy
// e8. Black picks a White non-essential piece to become Black's:
//   f1, g1: allowed = 2.
//   b1: Black would have two Fairies, over its maximum: missing.
//   c1: a Black Peasant on rank 1, Black's last rank: missing.
//   e1: essential.
// 2 sequences, 2 positions.
const std::string kTurncoat =
    "4f3/8/8/8/8/8/8/1FP1KBN1 w - - 0 1 scenario=magicmight deck=turncoat" + kEmpty;
TEST(FairyTaleCards, TurncoatWithinTheOpponentsMaximum) {
  const TurnOutcomes o = after(kTurncoat, "turncoat");
  EXPECT_EQ(o.sequences, 2u);
  EXPECT_EQ(o.positions.size(), 2u);
  EXPECT_EQ(legal_texts(drawn(kTurncoat, "turncoat")), (std::vector<std::string>{"f1", "g1"}));
}

// --- Potion of Youth ---------------------------------------------------------

// kingsmen, White King e2, Knight b1; Black King e7. The drawn Potion goes
// to White's hand and may be cast at once. Any piece of either colour to an
// empty start square of its type and colour:
//   King e2 -> e1; Black King e7 -> e8; Knight b1 -> g1 (b1 is its own
//   square, taken by itself; g1 is another start square, empty) = 3.
//   Or skip (the Potion stays in hand) = 1.
// 4 sequences, 4 positions.
const std::string kPotion =
    "8/4k3/8/8/8/8/4K3/1N6 w - - 0 1 scenario=kingsmen deck=potion-of-youth" + kEmpty;
TEST(FairyTaleCards, PotionOfYouthDrawnAndCastAtOnce) {
  const TurnOutcomes o = after(kPotion, "potion-of-youth");
  EXPECT_EQ(o.sequences, 4u);
  EXPECT_EQ(o.positions.size(), 4u);
  EXPECT_EQ(legal_texts(drawn(kPotion, "potion-of-youth")),
            (std::vector<std::string>{"potion-of-youth:b1g1", "potion-of-youth:e2e1",
                                      "potion-of-youth:e7e8", "skip"}));
}

// Bare Kings on their only start squares: the Potion has no effect, so it
// cannot be cast and there is no spell phase: 1 sequence, 1 position, and
// the next decision is White's move.
TEST(FairyTaleCards, PotionOfYouthWithoutEffectIsNotCastable) {
  const std::string text = kBareKingsBoard + " deck=potion-of-youth" + kEmpty;
  const TurnOutcomes o = after(text, "potion-of-youth");
  EXPECT_EQ(o.sequences, 1u);
  EXPECT_EQ(o.positions.size(), 1u);
  EXPECT_EQ(legal_texts(drawn(text, "potion-of-youth")), kBareKingMoves);
}

// --- Remove Curse ------------------------------------------------------------

// Drawn: it goes to White's hand; it is not castable in the spell phase:
// 1 sequence, 1 position.
TEST(FairyTaleCards, RemoveCurseDrawnGoesToTheHand) {
  const std::string text = kBareKingsBoard + " deck=remove-curse" + kEmpty;
  const TurnOutcomes o = after(text, "remove-curse");
  EXPECT_EQ(o.sequences, 1u);
  EXPECT_EQ(o.positions.size(), 1u);
  EXPECT_EQ(legal_texts(drawn(text, "remove-curse")), kBareKingMoves);
}

// --- Wish: see sections 2 and 3 ----------------------------------------------

// ============================================================================
// 2. Edge cases
// ============================================================================

// Bare Kings in kingsmen: every one of these cards has no possible effect
// (no non-essential piece to pick, nothing in the pools, one piece only for
// Impersonator, the King at its maximum for Ally King), so each is ignored:
// 1 sequence, 1 position, and the next decision is White's move.
TEST(FairyTaleEdges, CardsWithoutPossibleEffectAreIgnored) {
  const std::vector<std::string> cards = {
      "forest-fire",     "pushed-into-an-oven", "stolen-porridge",   "transmogrification",
      "turncoat",        "impersonator",        "long-lost-sibling", "royal-decree",
      "true-loves-kiss", "kidnapped",           "reincarnation",     "ally-king"};
  std::string deck;
  for (const auto& c : cards) deck += (deck.empty() ? "" : ",") + c;
  const std::string text = kBareKingsBoard + " deck=" + deck + kEmpty;
  for (const auto& card : cards) {
    const TurnOutcomes o = after(text, card);
    EXPECT_EQ(o.sequences, 1u) << card;
    EXPECT_EQ(o.positions.size(), 1u) << card;
    EXPECT_EQ(legal_texts(drawn(text, card)), kBareKingMoves) << card;
  }
  // A Curse without possible effect does not offer Remove Curse either.
  const std::string held = kBareKingsBoard +
                           " deck=forest-fire hands=remove-curse/- pools=-/- "
                           "next=-/-";
  const TurnOutcomes o = after(held, "forest-fire");
  EXPECT_EQ(o.sequences, 1u);
  EXPECT_EQ(o.positions.size(), 1u);
  EXPECT_EQ(legal_texts(drawn(held, "forest-fire")), kBareKingMoves);
}

// Maxima. kingsmen: White has its one King, Ally King is ignored: 1, 1.
// magicmight: Black's Fairy is essential (max 1), Ally Fairy for Black is
// ignored: 1, 1; Black's King is an ordinary piece, so Ally King for Black
// has every empty square of ranks 7-8: 16 less e8 = 15, 15.
// The kingsmen start with Ally Wolf: White's home ranks are full: 1, 1.
TEST(FairyTaleEdges, AllyAtItsMaximumOrWithoutRoomIsIgnored) {
  const TurnOutcomes king = after(kBareKingsBoard + " deck=ally-king" + kEmpty, "ally-king");
  EXPECT_EQ(king.sequences, 1u);
  EXPECT_EQ(king.positions.size(), 1u);

  const std::string magic =
      "4f3/8/8/8/8/8/8/4K3 b - - 0 1 scenario=magicmight "
      "deck=ally-fairy*2,ally-king" +
      kEmpty;
  const TurnOutcomes fairy = after(magic, "ally-fairy");
  EXPECT_EQ(fairy.sequences, 1u);
  EXPECT_EQ(fairy.positions.size(), 1u);
  const TurnOutcomes black_king = after(magic, "ally-king");
  EXPECT_EQ(black_king.sequences, 15u);
  EXPECT_EQ(black_king.positions.size(), 15u);

  const TurnOutcomes full = after(
      "cnbqkbnc/pppppppp/8/8/8/8/PPPPPPPP/CNBQKBNC w KQkq - 0 1 scenario=kingsmen deck=ally-wolf" +
          kEmpty,
      "ally-wolf");
  EXPECT_EQ(full.sequences, 1u);
  EXPECT_EQ(full.positions.size(), 1u);
}

// A drawn Curse against its holder. kingsmen, White Knight b1, Bishop c1,
// King e1, White holds Remove Curse, draws Pushed into an Oven:
//   remove-curse: cancelled, nothing captured, hand empty = 1;
//   skip: Black captures b1 or c1 = 2.
// 3 sequences, 3 positions.
const std::string kOvenHeld =
    "4k3/8/8/8/8/8/8/1NB1K3 w - - 0 1 scenario=kingsmen deck=pushed-into-an-oven "
    "hands=remove-curse/- pools=-/- next=-/-";
TEST(FairyTaleEdges, RemoveCurseCancelsADrawnCurse) {
  const TurnOutcomes o = after(kOvenHeld, "pushed-into-an-oven");
  EXPECT_EQ(o.sequences, 3u);
  EXPECT_EQ(o.positions.size(), 3u);
  Position pos = drawn(kOvenHeld, "pushed-into-an-oven");
  EXPECT_EQ(pos.decision().actor, Actor::kWhite);
  EXPECT_EQ(legal_texts(pos), (std::vector<std::string>{"remove-curse", "skip"}));
  play(pos, "skip");
  EXPECT_EQ(pos.decision().actor, Actor::kBlack);
  EXPECT_EQ(legal_texts(pos), (std::vector<std::string>{"b1", "c1"}));
  pos.undo();
  play(pos, "remove-curse");
  // Cancelled: White's move phase, the Knight and Bishop still there.
  EXPECT_EQ(pos.decision().actor, Actor::kWhite);
  EXPECT_TRUE(has(legal_texts(pos), "b1c3"));
}

// A Curse given by Wish. kingsmen, White King e1 and Knight b1; Black King
// e8 and Knight g8; White holds Wish, Black Remove Curse. White draws Ally
// King (ignored: White has its King), then casts Wish.
//   wish:stolen-porridge:black has an effect (the Knight g8): Black is asked
//   first, remove-curse or skip; after skip White picks g8.
TEST(FairyTaleEdges, RemoveCurseAgainstACurseGivenByWish) {
  const std::string text =
      "4k1n1/8/8/8/8/8/8/1N2K3 w - - 0 1 scenario=kingsmen deck=ally-king "
      "hands=wish/remove-curse pools=-/- next=-/-";
  Position pos = drawn(text, "ally-king");
  EXPECT_EQ(pos.decision().actor, Actor::kWhite);
  const auto spells = legal_texts(pos);
  EXPECT_EQ(spells.size(), 25u);  // skip + 12 cards x 2 targets
  EXPECT_TRUE(has(spells, "skip"));
  EXPECT_TRUE(has(spells, "wish:stolen-porridge:black"));
  EXPECT_TRUE(has(spells, "wish:helper-elves:white"));

  play(pos, "wish:stolen-porridge:black");
  EXPECT_EQ(pos.decision().actor, Actor::kBlack);
  EXPECT_EQ(legal_texts(pos), (std::vector<std::string>{"remove-curse", "skip"}));
  play(pos, "skip");
  EXPECT_EQ(pos.decision().actor, Actor::kWhite);
  EXPECT_EQ(legal_texts(pos), std::vector<std::string>{"g8"});
  pos.undo();
  play(pos, "remove-curse");
  // Cancelled: both spells spent, White's move phase with both Knights.
  EXPECT_EQ(pos.decision().actor, Actor::kWhite);
  EXPECT_TRUE(has(legal_texts(pos), "b1c3"));
  // Empty hands are the default and not printed.
  EXPECT_EQ(pos.to_string().find("hands="), std::string::npos) << pos.to_string();
}

// Remove Curse is offered only against a Curse with a possible effect.
// Bare Kings, White holds Wish, Black Remove Curse; White draws Ally King
// (ignored).
//   wish:forest-fire:black: Black has no non-essential piece, no effect, no
//   question: straight to White's move.
//   wish:poisoned-apple:black: Black's Apple flag is not set, an effect:
//   Black is asked (at once, when the Wish gives it).
// The whole spell phase, option by option (1 sequence each unless said):
//   skip: 1.
//   Targeting White (12): Broomstick, Elves (flags this turn), Apple (turn
//   over); Impersonator, Long Lost Sibling, Royal Decree, True Love's Kiss,
//   Forest Fire, Oven, Porridge, Transmogrification, Turncoat: no effect.
//   Targeting Black (13): Broomstick, Elves (waiting flags); Apple: Black
//   casts remove-curse or skips = 2; the other 9 have no effect.
//   1 + 12 + 13 = 26 sequences.
// Positions: skip (Wish still held); White Broomstick; White Elves; White
// Apple (Black's turn start); Black Broomstick; Black Elves; Black Apple
// skipped (waiting); Black Apple cancelled (both hands empty); the 18
// no-effect options all leave the same state (Wish spent, Remove Curse
// held) = 9.
TEST(FairyTaleEdges, RemoveCurseOnlyAgainstACurseWithAnEffect) {
  const std::string text = kBareKingsBoard +
                           " deck=ally-king hands=wish/remove-curse pools=-/- "
                           "next=-/-";
  Position pos = drawn(text, "ally-king");
  play(pos, "wish:forest-fire:black");
  EXPECT_EQ(legal_texts(pos), kBareKingMoves);
  pos.undo();
  play(pos, "wish:poisoned-apple:black");
  EXPECT_EQ(pos.decision().actor, Actor::kBlack);
  EXPECT_EQ(legal_texts(pos), (std::vector<std::string>{"remove-curse", "skip"}));

  const TurnOutcomes o = after(text, "ally-king");
  EXPECT_EQ(o.sequences, 26u);
  EXPECT_EQ(o.positions.size(), 9u);
}

// Helper Elves with a threatened King. kingsmen, White King e1 and Knight
// b1; Black King a8 and Castle e8, which threatens e1 along the e-file.
// First move: only the King, to an unthreatened square: d1 d2 f1 f2 (e2 is
// on the file) = 4. Second move: by another piece, the Knight b1 (a3 c3
// d2), in its own position:
//   after e1d1: a3 c3 d2 = 3; after e1d2: a3 c3 = 2 (d2 is the King's);
//   after e1f1: 3; after e1f2: 3.
// perft 1 = 1 draw x (3 + 2 + 3 + 3) = 11.
// With the Knight gone the King has no second move to wait for: after its
// move the turn ends, perft 1 = 4.
const std::string kElvesThreatened =
    "k3c3/8/8/8/8/8/8/1N2K3 w - - 0 1 scenario=kingsmen deck=helper-elves" + kEmpty;
TEST(FairyTaleEdges, HelperElvesWithAThreatenedKing) {
  Position pos = drawn(kElvesThreatened, "helper-elves");
  EXPECT_EQ(legal_texts(pos), (std::vector<std::string>{"e1d1", "e1d2", "e1f1", "e1f2"}));
  play(pos, "e1d1");
  EXPECT_FALSE(pos.at_turn_start());
  EXPECT_EQ(pos.side(), kWhite);
  EXPECT_EQ(legal_texts(pos), (std::vector<std::string>{"b1a3", "b1c3", "b1d2"}));
  play(pos, "b1c3");
  EXPECT_TRUE(pos.at_turn_start());
  EXPECT_EQ(pos.side(), kBlack);

  Position start = read(kElvesThreatened);
  EXPECT_EQ(perft(start, 1), 11u);

  const std::string alone =
      "k3c3/8/8/8/8/8/8/4K3 w - - 0 1 scenario=kingsmen deck=helper-elves" + kEmpty;
  Position lone = read(alone);
  EXPECT_EQ(perft(lone, 1), 4u);
  Position after_move = drawn(alone, "helper-elves");
  play(after_move, "e1d1");
  EXPECT_TRUE(after_move.at_turn_start());
  EXPECT_EQ(after_move.side(), kBlack);
}

// The 36 cards: 30 names, copies per name.
std::map<std::string, int> full_deck() {
  std::map<std::string, int> deck;
  for (const char* one :
       {"ally-bishop", "ally-castle", "ally-king", "ally-knight", "ally-peasant", "ally-queen"})
    deck[one] = 1;
  for (const char* two :
       {"ally-dragon", "ally-fairy", "ally-prince", "ally-princess", "ally-witch", "ally-wolf"})
    deck[two] = 2;
  for (const char* one :
       {"borrowed-broomstick", "helper-elves", "impersonator", "long-lost-sibling", "royal-decree",
        "true-loves-kiss", "kidnapped", "reincarnation", "tipsy-fairy-godmother", "forest-fire",
        "poisoned-apple", "pushed-into-an-oven", "stolen-porridge", "transmogrification",
        "turncoat", "potion-of-youth", "remove-curse", "wish"})
    deck[one] = 1;
  return deck;
}

// The chance outcomes of `pos` as name -> probability; also checks that
// each name appears once and the probabilities sum to 1.
std::map<std::string, double> chance_of(const Position& pos) {
  EXPECT_EQ(pos.decision().kind, DecisionKind::kChance);
  std::vector<ChanceOutcome> outcomes;
  pos.chance_outcomes(outcomes);
  std::map<std::string, double> out;
  double total = 0;
  for (const ChanceOutcome& o : outcomes) {
    const std::string name = action_text(pos, o.action);
    EXPECT_EQ(out.count(name), 0u) << name;
    out[name] = o.probability;
    total += o.probability;
  }
  EXPECT_NEAR(total, 1.0, 1e-12);
  return out;
}

// Full deck (deck= absent, no hand): 30 names, 6 x 2 + 24 x 1 = 36 cards,
// each name with probability copies/36.
TEST(FairyTaleEdges, FullDeckOutcomes) {
  const auto outcomes = chance_of(read(kBareKingsBoard + kEmpty));
  EXPECT_EQ(outcomes.size(), 30u);
  for (const auto& [name, copies] : full_deck()) {
    ASSERT_EQ(outcomes.count(name), 1u) << name;
    EXPECT_DOUBLE_EQ(outcomes.at(name), copies / 36.0) << name;
  }
}

// Empty deck, White holds Wish: the new deck is every card not in a hand,
// 36 - 1 = 35 cards, 30 - 1 = 29 names (no wish): the six two-copy Allies
// at 2/35, the 23 others at 1/35; 12/35 + 23/35 = 1.
TEST(FairyTaleEdges, EmptyDeckReshufflesAllButTheHands) {
  const auto outcomes =
      chance_of(read(kBareKingsBoard + " deck=- hands=wish/- pools=-/- next=-/-"));
  EXPECT_EQ(outcomes.size(), 29u);
  EXPECT_EQ(outcomes.count("wish"), 0u);
  for (const auto& [name, copies] : full_deck()) {
    if (name == "wish") continue;
    ASSERT_EQ(outcomes.count(name), 1u) << name;
    EXPECT_DOUBLE_EQ(outcomes.at(name), copies / 35.0) << name;
  }
  // A deck written with copies: ally-wolf 2/3, wish 1/3.
  const auto small = chance_of(read(kBareKingsBoard + " deck=ally-wolf*2,wish" + kEmpty));
  EXPECT_EQ(small.size(), 2u);
  EXPECT_DOUBLE_EQ(small.at("ally-wolf"), 2.0 / 3.0);
  EXPECT_DOUBLE_EQ(small.at("wish"), 1.0 / 3.0);
}

// A card that is not in the deck cannot be drawn: the one card left is
// Forest Fire; Wish is in Black's hand after a reshuffle.
TEST(FairyTaleEdges, OutcomesOfACardThatCannotBeDrawnThrow) {
  Position pos = read(kBareKingsBoard + " deck=forest-fire" + kEmpty);
  EXPECT_THROW(outcomes_after(pos, "wish"), std::invalid_argument);
  EXPECT_THROW(outcomes_after(pos, "no-such-card"), std::invalid_argument);
  Position reshuffle = read(kBareKingsBoard + " deck=- hands=-/wish pools=-/- next=-/-");
  EXPECT_THROW(outcomes_after(reshuffle, "wish"), std::invalid_argument);
}

// ============================================================================
// 3. Tipsy Fairy Godmother and Wish, option by option
// ============================================================================

const std::vector<std::string> kTipsyOptions = {
    "borrowed-broomstick", "forest-fire",        "helper-elves",        "impersonator",
    "long-lost-sibling",   "poisoned-apple",     "pushed-into-an-oven", "royal-decree",
    "stolen-porridge",     "transmogrification", "true-loves-kiss",     "turncoat"};

// Bare Kings. White picks one of 12 (always offered):
//   Curses on White: Forest Fire, Oven, Porridge, Transmogrification,
//   Turncoat have no White non-essential piece: no effect (5). Apple: the
//   turn ends (1).
//   Blessings to Black: Broomstick, Elves wait for Black's next turn (2);
//   Impersonator (one piece), Long Lost Sibling, True Love's Kiss (empty
//   pool), Royal Decree (no non-essential piece): no effect (4).
// 12 sequences. Positions: the 9 no-effect options leave one state; Apple;
// Black's Broomstick; Black's Elves: 4.
TEST(FairyTaleTipsy, BareKings) {
  const std::string text = kBareKingsBoard + " deck=tipsy-fairy-godmother" + kEmpty;
  const TurnOutcomes o = after(text, "tipsy-fairy-godmother");
  EXPECT_EQ(o.sequences, 12u);
  EXPECT_EQ(o.positions.size(), 4u);
  const Position pos = drawn(text, "tipsy-fairy-godmother");
  EXPECT_EQ(pos.decision().actor, Actor::kWhite);
  EXPECT_EQ(legal_texts(pos), kTipsyOptions);
}

// kingsmen, White King e1 and Knight b1; Black King e8.
//   Curses on White, Black choosing:
//     Forest Fire: b1 (rank 1 burns, the King is spared) = 1;
//     Pushed into an Oven: b1 = 1; Stolen Porridge: b1 = 1;
//     Poisoned Apple: turn over = 1;
//     Transmogrification: b1 -> Peasant = 1; Turncoat: b1 -> Black = 1.
//   Blessings to Black: Broomstick, Elves (waiting) = 2; Impersonator,
//   Long Lost Sibling, Royal Decree, True Love's Kiss: no effect = 4.
// 12 sequences. Positions: Knight captured (Fire, Oven, Porridge: one
// state); Apple; Peasant b1; Black Knight b1; Black's Broomstick; Black's
// Elves; unchanged (the 4 no-effect Blessings): 7.
TEST(FairyTaleTipsy, OneKnight) {
  const std::string text =
      "4k3/8/8/8/8/8/8/1N2K3 w - - 0 1 scenario=kingsmen deck=tipsy-fairy-godmother" + kEmpty;
  const TurnOutcomes o = after(text, "tipsy-fairy-godmother");
  EXPECT_EQ(o.sequences, 12u);
  EXPECT_EQ(o.positions.size(), 7u);
}

// kingsmen, White King e1 and Peasant b2; Black King e8; White holds Remove
// Curse. Remove Curse is offered against each Curse with a possible effect:
//   Forest Fire (b2), Apple, Oven (b2), Porridge (b2), Turncoat (b2 becomes
//   a Black Peasant on rank 2, not Black's last rank): remove-curse or skip
//   then Black's single pick = 2 each, 10.
//   Transmogrification: no non-Peasant piece, no effect, no question = 1.
//   Blessings to Black: 6, one each (2 waiting flags, 4 without effect).
// 17 sequences. Positions: cancelled (5 Curses, hand empty, board
// unchanged); Peasant captured (Fire, Oven, Porridge skipped); Apple
// skipped (Black's turn); Turncoat skipped; Black's Broomstick; Black's
// Elves; unchanged with Remove Curse still held (Transmogrification and
// the 4 no-effect Blessings): 7.
TEST(FairyTaleTipsy, OnePeasantAndRemoveCurse) {
  const std::string text =
      "4k3/8/8/8/8/8/1P6/4K3 w - - 0 1 scenario=kingsmen deck=tipsy-fairy-godmother "
      "hands=remove-curse/- pools=-/- next=-/-";
  const TurnOutcomes o = after(text, "tipsy-fairy-godmother");
  EXPECT_EQ(o.sequences, 17u);
  EXPECT_EQ(o.positions.size(), 7u);
  Position pos = drawn(text, "tipsy-fairy-godmother");
  play(pos, "transmogrification");
  EXPECT_EQ(legal_texts(pos),
            (std::vector<std::string>{"b2b3", "e1d1", "e1d2", "e1e2", "e1f1", "e1f2"}));
  pos.undo();
  play(pos, "turncoat");
  EXPECT_EQ(legal_texts(pos), (std::vector<std::string>{"remove-curse", "skip"}));
}

// Bare Kings; White draws Wish: it goes to White's hand and is castable at
// once. Spell phase: skip (Wish kept) + 24 options:
//   Targeting White: Broomstick, Elves (flags this turn), Apple (the turn
//   ends) have effects; the other 9 (Impersonator, Long Lost Sibling,
//   Royal Decree, True Love's Kiss, Forest Fire, Oven, Porridge,
//   Transmogrification, Turncoat) have none.
//   Targeting Black: Broomstick, Elves, Apple wait for Black's next turn;
//   the same 9 have none.
// 25 sequences. Positions: skip; 6 with an effect; the 18 without effect
// leave one state (Wish spent): 8.
TEST(FairyTaleWish, DrawnWithBareKings) {
  const std::string text = kBareKingsBoard + " deck=wish" + kEmpty;
  const TurnOutcomes o = after(text, "wish");
  EXPECT_EQ(o.sequences, 25u);
  EXPECT_EQ(o.positions.size(), 8u);
  EXPECT_EQ(legal_texts(drawn(text, "wish")).size(), 25u);
}

// kingsmen, White King e1 and Knight b1; Black King e8 and Knight g8; White
// holds Wish, Black Remove Curse; White draws Ally King (ignored), then:
//   skip = 1.
//   Blessings on White (White chooses): Broomstick 1, Elves 1,
//   Impersonator (the pair e1-b1) 1, Long Lost Sibling 1 and True Love's
//   Kiss 1 (empty pool, no effect), Royal Decree b1 to the 10 other
//   non-essential types (a Peasant on rank 1 is allowed) 10 = 15.
//   Blessings on Black (Black chooses): the same, with the pair e8-g8 and
//   g8 to 10 types (rank 8 is Black's first rank) = 15.
//   Curses on White (Black chooses; White holds nothing now): Fire b1,
//   Apple, Oven b1, Porridge b1, Transmogrification b1, Turncoat b1 = 6.
//   Curses on Black: each has an effect, so Black casts remove-curse (1)
//   or skips, then White's single pick (g8) or nothing (Apple) (1) = 2
//   each, 12.
//   1 + 15 + 15 + 6 + 12 = 49 sequences.
// Positions:
//   skip 1; White Broomstick, Elves, swap e1-b1: 3; Royal Decree on b1: 10;
//   Black Broomstick, Elves (waiting), swap e8-g8: 3; Royal Decree on g8:
//   10; no-effect Blessings (Sibling, Kiss on either side): 1 shared;
//   White's Knight captured (Fire, Oven, Porridge): 1; White's Apple
//   (Black's turn start): 1; Transmogrification of b1 = the same state as
//   Royal Decree b1=P: 0 new; Turncoat b1: 1; the 6 cancelled Curses (both
//   hands empty, board unchanged): 1; Black's Knight captured (Fire, Oven,
//   Porridge skipped): 1; Black's Apple waiting: 1; Transmogrification of
//   g8 = Royal Decree g8 to a Peasant: 0 new; Turncoat g8: 1.
//   1 + 3 + 10 + 3 + 10 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 = 35.
TEST(FairyTaleWish, CastWithKnightsAndRemoveCurse) {
  const std::string text =
      "4k1n1/8/8/8/8/8/8/1N2K3 w - - 0 1 scenario=kingsmen deck=ally-king "
      "hands=wish/remove-curse pools=-/- next=-/-";
  const TurnOutcomes o = after(text, "ally-king");
  EXPECT_EQ(o.sequences, 49u);
  EXPECT_EQ(o.positions.size(), 35u);
}

// ============================================================================
// Passing over a draw (the search's look past its horizon, not a rule)
// ============================================================================

// The deck is left as it is and the move comes next, with the effects
// given for this turn in force (the Helper Elves waiting for White) and
// no spell phase (White holds Wish); undo gives back the very state.
TEST(FairyTaleSkipDraw, OnToTheMoveWithTheGivenEffects) {
  const std::string text = kBareKingsBoard +
                           " deck=ally-queen,poisoned-apple hands=wish/- pools=-/- "
                           "next=helper-elves/-";
  Position pos = read(text);
  const uint64_t key = pos.key();
  ASSERT_TRUE(pos.skip_draw());
  EXPECT_EQ(pos.decision().kind, DecisionKind::kMove);
  EXPECT_EQ(pos.side(), kWhite);
  EXPECT_EQ(pos.key(), pos.compute_key());
  const std::string after_skip = pos.to_string();
  EXPECT_NE(after_skip.find("deck=ally-queen,poisoned-apple"), std::string::npos) << after_skip;
  EXPECT_NE(after_skip.find("helper-elves"), std::string::npos) << after_skip;
  EXPECT_NE(after_skip.find("hands=wish/-"), std::string::npos) << after_skip;
  ActionList moves;
  pos.legal_actions(moves);
  EXPECT_EQ(moves.size(), kBareKingMoves.size());
  pos.undo();
  EXPECT_EQ(pos.key(), key);
  EXPECT_EQ(pos.to_string(), read(text).to_string());
}

// A Poisoned Apple waiting for White: no move, Black's turn starts.
TEST(FairyTaleSkipDraw, AWaitingAppleEndsTheTurn) {
  Position pos =
      read(kBareKingsBoard + " deck=ally-queen hands=-/- pools=-/- next=poisoned-apple/-");
  ASSERT_TRUE(pos.skip_draw());
  EXPECT_TRUE(pos.at_turn_start());
  EXPECT_EQ(pos.side(), kBlack);
  EXPECT_EQ(pos.key(), pos.compute_key());
}

// Nothing to pass over: at the move phase, without the deck, in chess.
TEST(FairyTaleSkipDraw, OnlyAtADraw) {
  Position moving = read(kBareKingsBoard + " deck=ally-queen hands=-/- pools=-/- next=-/-");
  moving.skip_draw();
  const std::string text = moving.to_string();
  EXPECT_FALSE(moving.skip_draw());
  EXPECT_EQ(moving.to_string(), text);
  Position no_deck = Position::start(make_variant("fairytale", "kingsmen,nocards"));
  EXPECT_FALSE(no_deck.skip_draw());
  Position chess = Position::start(make_variant("normal"));
  EXPECT_FALSE(chess.skip_draw());
  EXPECT_EQ(chess.ply(), 0);
}

}  // namespace
}  // namespace fable
