// XBoard's board for Fable's own variants: the exact `setup` and `piece`
// replies to `variant`, the `highlight` replies to `lift`, `put`/`hover`,
// the start position XBoard hands back in its own FEN, and bad input.
//
// Where the expected values come from:
// * start positions: the rules documents (src/variants/wizard.md,
//   familymatters.md, fairytale.md, "Start"/"Scenarios");
// * the piece table: XBoard's 22 piece slots per colour in its order
//   (Pawn Knight Bishop Rook Queen Ferz Elephant Archbishop Chancellor
//   Wazir Commoner Cannon Nightrider CrownedBishop CrownedRook
//   CrownedQueen Silver Falcon Lance Cobra Unicorn King), with Fable's
//   letter in the slot whose picture it uses (protocol/PROTOCOL.md,
//   "What XBoard shows");
// * Betza descriptions: the piece tables in the rules documents;
// * highlight boards: the legal moves worked out by hand in each comment.
#include "protocol/xboard_setup.h"

#include <gtest/gtest.h>

#include <set>
#include <sstream>

#include "position.h"
#include "xboard_transcript.h"

namespace fable::protocol {
namespace {

std::string transcript(const std::string& script) { return xboard_transcript(script); }

TEST(XBoardSetup, WizardChess) {
  // 7 x 12, Black first; Wizard in the crowned-queen slot (15), Dragon in
  // the cannon slot (11), Chariot rook (3), Archer lance (18), Giant
  // commoner (10), Hero wazir (9), Warrior ferz (5).
  const std::string out = transcript("force\nvariant wizard\nquit\n");
  EXPECT_EQ(out,
            "setup (...C.W...HGD...Z..A......c.w...hgd...z..a...) 7x12+0_fairy "
            "dcazacd/wgwwwgw/2hwh2/7/7/7/7/7/7/2HWH2/WGWWWGW/DCAZACD b - - 0 1\n"
            "piece D& mQpcQ\n"
            "piece C& R\n"
            "piece G& KnA\n"
            "piece H& mFcW\n");
  // XBoard's board-size prefix names the same variant.
  EXPECT_EQ(transcript("force\nvariant 7x12+0_wizard\nquit\n"), out);
}

TEST(XBoardSetup, FamilyMattersHolesAndMiddleSquare) {
  // 9 x 8: `*` for the cells off the diamond, i1 the last cell of rank 1.
  // No `piece` lines: XBoard would move pieces on a plain grid, without
  // the links through i1.
  EXPECT_EQ(transcript("force\nvariant familymatters\nquit\n"),
            "setup (..BRQS...PC....O.....K..brqs...pc....o.....k) 9x8+0_fairy "
            "***qk****/**brrb***/*C4c**/SC4cp*/PC4cs*/*C4c**/**BRRB***/***QK***1 w - - 0 1\n");
  // The neutral Old Queen on i1 is drawn White (XBoard has no neutral
  // colour); big family's Princes and Princesses replace Rooks and Bishops.
  EXPECT_EQ(transcript("force\noption Family Matters queen=oldqueen\n"
                       "option Family Matters big family=1\nvariant familymatters\nquit\n"),
            "setup (..BRQS...PC....O.....K..brqs...pc....o.....k) 9x8+0_fairy "
            "***qk****/**psps***/*C4c**/SC4cp*/PC4cs*/*C4c**/**SPSP***/***QK***O w - - 0 1\n");
}

TEST(XBoardSetup, FairyTaleScenarios) {
  const std::string betza =
      "piece K& K\npiece Q& Q\npiece C& R\npiece B& B\npiece N& N\npiece F& KAD\n"
      "piece R& Q3\npiece L& mKcF\npiece P& fmWfcF\n";
  const std::string table = "(PNBCQR......I.DW.F.L.Kpnbcqr......i.dw.f.l.k)";
  // Kingsmen keeps chess's castling rights: XBoard castles the King's
  // two-square move itself.
  EXPECT_EQ(transcript("force\nvariant fairytale\nquit\n"),
            "setup " + table +
                " 8x8+0_fairy cnbqkbnc/pppppppp/8/8/8/8/PPPPPPPP/CNBQKBNC w KQkq - 0 1\n" + betza);
  EXPECT_EQ(transcript("force\noption Fairy Tale scenario=damsel\noption Fairy Tale cards=0\n"
                       "variant fairytale\nquit\n"),
            "setup " + table + " 8x8+0_fairy Rcp5/ccp5/ppd5/8/8/6PP/5PCN/5PN1 w - - 0 1\n" + betza);
}

TEST(XBoardSetup, FairyTaleTwelvePicturesAllDistinct) {
  const std::string table = piece_to_char_table(*make_variant("fairytale"));
  ASSERT_EQ(table.size(), 44u);
  std::set<char> letters;
  for (size_t slot = 0; slot < 22; ++slot)
    if (table[slot] != '.') letters.insert(table[slot]);
  EXPECT_EQ(letters, (std::set<char>{'K', 'Q', 'C', 'B', 'N', 'D', 'W', 'F', 'R', 'I', 'L', 'P'}));
}

TEST(XBoardSetup, ChessNeedsNoSetup) {
  EXPECT_EQ(transcript("force\nvariant normal\nping 1\nquit\n"), "pong 1\n");
}

TEST(XBoardSetup, StartPositionHandedBackInXBoardFen) {
  // XBoard gives a second engine the `setup` position with XBoard's FEN
  // fields, sometimes after an empty `variant`: both are read as the
  // variant's own start position (Black to move: lift d11 answers).
  const std::string fen = "dcazacd/wgwwwgw/2hwh2/7/7/7/7/7/7/2HWH2/WGWWWGW/DCAZACD b - - 0 1";
  for (const std::string& prefix : {std::string("variant wizard\n"), std::string("variant \n")}) {
    const std::string out = transcript("new\nforce\n" + prefix + "setboard " + fen +
                                       "\nusermove a11b10\nping 1\nquit\n");
    EXPECT_EQ(out.find("tellusererror"), std::string::npos) << out;
    EXPECT_EQ(out.find("Illegal move"), std::string::npos) << out;
  }
  // Another board is still refused.
  EXPECT_NE(transcript("variant wizard\nsetboard 7/7/7 b - - 0 1\nquit\n").find("tellusererror"),
            std::string::npos);
}

TEST(XBoardSetup, EngineToMoveAtTheStartWaitsForGo) {
  // After `new` the engine plays Black, and Black moves first in Wizard
  // Chess: XBoard ignores a move it did not ask for (its log: "Ignoring
  // extra move"), so the engine waits for `go`, also through `hard`.
  const std::string waiting = transcript("new\nvariant wizard\nhard\nsd 1\nping 1\nquit\n");
  EXPECT_EQ(waiting.find("move "), std::string::npos) << waiting;
  EXPECT_NE(waiting.find("pong 1\n"), std::string::npos) << waiting;
  const std::string moving = transcript("new\nvariant wizard\nsd 1\ngo\nping 1\nquit\n");
  EXPECT_NE(moving.find("\nmove "), std::string::npos) << moving;
}

TEST(XBoardHighlight, ChessTargets) {
  // e2: e3 and e4 (yellow); g1: f3 and h3.
  EXPECT_EQ(transcript("new\nforce\nlift e2\nlift g1\nlift e7\nquit\n"),
            "highlight 8/8/8/8/4Y3/4Y3/8/8\n"
            "highlight 8/8/8/8/8/5Y1Y/8/8\n"
            // e7 is Black's: White is to move, nothing is marked.
            "highlight 8/8/8/8/8/8/8/8\n");
}

TEST(XBoardHighlight, CapturesRedPromotionsMagenta) {
  // Pawn b7 with a Rook on a8: b7b8 and b7xa8 both ask for a piece
  // (magenta); the Rook h1 slides to h2..h7 (yellow) and takes h8 (red).
  EXPECT_EQ(transcript("new\nforce\nsetboard r3k2r/1P6/8/8/8/8/8/4K2R w - - 0 1\n"
                       "lift b7\nlift h1\nquit\n"),
            "highlight MM6/8/8/8/8/8/8/8\n"
            "highlight 7R/7Y/7Y/7Y/7Y/7Y/7Y/5YY1\n");
}

TEST(XBoardHighlight, FamilyMattersMiddleSquare) {
  // Bishop c3: north-east d4, i1, e5, f6 (g7 is off the board); north-west
  // b4 and the Princess on a5 (red); south-east d2 (the King on e1 blocks).
  // i1 is the last cell of rank 1.
  EXPECT_EQ(transcript("force\nvariant familymatters\n"
                       "setboard ***qk****/**4***/*6**/s7*/P7*/*1B4**/**4***/***1K***1 w 0 1\n"
                       "lift c3\nquit\n"),
            transcript("force\nvariant familymatters\nquit\n") +
                "highlight 9/9/5Y3/R3Y4/1Y1Y5/9/3Y5/8Y\n");
}

TEST(XBoardHighlight, WizardBoardOfTwelveRanks) {
  // Black's Hero c10 steps diagonally to empty squares: b9, d9 (its
  // orthogonal steps capture only).
  const std::string out = transcript("force\nvariant wizard\nlift c10\nquit\n");
  EXPECT_NE(out.find("\nhighlight 7/7/7/1Y1Y3/7/7/7/7/7/7/7/7\n"), std::string::npos) << out;
}

TEST(XBoardHighlight, BadSquaresAreErrorsAndChangeNothing) {
  const std::string out = transcript(
      "new\nforce\nlift z9\nlift\nlift e9\nput e9\nhover a0\nput e4\nput e4,\nhover e4\n"
      "usermove e2e4\nping 1\nquit\n");
  EXPECT_EQ(out,
            "Error (bad square, expected a square of the board): lift z9\n"
            "Error (bad square, expected a square of the board): lift\n"
            "Error (bad square, expected a square of the board): lift e9\n"
            "Error (bad square, expected a square of the board): put e9\n"
            "Error (bad square, expected a square of the board): hover a0\n"
            "pong 1\n");
}

TEST(XBoardHighlight, FamilyMattersHoleIsNotASquare) {
  // a1 is a hole of the diamond.
  const std::string out = transcript("force\nvariant familymatters\nlift a1\nquit\n");
  EXPECT_NE(out.find("Error (bad square, expected a square of the board): lift a1\n"),
            std::string::npos)
      << out;
}

TEST(XBoardMoves, ShotsAreTwoLegMovesOutAndBack) {
  // CECP: a multi-leg move is one `move` line per leg, a comma ending all
  // legs but the last; an Archer's shot goes to its victim and back.
  const std::shared_ptr<const Variant> wizard = make_variant("wizard");
  const Geometry& g = wizard->geometry;
  Action shot;
  shot.type = ActionType::kShot;
  shot.from = g.parse("c1");
  shot.to = g.parse("e3");
  EXPECT_EQ(gui_move_lines(shot, g, "c1e3"), (std::vector<std::string>{"move c1e3,", "move e3c1"}));
  Action step = shot;
  step.type = ActionType::kMove;
  EXPECT_EQ(gui_move_lines(step, g, "c1e3"), (std::vector<std::string>{"move c1e3"}));
  // XBoard relays the legs joined by a comma.
  EXPECT_EQ(from_gui_move("c1e3,e3c1"), "c1e3");
  EXPECT_EQ(from_gui_move("a10c12,c12a10"), "a10c12");
  EXPECT_EQ(from_gui_move("c1e3,e3d4"), "c1e3,e3d4");  // not out and back: left to the parser
  EXPECT_EQ(from_gui_move("e2e4"), "e2e4");
  EXPECT_EQ(from_gui_move(",,"), ",,");
}

}  // namespace
}  // namespace fable::protocol
