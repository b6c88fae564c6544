// `fable serve` spoken to over a real socket on this machine: the
// embedded page, nothing else, the game's WebSocket, and no WebSocket for
// a page of another site; through the WebSocket, a short game of every
// variant and option set, every kind of bad message refused without a
// change, and fifty games at once. (web_session_test.cpp checks the
// session's answers in detail, without the socket.)
#include <gtest/gtest.h>

#include <boost/asio.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/http.hpp>
#include <boost/beast/websocket.hpp>
#include <chrono>
#include <nlohmann/json.hpp>
#include <optional>
#include <set>
#include <thread>
#include <vector>

#include "protocol/web/assets.h"
#include "protocol/web/server.h"
#include "variant_options.h"

namespace fable::protocol::web {
namespace {

namespace beast = boost::beast;
namespace http = beast::http;
namespace websocket = beast::websocket;
namespace net = boost::asio;
using tcp = net::ip::tcp;

using nlohmann::json;

// A server on a free port of 127.0.0.1, serving on its own thread; each
// game's table 1 MB.
class Running {
 public:
  Running() : server_(ServeOptions{"127.0.0.1", 0, 1}), thread_([this] { server_.run(false); }) {}
  ~Running() {
    server_.stop();
    thread_.join();
  }
  uint16_t port() const { return server_.port(); }

 private:
  Server server_;
  std::thread thread_;
};

http::response<http::string_body> get(uint16_t port, const std::string& target) {
  net::io_context io;
  beast::tcp_stream stream(io);
  stream.connect(tcp::endpoint(net::ip::make_address("127.0.0.1"), port));
  http::request<http::empty_body> request(http::verb::get, target, 11);
  request.set(http::field::host, "127.0.0.1:" + std::to_string(port));
  http::write(stream, request);
  beast::flat_buffer buffer;
  http::response<http::string_body> response;
  http::read(stream, buffer, response);
  return response;
}

TEST(WebServer, ServesTheEmbeddedPageAndNothingElse) {
  Running server;
  auto page = get(server.port(), "/");
  EXPECT_EQ(page.result(), http::status::ok);
  EXPECT_NE(page.body().find("<title>Fable</title>"), std::string::npos);
  EXPECT_EQ(page[http::field::content_type], "text/html; charset=utf-8");
  auto script = get(server.port(), "/app.js?v=1");
  EXPECT_EQ(script.result(), http::status::ok);
  EXPECT_EQ(script.body(), std::string(find_asset("/app.js")->body));
  EXPECT_EQ(get(server.port(), "/../CMakeLists.txt").result(), http::status::not_found);
  EXPECT_EQ(get(server.port(), "/etc/passwd").result(), http::status::not_found);
  EXPECT_GE(embedded_assets().size(), 5u);
}

std::string first_message(uint16_t port, const std::string& origin) {
  net::io_context io;
  websocket::stream<beast::tcp_stream> ws(io);
  beast::get_lowest_layer(ws).connect(tcp::endpoint(net::ip::make_address("127.0.0.1"), port));
  ws.set_option(websocket::stream_base::decorator([origin](websocket::request_type& r) {
    if (!origin.empty()) r.set(http::field::origin, origin);
  }));
  ws.handshake("127.0.0.1:" + std::to_string(port), "/ws");
  beast::flat_buffer buffer;
  ws.read(buffer);
  ws.close(websocket::close_code::normal);
  return beast::buffers_to_string(buffer.data());
}

TEST(WebServer, AGameGreetsOnItsWebSocket) {
  Running server;
  const std::string port = std::to_string(server.port());
  EXPECT_NE(first_message(server.port(), "").find("\"type\":\"hello\""), std::string::npos);
  EXPECT_NE(first_message(server.port(), "http://127.0.0.1:" + port).find("\"hello\""),
            std::string::npos);
}

TEST(WebServer, RefusesAWebSocketFromAnotherSite) {
  Running server;
  EXPECT_THROW(first_message(server.port(), "http://example.invalid"), beast::system_error);
}

// --- games over the WebSocket ----------------------------------------------

// Long enough for any answer on a loaded machine: only a guard against a
// hang, never a measure of speed.
constexpr auto kHangGuard = std::chrono::seconds(120);

// A page's WebSocket, spoken to as the page does. Every wait is bounded by
// kHangGuard; a wait that runs out fails the test and returns nothing.
class Client {
 public:
  explicit Client(uint16_t port) : ws_(io_) {
    beast::get_lowest_layer(ws_).connect(tcp::endpoint(net::ip::make_address("127.0.0.1"), port));
    ws_.handshake("127.0.0.1:" + std::to_string(port), "/ws");
  }
  ~Client() {
    beast::error_code ignored;
    beast::get_lowest_layer(ws_).socket().close(ignored);
  }

