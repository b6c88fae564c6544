// XBoard's board kept right: Fable's copy of what XBoard draws (GuiBoard)
// follows XBoard's own way of drawing moves, and when the game leaves it
// (a teleport, a card) Fable resets XBoard's board with `setboard` at the
// user's turn as White — never against another engine, and it tells a
// user playing Black instead. Also the questions (`askuser answer`): a bad
// answer or a closed dialog is asked again, never refused as a move; the
// notes of one turn in one `telluser`; the early `setup` for a variant
// whose start has Black to move; `#` position lines for XBoard's debug file.
//
// Expected boards are worked out by hand from the rules documents and
// XBoard's drawing (protocol/PROTOCOL.md, "XBoard's board").
#include <gtest/gtest.h>

#include <sstream>
#include <string>
#include <utility>
#include <vector>

#include "position.h"
#include "protocol/cli.h"
#include "protocol/xboard_setup.h"
#include "xboard_transcript.h"

namespace fable::protocol {
namespace {

std::string xboard(const std::string& script, std::vector<const char*> args = {}) {
  return xboard_command_line(script, std::move(args));
}

bool has(const std::string& out, const std::string& text) {
  return out.find(text) != std::string::npos;
}

size_t count(const std::string& out, const std::string& text) {
  size_t n = 0;
  for (size_t at = out.find(text); at != std::string::npos; at = out.find(text, at + 1)) ++n;
  return n;
}

GuiBoard board(const std::string& variant, const std::string& text,
               const std::string& options = "") {
  return GuiBoard(Position::from_string(make_variant(variant, options), text));
}

TEST(XBoardBoard, ChessMovesEnPassantAndPromotion) {
  GuiBoard b = board("normal", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
  ASSERT_TRUE(b.apply("e2e4", true));
  ASSERT_TRUE(b.apply("a7a6", false));
  ASSERT_TRUE(b.apply("e4e5", true));
  ASSERT_TRUE(b.apply("d7d5", false));
  // A pawn stepping diagonally onto an empty square takes the one beside.
  ASSERT_TRUE(b.apply("e5d6", true));
  EXPECT_EQ(b, board("normal", "rnbqkbnr/1pp1pppp/p2P4/8/8/8/PPPP1PPP/RNBQKBNR b KQkq - 0 3"));
  // The promotion letter is the new piece, in the mover's colour.
  GuiBoard p = board("normal", "8/4P3/8/8/8/8/k7/4K3 w - - 0 1");
  ASSERT_TRUE(p.apply("e7e8q", true));
  EXPECT_EQ(p, board("normal", "4Q3/8/8/8/8/8/k7/4K3 b - - 0 1"));
}

TEST(XBoardBoard, FairyTaleCastlingAndDrops) {
  // The King (XBoard's King slot) going two squares takes the corner
  // Castle along, as XBoard castles.
  GuiBoard b = board("fairytale", "4k3/8/8/8/8/8/8/C3K2C w KQ - 0 1 scenario=kingsmen cards=off");
  ASSERT_TRUE(b.apply("e1g1", true));
  EXPECT_EQ(b, board("fairytale", "4k3/8/8/8/8/8/8/C4CK1 b - - 1 1 scenario=kingsmen cards=off"));
  GuiBoard q = board("fairytale", "4k3/8/8/8/8/8/8/C3K2C w KQ - 0 1 scenario=kingsmen cards=off");
  ASSERT_TRUE(q.apply("e1c1", true));
  EXPECT_EQ(q, board("fairytale", "4k3/8/8/8/8/8/8/2KC3C b - - 1 1 scenario=kingsmen cards=off"));
  // A drop is a piece of the side that drops it.
  ASSERT_TRUE(q.apply("N@c3", false));
  EXPECT_EQ(q, board("fairytale", "4k3/8/8/8/8/2n5/8/2KC3C w - - 1 2 scenario=kingsmen cards=off"));
  // Text XBoard would not draw changes nothing.
  for (const char* bad : {"e2", "z9z8", "e5e6", "c1c9", "X@z1", "c1e3,e4c1", ""})
    EXPECT_FALSE(q.apply(bad, true)) << bad;
  EXPECT_EQ(q, board("fairytale", "4k3/8/8/8/8/2n5/8/2KC3C w - - 1 2 scenario=kingsmen cards=off"));
}

TEST(XBoardBoard, WizardShotAndTeleport) {
  const std::string start = "dcazacd/wgwwwgw/2hwh2/7/7/7/7/7/7/2HWH2/WGWWWGW/DCAZACD b Zz 00 0 1";
  // The Archer's shot, sent as two legs out and back: the victim goes,
  // the Archer stays.
  GuiBoard shot = board("wizard", "3z3/7/7/7/7/7/7/7/7/4w2/7/2A1Z2 w - 00 0 1");
  ASSERT_TRUE(shot.apply("c1e3,e3c1", true));
  EXPECT_EQ(shot, board("wizard", "3z3/7/7/7/7/7/7/7/7/7/7/2A1Z2 b - 00 0 1"));
  // The teleport is drawn as the Wizard taking its own Warrior: XBoard's
  // board is then not the game's.
  GuiBoard teleport = board("wizard", start);
  ASSERT_TRUE(teleport.apply("d1d2", true));
  EXPECT_NE(teleport, board("wizard",
                            "dcazacd/wgwwwgw/2hwh2/7/7/7/7/7/7/2HWH2/WGWZWGW/DCAWACD b "
                            "z 00 0 1"));
}

TEST(XBoardBoard, FamilyMattersMiddleSquare) {
  // i1 is the ninth cell of rank 1 on XBoard's 9 x 8 board.
  GuiBoard b = board("familymatters",
                     "***qk****/**brrb***/*C4c**/SC4cp*/PC4cs*/*C4c**/**BRRB***/***QK***1 w 0 1");
  ASSERT_TRUE(b.apply("b4i1", true));
  EXPECT_EQ(b, board("familymatters",
                     "***qk****/**brrb***/*C4c**/SC4cp*/P5cs*/*C4c**/**BRRB***/***QK***C b 0 1"));
}

TEST(XBoardBoard, GuiFenHasChessFieldsAndTheMoveCounters) {
  EXPECT_EQ(gui_fen(Position::start(make_variant("wizard"))),
            "dcazacd/wgwwwgw/2hwh2/7/7/7/7/7/7/2HWH2/WGWWWGW/DCAZACD b - - 0 1");
  EXPECT_EQ(gui_fen(Position::start(make_variant("fairytale", "kingsmen"))),
            "cnbqkbnc/pppppppp/8/8/8/8/PPPPPPPP/CNBQKBNC w KQkq - 0 1");
  EXPECT_EQ(gui_fen(Position::from_string(make_variant("familymatters", "oldqueen"),
                                          "***qk****/**brrb***/*C4c**/SC4cp*/PC4cs*/*C4c**/"
                                          "**BRRB***/***QK***O b 7 12")),
            "***qk****/**brrb***/*C4c**/SC4cp*/PC4cs*/*C4c**/**BRRB***/***QK***O b - - 7 12");
  EXPECT_EQ(gui_fen(Position::start(make_variant("normal"))),
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
}

// Wizard Chess, the user White: Fable (Black) opens, the user teleports
// (d1d2, which XBoard draws as a capture); after Fable's reply, with the
// user on move, Fable resets XBoard's board. XBoard's answer to that
// (`result * {Engine aborts game}`, `force`) does not stop Fable.
TEST(XBoardBoard, TeleportIsPutRightAtTheUsersTurn) {
  const std::string out = xboard(
      "protover 2\naccepted debug\nnew\nvariant wizard\nsd 1\ngo\nping 1\nusermove d1d2\nping 2\n"
      "result * {Engine aborts game}\nforce\nping 3\nusermove e2f3\nping 4\nquit\n");
  const size_t reset = out.find("\nsetboard ");
  ASSERT_NE(reset, std::string::npos) << out;
  EXPECT_GT(reset, out.find("pong 1")) << out;
  EXPECT_LT(reset, out.find("pong 2")) << out;
  // The board sent is the game's: the Wizard on d2, the Warrior on d1.
  const std::string fen = out.substr(reset + 10, out.find('\n', reset + 1) - reset - 10);
  EXPECT_NE(fen.find("/WGWZWGW/DCAWACD w "), std::string::npos) << fen;
  const size_t position = out.find("# position ", reset);
  ASSERT_NE(position, std::string::npos) << out;
  EXPECT_EQ(out.substr(position + 11, fen.find(' ')), fen.substr(0, fen.find(' '))) << out;
  // Fable still plays Black after XBoard's reset.
  EXPECT_NE(out.find("\nmove ", out.find("pong 3")), std::string::npos) << out;
  EXPECT_EQ(count(out, "setboard "), 1u) << out;
}

TEST(XBoardBoard, NeverResetAgainstAnotherEngine) {
  const std::string out = xboard(
      "protover 2\nnew\nvariant wizard\ncomputer\nsd 1\ngo\nping 1\nusermove d1d2\nping 2\nquit\n");
  EXPECT_FALSE(has(out, "\nsetboard ")) << out;
  EXPECT_FALSE(has(out, "telluser")) << out;
}

// The user plays Black: XBoard takes a reset board only with White to
// move, so the user is told once, with the position, that XBoard's board
// is wrong.
TEST(XBoardBoard, UserPlayingBlackIsToldOnce) {
  const std::string out = xboard(
      "new\nvariant wizard\nforce\nusermove d12d11\nsd 1\ngo\nping 1\nusermove c10b9\nping 2\n"
      "quit\n");
  EXPECT_FALSE(has(out, "\nsetboard ")) << out;
  EXPECT_EQ(count(out,
                  "telluser XBoard's board no longer shows the game; the position is "
                  "dcawacd/wgwzwgw/"),
            1u)
      << out;
}

// Forest Fire drawn by Fable (White): the user (Black) picks the piece.
// `force` first: without it the engine (Black after `new`) would start on
// Black's choice as soon as the position is set, racing the `go` that
// gives it White.
const char* const kForestFire =
    "variant fairytale\n"
    "force\n"
    "setboard 4l3/8/8/8/8/8/8/2CC4 w - - 0 1 scenario=huffpuff deck=forest-fire\n"
    "sd 1\ngo\n";
const char* const kQuestion =
    "askuser answer Black: forest-fire - pick one of White's pieces; its rank burns (SQUARE); "
    "options: c1 d1\n";

TEST(XBoardBoard, BadAnswerIsAskedAgainNotRefused) {
  const std::string out =
      xboard(std::string(kForestFire) + "ping 1\nanswer zz\nanswer\nanswer c1\nping 2\nquit\n");
  EXPECT_TRUE(has(out, kQuestion)) << out;
  EXPECT_TRUE(has(out, "askuser answer 'zz' is not one of the options. Black: forest-fire")) << out;
  // OK on an empty box.
  EXPECT_TRUE(has(out, "askuser answer Type one of the options. Black: forest-fire")) << out;
  // A refusal would make XBoard take back its last move.
  EXPECT_FALSE(has(out, "Illegal move")) << out;
  EXPECT_TRUE(has(out, "0-1 {every White piece captured}")) << out;
}

TEST(XBoardBoard, ClosedQuestionIsAskedAgainWhenAPieceIsPickedUp) {
  const std::string out = xboard(std::string(kForestFire) + "ping 1\nlift e8\nusermove e8e7\n" +
                                 "answer d1\nanswer d1\nping 2\nquit\n");
  // Asked once, again after `lift` (no targets: the move waits), again
  // after a move tried in its place (refused: XBoard drew it).
  EXPECT_EQ(count(out, kQuestion), 3u) << out;
  EXPECT_TRUE(has(out, "highlight 8/8/8/8/8/8/8/8\n")) << out;
  EXPECT_TRUE(has(out, "Illegal move: e8e7\n")) << out;
  // The second answer, with no question waiting, changes nothing.
  EXPECT_EQ(count(out, "0-1 {"), 1u) << out;
}

TEST(XBoardBoard, OneNotePerTurn) {
  // Fable (Black) draws an Ally Knight and places it, then moves; the
  // user's card follows: all in one note, XBoard showing one at a time.
  const std::string out = xboard(
      "new\nvariant fairytale\nforce\n"
      "setboard 4k3/8/8/8/8/8/8/4K3 b - - 0 1 scenario=kingsmen deck=ally-knight\n"
      "sd 1\ngo\nping 1\nquit\n");
  EXPECT_TRUE(has(out,
                  "telluser \\\\Black draws ally-knight - Ally: a new Knight on an empty square "
                  "of the drawer's home ranks.\\nFable chooses N@"))
      << out;
  EXPECT_FALSE(has(out, "telluser Fable chooses")) << out;
}

TEST(XBoardBoard, EarlySetupOnlyForAStartWithBlackToMove) {
  // XBoard loads Wizard Chess's start (Black to move) before it could read
  // the answer to `variant`: the board comes with the features.
  const std::string wizard = xboard("protover 2\nquit\n", {"--variant", "wizard"});
  const size_t setup = wizard.find("\nsetup (");
  ASSERT_NE(setup, std::string::npos) << wizard;
  EXPECT_LT(setup, wizard.find("feature done=1")) << wizard;
  for (const char* v : {"fairytale", "familymatters", "normal"})
    EXPECT_FALSE(has(xboard("protover 2\nquit\n", {"--variant", v}), "setup")) << v;
}

TEST(XBoardBoard, PositionLinesOnlyForXBoardsDebugFile) {
  const std::string script = "new\nforce\nusermove e2e4\nping 1\nquit\n";
  EXPECT_FALSE(has(xboard(script), "# position")) << xboard(script);
  EXPECT_TRUE(has(xboard("accepted debug\n" + script),
                  "# position rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1\n"));
}

}  // namespace
}  // namespace fable::protocol
