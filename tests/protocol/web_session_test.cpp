// The browser board's game session, spoken to in JSON as the page speaks:
// the variant and its geometry, the legal actions with their squares, the
// kinds of action of every game, chance dealt and described, the engine's
// progress and moves, undo, and the PGN both ways.
#include "protocol/web/web_session.h"

#include <gtest/gtest.h>

#include <chrono>
#include <condition_variable>
#include <deque>
#include <functional>
#include <mutex>
#include <nlohmann/json.hpp>
#include <set>
#include <sstream>

#include "protocol/match/pgn.h"

namespace fable::protocol::web {
namespace {

using nlohmann::json;

// A page: sends messages to a session and waits for the ones it expects.
class Page {
 public:
  Page()
      : session_([this](const std::string& text) {
          {
            std::lock_guard<std::mutex> lock(mutex_);
            inbox_.push_back(json::parse(text));
          }
          arrived_.notify_all();
        }) {}

  void send(const json& m) { session_.receive(m.dump()); }
  void send_raw(const std::string& text) { session_.receive(text); }

  // The next message of `type` for which `accept` holds; earlier messages
  // are dropped. Fails the test after `seconds`.
  json wait(const std::string& type, std::function<bool(const json&)> accept = {},
            int seconds = 20) {
    std::unique_lock<std::mutex> lock(mutex_);
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(seconds);
    for (;;) {
      while (!inbox_.empty()) {
        json m = std::move(inbox_.front());
        inbox_.pop_front();
        if (m["type"] == type && (!accept || accept(m))) return m;
      }
      if (arrived_.wait_until(lock, deadline) == std::cv_status::timeout && inbox_.empty()) {
        ADD_FAILURE() << "no '" << type << "' message in time";
        return json::object();
      }
    }
  }

  // Starts a game and returns its "game" message; the first state follows.
  json start(const std::string& variant, const std::string& options = "",
             const std::string& white = "human", const std::string& black = "human",
             json extra = json::object()) {
    json m = {{"type", "new"},  {"variant", variant}, {"options", options},
              {"white", white}, {"black", black},     {"seed", 1}};
    m.update(extra);
    send(m);
    return wait("game");
  }

  json state_at(size_t ply) {
    return wait("state", [ply](const json& s) { return s["ply"] == ply && !s["thinking"]; });
  }