  bool send_text(const std::string& text) {
    bool done = false;
    beast::error_code error;
    ws_.text(true);
    ws_.async_write(net::buffer(text), [&](beast::error_code ec, size_t) {
      error = ec;
      done = true;
    });
    run_until(done);
    EXPECT_TRUE(done && !error) << "sending failed: " << error.message();
    return done && !error;
  }
  bool send(const json& m) { return send_text(m.dump()); }

  // The next message, parsed (a message that is not JSON fails the test).
  std::optional<json> next() {
    bool done = false;
    beast::error_code error;
    beast::flat_buffer buffer;
    ws_.async_read(buffer, [&](beast::error_code ec, size_t) {
      error = ec;
      done = true;
    });
    run_until(done);
    if (!done || error) {
      ADD_FAILURE() << "no message: " << (done ? error.message() : "timed out");
      return std::nullopt;
    }
    const json m = json::parse(beast::buffers_to_string(buffer.data()), nullptr, false);
    EXPECT_FALSE(m.is_discarded()) << beast::buffers_to_string(buffer.data());
    if (m.is_discarded()) return std::nullopt;
    return m;
  }

  // The next message of `type`, the ones before it skipped.
  std::optional<json> next(const std::string& type) {
    for (;;) {
      auto m = next();
      if (!m || (*m)["type"] == type) return m;
    }
  }

  // The next state nobody is searching in: after the engine's move, if
  // it had one to make.
  std::optional<json> settled_state() {
    for (;;) {
      auto m = next("state");
      if (!m || !(*m)["thinking"].get<bool>()) return m;
    }
  }

 private:
  // Runs the socket's handlers until `done`, at most kHangGuard; a hung
  // operation is cancelled and its handler let run.
  void run_until(const bool& done) {
    io_.restart();
    io_.run_for(kHangGuard);
    if (!done) {
      beast::error_code ignored;
      beast::get_lowest_layer(ws_).socket().cancel(ignored);
      io_.restart();
      io_.run();
    }
  }

  net::io_context io_;
  websocket::stream<beast::tcp_stream> ws_;
};

json new_game(const std::string& variant, const std::string& options, const std::string& white,
              const std::string& black) {
  return {{"type", "new"},  {"variant", variant}, {"options", options}, {"white", white},
          {"black", black}, {"depth", 1},         {"seed", 1}};
}

// Every field PROTOCOL.md gives a state, of its type, and squares that
// are the game's (`squares` from its "game" message).
void expect_well_formed(const json& s, const std::set<std::string>& squares,
                        const std::string& where) {
  SCOPED_TRACE(where);
  ASSERT_EQ(s["type"], "state");
  for (const char* key : {"ply", "movetime", "depth"})
    ASSERT_TRUE(s.contains(key) && s[key].is_number_integer()) << key << " in " << s.dump();
  for (const char* key : {"position", "side", "prompt", "status", "royal", "white", "black"})
    ASSERT_TRUE(s.contains(key) && s[key].is_string()) << key << " in " << s.dump();
  for (const char* key : {"check", "thinking", "waiting"})
    ASSERT_TRUE(s.contains(key) && s[key].is_boolean()) << key << " in " << s.dump();
  for (const char* key : {"board", "fields", "decision", "result"})
    ASSERT_TRUE(s.contains(key) && s[key].is_object()) << key << " in " << s.dump();
  for (const char* key : {"legal", "history"})
    ASSERT_TRUE(s.contains(key) && s[key].is_array()) << key << " in " << s.dump();
  EXPECT_FALSE(s["position"].get<std::string>().empty());
  EXPECT_TRUE(s["side"] == "white" || s["side"] == "black") << s["side"];
  EXPECT_TRUE(std::set<std::string>({"white", "black", "chance"}).count(s["decision"]["actor"]))
      << s["decision"];
  EXPECT_TRUE(std::set<std::string>({"move", "choice", "chance"}).count(s["decision"]["kind"]))
      << s["decision"];
  EXPECT_TRUE(s["result"]["over"].is_boolean());
  EXPECT_TRUE(s["result"]["token"].is_string());
  EXPECT_TRUE(s["result"]["reason"].is_string());
  // One history entry per action played.
  EXPECT_EQ(s["history"].size(), s["ply"].get<size_t>());
  for (const auto& [square, piece] : s["board"].items()) {
    EXPECT_TRUE(squares.count(square)) << square;
    EXPECT_TRUE(piece.is_string() && !piece.get<std::string>().empty()) << square;
  }
  const std::set<std::string> types = {"move", "shot", "castle", "enpassant", "doublestep",
                                       "drop", "swap", "pass",   "choice",    "chance"};
  for (const json& a : s["legal"]) {
    EXPECT_TRUE(a["text"].is_string() && !a["text"].get<std::string>().empty()) << a;
    EXPECT_TRUE(types.count(a["type"])) << a;
    // The piece left on the last square: absent when none is pointed at.
    EXPECT_EQ(a.contains("result"), !a["squares"].empty()) << a;
    if (a.contains("result")) {
      EXPECT_TRUE(a["result"].is_string()) << a;
    }
    ASSERT_TRUE(a["squares"].is_array()) << a;
    for (const json& q : a["squares"]) EXPECT_TRUE(squares.count(q)) << a;
  }
  for (const json& h : s["history"]) {
    EXPECT_TRUE(h["text"].is_string()) << h;
    EXPECT_TRUE(h["actor"].is_string()) << h;
  }
}

std::set<std::string> square_names(const json& game) {
  std::set<std::string> names;
  for (const json& q : game["variant"]["geometry"]["squares"]) names.insert(q["name"]);
  return names;
}

// Every combination of the values of a variant's options, as option lists.
std::vector<std::string> option_sets(const VariantInfo& info) {
  std::vector<std::string> sets;
  std::vector<size_t> chosen(info.options.size(), 0);
  for (;;) {
    sets.push_back(option_list(info, chosen));
    size_t i = 0;
    while (i < chosen.size() && ++chosen[i] == info.options[i].values.size()) chosen[i++] = 0;
    if (i == chosen.size()) return sets;
  }
}

// A short game of two people in every variant and option set of the
// catalog: the first legal action the state lists is played, choices and
// spells included; the server deals the cards. Each state is well formed,
// the ply grows with every action (by more than one when cards follow),
// and the server's history is the actions sent plus chance's.
TEST(WebServer, AShortGameOfEveryVariantAndOptionSet) {
  // Twelve actions: past the first turn of every game (Fairy Tale's draw,
  // choices and spell phase; a Warrior's return needs a capture first).
  constexpr int kActions = 12;
  Running server;
  Client page(server.port());
  ASSERT_TRUE(page.next("hello"));
  size_t games = 0;
  std::set<std::string> kinds;  // of the actions played, chance's included
  for (const VariantInfo& info : variant_catalog()) {
    for (const std::string& options : option_sets(info)) {
      const std::string where = info.name + " (" + options + ")";
      SCOPED_TRACE(where);
      ++games;
      ASSERT_TRUE(page.send(new_game(info.name, options, "human", "human")));
      const auto game = page.next();
      ASSERT_TRUE(game);
      ASSERT_EQ((*game)["type"], "game") << game->dump();
      EXPECT_EQ((*game)["variant"]["name"], info.name);
      const std::set<std::string> squares = square_names(*game);
      auto s = page.next();
      ASSERT_TRUE(s);
      expect_well_formed(*s, squares, where + " at the start");
      std::vector<std::string> sent;
      for (int i = 0; i < kActions && !(*s)["result"]["over"].get<bool>(); ++i) {
        ASSERT_FALSE((*s)["legal"].empty()) << s->dump();
        kinds.insert((*s)["decision"]["kind"]);
        const std::string action = (*s)["legal"][0]["text"];
        const size_t ply = (*s)["ply"];
        ASSERT_TRUE(page.send({{"type", "act"}, {"action", action}, {"ply", ply}}));
        s = page.next();  // the state after it: nothing else comes between people
        ASSERT_TRUE(s);
        expect_well_formed(*s, squares, where + " after " + action);
        ASSERT_GT((*s)["ply"].get<size_t>(), ply) << s->dump();
        EXPECT_EQ((*s)["history"][ply]["text"], action);
        sent.push_back(action);
      }
      std::vector<std::string> played;
      for (const json& h : (*s)["history"]) {
        if (h["actor"] == "chance") kinds.insert("chance");
        if (h["actor"] != "chance") played.push_back(h["text"]);
      }
      EXPECT_EQ(played, sent);
    }
  }
  // Chess, Wizard Chess, Family Matters' option sets and Fairy Tale's: at
  // least one game each.
  EXPECT_GE(games, variant_catalog().size());
  // Moves, the choices of Family Matters' Old Queen and of Fairy Tale's
  // cards, and chance (cards, the crazy queen) were all played.
  EXPECT_EQ(kinds, (std::set<std::string>{"move", "choice", "chance"}));
}

// A state asked for: what the page would see now.
json current_state(Client& page) {
  EXPECT_TRUE(page.send({{"type", "state"}}));
  auto s = page.next();
  EXPECT_TRUE(s && (*s)["type"] == "state") << (s ? s->dump() : "");
  return s ? *s : json();
}

// Every kind of bad message: each answered by an error, the state the same
// afterwards, the socket still usable (a legal action then plays).
TEST(WebServer, BadMessagesAreRefusedAndChangeNothing) {
  Running server;
  Client page(server.port());
  ASSERT_TRUE(page.next("hello"));

  // Before any game, only "new" is understood.
  ASSERT_TRUE(page.send({{"type", "act"}, {"action", "e2e4"}}));
  auto reply = page.next();
  ASSERT_TRUE(reply);
  EXPECT_EQ((*reply)["type"], "error") << reply->dump();

  ASSERT_TRUE(page.send(new_game("normal", "", "human", "human")));
  ASSERT_TRUE(page.next("state"));
  page.send({{"type", "act"}, {"action", "e2e4"}, {"ply", 0}});
  const auto before_opt = page.next("state");
  ASSERT_TRUE(before_opt);
  const json before = *before_opt;
  ASSERT_EQ(before["ply"], 1);

  const std::vector<std::pair<std::string, std::string>> bad = {
      {"malformed JSON", "{\"type\": \"act\", \"action\": "},
      {"not an object", "[1, 2, 3]"},
      {"no type", R"({"action": "e7e5"})"},
      {"unknown type", R"({"type": "fly"})"},
      {"an action missing", R"({"type": "act"})"},
      {"an action of the wrong type", R"({"type": "act", "action": 5})"},
      {"a PGN missing", R"({"type": "import"})"},
      {"an index missing", R"({"type": "goto"})"},
      {"a player neither human nor engine", R"({"type": "players", "white": "robot"})"},
      {"an unknown variant", R"({"type": "new", "variant": "nosuchgame"})"},
      {"an unknown option", R"({"type": "new", "variant": "normal", "options": "nosuch"})"},
      {"a position that is not one", R"({"type": "new", "variant": "normal", "position": "x"})"},
      {"an illegal action", R"({"type": "act", "action": "e2e5"})"},
      {"not an action", R"({"type": "act", "action": "hello"})"},
      {"White's move at Black's turn", R"({"type": "act", "action": "d2d4"})"},
      {"an action for an earlier position", R"({"type": "act", "action": "e7e5", "ply": 0})"},
      // One byte over the limit the server sets (server.h).
      {"a message too long", std::string(kMaxMessageBytes + 1, ' ')},
  };
  for (const auto& [what, text] : bad) {
    SCOPED_TRACE(what);
    ASSERT_TRUE(page.send_text(text));
    reply = page.next();
    ASSERT_TRUE(reply);
    EXPECT_EQ((*reply)["type"], "error") << reply->dump();
    EXPECT_FALSE((*reply)["message"].get<std::string>().empty()) << reply->dump();
    EXPECT_EQ(current_state(page), before);
  }

  // Still a game: Black's reply plays.
  ASSERT_TRUE(page.send({{"type", "act"}, {"action", "e7e5"}, {"ply", 1}}));
  reply = page.next("state");
  ASSERT_TRUE(reply);
  EXPECT_EQ((*reply)["ply"], 2);
  EXPECT_EQ((*reply)["history"][1]["text"], "e7e5");
}

// While the engine thinks it is not the page's turn: an action is
// refused and the search goes on (the state asked for is the same).
TEST(WebServer, AnActionWhileTheEngineThinksIsRefused) {
  Running server;
  Client page(server.port());
  ASSERT_TRUE(page.next("hello"));
  json m = new_game("normal", "", "engine", "human");
  m["depth"] = 0;
  m["movetime"] = 600000;  // ten minutes: still thinking when asked
  ASSERT_TRUE(page.send(m));
  const auto thinking = page.next("state");
  ASSERT_TRUE(thinking);
  ASSERT_TRUE((*thinking)["thinking"].get<bool>());
  EXPECT_TRUE((*thinking)["legal"].empty());  // nothing offered while it searches
  ASSERT_TRUE(page.send({{"type", "act"}, {"action", "e2e4"}, {"ply", 0}}));
  auto reply = page.next("error");  // "info" messages may come first
  ASSERT_TRUE(reply);
  ASSERT_TRUE(page.send({{"type", "state"}}));
  auto after = page.next("state");
  ASSERT_TRUE(after);
  EXPECT_EQ(*after, *thinking);
  // "Move now": the engine's move, then the page's turn.
  ASSERT_TRUE(page.send({{"type", "stop"}}));
  after = page.settled_state();
  ASSERT_TRUE(after);
  EXPECT_EQ((*after)["ply"], 1);
  EXPECT_EQ((*after)["decision"]["actor"], "black");
}

// Fifty pages at once, each with its own game, the variants of the
// catalog in turn, every other one against the engine (depth 1): each game
// starts and plays its actions, every message answered.
TEST(WebServer, FiftyGamesAtOnce) {
  constexpr int kPages = 50;
  constexpr int kActions = 4;  // the page's own actions per game
  Running server;
  const auto& catalog = variant_catalog();
  std::vector<int> played(kPages, 0);
  std::vector<std::thread> pages;
  for (int i = 0; i < kPages; ++i)
    pages.emplace_back([&, i] {
      Client page(server.port());
      if (!page.next("hello")) return;
      const VariantInfo& info = catalog[i % catalog.size()];
      const bool engine = i % 2 == 1;
      if (!page.send(new_game(info.name, "", "human", engine ? "engine" : "human"))) return;
      if (!page.next("game")) return;
      auto s = page.settled_state();
      while (s && played[i] < kActions && !(*s)["result"]["over"].get<bool>()) {
        const json& legal = (*s)["legal"];
        if (legal.empty()) {  // the engine's decision: its move comes
          s = page.settled_state();
          continue;
        }
        const size_t ply = (*s)["ply"];
        if (!page.send({{"type", "act"}, {"action", legal[0]["text"]}, {"ply", ply}})) return;
        s = page.settled_state();
        if (!s) return;
        EXPECT_GT((*s)["ply"].get<size_t>(), ply) << info.name << " page " << i;
        ++played[i];
      }
      // Still answering: the state asked for comes.
      if (s && page.send({{"type", "state"}})) {
        EXPECT_TRUE(page.next("state"));
      }
    });
  for (auto& t : pages) t.join();
  for (int i = 0; i < kPages; ++i) EXPECT_EQ(played[i], kActions) << "page " << i;
}

}  // namespace
}  // namespace fable::protocol::web