 private:
  std::mutex mutex_;
  std::condition_variable arrived_;
  std::deque<json> inbox_;
  WebSession session_;  // last: it goes first, while the inbox still exists
};

const json* find_action(const json& state, const std::string& text) {
  for (const json& a : state["legal"])
    if (a["text"] == text) return &a;
  return nullptr;
}

TEST(WebSession, GreetsWithTheCatalog) {
  Page page;
  const json hello = page.wait("hello");
  std::vector<std::string> names;
  for (const json& v : hello["catalog"]) names.push_back(v["name"]);
  EXPECT_EQ(names, (std::vector<std::string>{"normal", "wizard", "familymatters", "fairytale"}));
}

TEST(WebSession, ChessStartAndAMove) {
  Page page;
  const json game = page.start("normal");
  EXPECT_EQ(game["variant"]["geometry"]["squares"].size(), 64u);
  EXPECT_EQ(game["variant"]["pieces"].size(), 6u);
  json s = page.state_at(0);
  EXPECT_EQ(s["board"].size(), 32u);
  EXPECT_EQ(s["board"]["e1"], "K");
  EXPECT_EQ(s["board"]["d8"], "q");
  EXPECT_EQ(s["legal"].size(), 20u);
  const json* e4 = find_action(s, "e2e4");
  ASSERT_NE(e4, nullptr);
  EXPECT_EQ((*e4)["squares"], json({"e2", "e4"}));
  EXPECT_EQ((*e4)["type"], "doublestep");
  EXPECT_EQ(s["decision"]["actor"], "white");
  EXPECT_EQ(s["royal"], "e1");
  EXPECT_FALSE(s["check"]);
  page.send({{"type", "act"}, {"action", "e2e4"}, {"ply", 0}});
  s = page.state_at(1);
  EXPECT_EQ(s["board"]["e4"], "P");
  EXPECT_FALSE(s["board"].contains("e2"));
  EXPECT_EQ(s["decision"]["actor"], "black");
  EXPECT_EQ(s["history"][0]["text"], "e2e4");
  EXPECT_EQ(s["history"][0]["squares"], json({"e2", "e4"}));
}

TEST(WebSession, RefusesWhatIsNotLegalAndChangesNothing) {
  Page page;
  page.start("normal");
  page.state_at(0);
  page.send({{"type", "act"}, {"action", "e2e5"}});
  EXPECT_FALSE(page.wait("error")["message"].get<std::string>().empty());
  page.send({{"type", "act"}, {"action", "e2e4"}, {"ply", 3}});  // stale
  page.wait("error");
  page.send_raw("not json");
  page.wait("error");
  page.send({{"type", "fly"}});
  page.wait("error");
  page.send({{"type", "new"}, {"variant", "nosuchgame"}});
  page.wait("error");
  page.send({{"type", "state"}});
  EXPECT_EQ(page.wait("state")["ply"], 0);
}

// Family Matters: 41 squares, i1 drawn where the central diagonals cross,
// and its links, which the grid does not make.
TEST(WebSession, FamilyMattersGeometryPlacesI1) {
  Page page;
  const json game = page.start("familymatters", "oldqueen");
  const json& g = game["variant"]["geometry"];
  EXPECT_EQ(g["files"], 9);
  EXPECT_EQ(g["ranks"], 8);
  EXPECT_EQ(g["squares"].size(), 41u);
  bool found = false;
  for (const json& sq : g["squares"])
    if (sq["name"] == "i1") {
      found = true;
      EXPECT_DOUBLE_EQ(sq["x"].get<double>(), 3.5);
      EXPECT_DOUBLE_EQ(sq["y"].get<double>(), 3.5);
    }
  EXPECT_TRUE(found);
  std::set<std::string> links;
  for (const json& l : g["links"])
    links.insert(l[0].get<std::string>() + "-" + l[1].get<std::string>());
  for (const char* other : {"d4", "e4", "d5", "e5"})
    EXPECT_TRUE(links.count(std::string(other) + "-i1") || links.count("i1-" + std::string(other)))
        << other;
  const json s = page.state_at(0);
  EXPECT_EQ(s["board"]["i1"], "O");
  bool neutral = false;
  for (const json& t : game["variant"]["pieces"])
    if (t["letter"] == "O") neutral = t["neutral"];
  EXPECT_TRUE(neutral);
}

// With the Old Queen, the mover's second action steps her or skips: a
// choice with her squares, and one without.
TEST(WebSession, OldQueenStepIsAChoiceWithSquares) {
  Page page;
  page.start("familymatters", "oldqueen");
  page.state_at(0);
  page.send({{"type", "act"}, {"action", "b4c4"}});
  const json s = page.state_at(1);
  EXPECT_EQ(s["decision"]["kind"], "choice");
  ASSERT_NE(find_action(s, "skip"), nullptr);
  EXPECT_TRUE((*find_action(s, "skip"))["squares"].empty());
  bool step = false;
  for (const json& a : s["legal"])
    if (!a["squares"].empty()) step = step || a["squares"][0] == "i1";
  EXPECT_TRUE(step);
}

// The crazy queen's random step is dealt by the session and described.
TEST(WebSession, CrazyQueenStepIsShown) {
  Page page;
  page.start("familymatters", "crazyqueen");
  page.state_at(0);
  page.send({{"type", "act"}, {"action", "b4c4"}});
  page.state_at(1);
  page.send({{"type", "act"}, {"action", "g4f4"}});
  const json s = page.wait("state", [](const json& m) { return m["ply"] == 3; });
  const json& chance = s["history"][2];
  EXPECT_EQ(chance["actor"], "chance");
  EXPECT_EQ(chance["squares"][0], "i1");
  EXPECT_NE(chance["note"].get<std::string>().find("at random"), std::string::npos)
      << chance["note"];
}

// Wizard Chess: the teleport is a swap, the Archer's capture a shot, the
// returning Warrior a drop; promotion and quest differ by the piece left.
TEST(WebSession, WizardActionKinds) {
  Page page;
  const json game = page.start("wizard");
  EXPECT_EQ(game["variant"]["geometry"]["squares"].size(), 84u);
  json s = page.state_at(0);
  EXPECT_EQ(s["decision"]["actor"], "black");
  bool swap = false;
  for (const json& a : s["legal"]) swap = swap || a["type"] == "swap";
  EXPECT_TRUE(swap);

  page.start("wizard", "", "human", "human",
             {{"position",
               "dcazacd/wgwwwgw/2hwh2/7/7/7/7/7/7/2HWH2/WGW1WGW/DCAZACD w Zz 00 0 1 return=w"}});
  s = page.state_at(0);
  const json* drop = find_action(s, "W@d2");
  ASSERT_NE(drop, nullptr);
  EXPECT_EQ((*drop)["type"], "drop");
  EXPECT_EQ((*drop)["squares"], json({"d2"}));
  EXPECT_EQ((*drop)["result"], "W");
  EXPECT_NE(s["prompt"].get<std::string>().find("Warrior"), std::string::npos);

  // A Hero about to enter Black's camp, with a Dragon dead: promote or quest.
  page.start("wizard", "", "human", "human",
             {{"position", "dcazacd/wgwwwgw/2hwh2/3H3/7/7/7/7/7/7/WGWWWGW/1CAZACD w Zz 00 0 1"}});
  s = page.state_at(0);
  std::set<std::string> results;
  for (const json& a : s["legal"])
    if (a["squares"] == json({"d9", "d10"})) results.insert(a["result"].get<std::string>());
  EXPECT_TRUE(results.count("G~")) << s["legal"].dump();
  EXPECT_TRUE(results.count("H^")) << s["legal"].dump();
}

TEST(WebSession, ChessPromotionChoicesShowTheNewPiece) {
  Page page;
  page.start("normal", "", "human", "human", {{"position", "8/4P3/8/8/8/8/k7/4K3 w - - 0 1"}});
  const json s = page.state_at(0);
  std::set<std::string> results;
  for (const json& a : s["legal"])
    if (a["squares"] == json({"e7", "e8"})) results.insert(a["result"].get<std::string>());
  EXPECT_EQ(results, (std::set<std::string>{"Q", "R", "B", "N"}));
}

// Fairy Tale with the deck: the whole deck is described, the first card is
// dealt at once and explained in the log, the deck fields are there.
TEST(WebSession, FairyTaleDealsAndExplainsCards) {
  Page page;
  const json game = page.start("fairytale", "kingsmen");
  int copies = 0;
  for (const json& c : game["variant"]["deck"]) {
    copies += c["copies"].get<int>();
    EXPECT_FALSE(c["text"].get<std::string>().empty()) << c["name"];
  }
  EXPECT_EQ(copies, 36);
  const json s = page.wait("state");
  ASSERT_FALSE(s["history"].empty());
  const json& drawn = s["history"][0];
  EXPECT_EQ(drawn["actor"], "chance");
  EXPECT_NE(drawn["note"].get<std::string>().find("White draws"), std::string::npos);
  EXPECT_TRUE(s["fields"].contains("scenario"));
  EXPECT_NE(s["decision"]["actor"], "chance");
  EXPECT_FALSE(s["legal"].empty());
}

TEST(WebSession, EngineReportsProgressAndMoves) {
  Page page;
  page.start("normal", "", "engine", "human", {{"movetime", 200}});
  const json info = page.wait("info");
  EXPECT_GE(info["depth"].get<int>(), 1);
  EXPECT_FALSE(info["pv"].get<std::string>().empty());
  const json move = page.wait("engine_move");
  EXPECT_EQ(move["actor"], "white");
  const json s = page.state_at(1);
  EXPECT_EQ(s["decision"]["actor"], "black");
  EXPECT_EQ(s["history"][0]["text"], move["action"]);
}

TEST(WebSession, MoveNowStopsALongSearch) {
  Page page;
  page.start("normal", "", "engine", "human", {{"movetime", 600000}});
  page.wait("info");
  // The search would take 10 minutes; without the stop, the wait's hang
  // guard fails the test long before (no bound on the machine's speed).
  page.send({{"type", "stop"}});
  page.wait("engine_move");
  page.state_at(1);
}

TEST(WebSession, UndoGoesBackToThePersonsDecision) {
  Page page;
  page.start("normal", "", "human", "engine", {{"depth", 1}});
  page.state_at(0);
  page.send({{"type", "act"}, {"action", "e2e4"}});
  page.state_at(2);  // the engine's reply
  page.send({{"type", "undo"}});
  const json s = page.state_at(0);
  EXPECT_EQ(s["decision"]["actor"], "white");
  EXPECT_FALSE(s["waiting"]);
}

// The PGN is the match runner's dialect: it replays through the rules, and
// importing it steps through the same game.
TEST(WebSession, PgnExportAndImport) {
  Page page;
  page.start("fairytale", "kingsmen", "engine", "engine", {{"depth", 1}});
  page.wait("state", [](const json& s) { return s["ply"].get<int>() >= 8 && !s["thinking"]; });
  page.send({{"type", "players"}, {"white", "human"}, {"black", "human"}});
  const json s = page.wait("state", [](const json& m) { return m["white"] == "human"; });
  page.send({{"type", "pgn"}});
  const std::string text = page.wait("pgn")["text"];
  std::istringstream in(text);
  const std::vector<match::PgnGame> games = match::read_pgn(in);
  ASSERT_EQ(games.size(), 1u) << text;
  EXPECT_EQ(match::replay_check(games[0]), "") << text;
  EXPECT_EQ(games[0].tag("Variant"), "fairytale");
  EXPECT_EQ(games[0].actions.size(), s["ply"].get<size_t>()) << text;

  page.send({{"type", "import"}, {"pgn", text}});
  page.wait("game");
  json r = page.wait("state");
  EXPECT_EQ(r["replay"]["index"], 0);
  EXPECT_EQ(r["replay"]["total"], s["ply"]);
  page.send({{"type", "goto"}, {"index", s["ply"]}});
  r = page.wait("state");
  EXPECT_EQ(r["position"], s["position"]);
  page.send({{"type", "goto"}, {"index", 1}});
  r = page.wait("state");
  EXPECT_EQ(r["ply"], 1);
  EXPECT_EQ(r["history"][0]["actor"], "chance");
}

}  // namespace
}  // namespace fable::protocol::web
