// One game in the browser: the session behind one WebSocket. It speaks
// JSON (protocol/web/PROTOCOL.md): the page sends what a person does (new
// game, an action, undo, move now, PGN), the session answers with the
// variant, the state after every change and the engine's progress. It
// holds the game, deals chance as referee and runs the engine on its own
// thread like the console does; messages arrive from the socket's thread
// and are handled one by one on the session's thread.
#pragma once

#include <array>
#include <functional>
#include <memory>
#include <nlohmann/json_fwd.hpp>
#include <string>
#include <thread>
#include <vector>

#include "protocol/game.h"
#include "protocol/session.h"

namespace fable::protocol::web {

class WebSession final : public Session {
 public:
  // Called with each outgoing message, from the session's thread or the
  // search's; it must be safe to call from any thread.
  using Emit = std::function<void(const std::string& json)>;

  WebSession(Emit emit, size_t hash_megabytes = 16);
  ~WebSession() override;

  // A message from the page; any thread.
  void receive(const std::string& json);
  // The page is gone: the session ends (any thread, more than once is fine).
  void close();

 private:
  // One action of the game as the page and the PGN show it.
  struct Record {
    std::string text;
    Actor actor = Actor::kWhite;
    int fullmove = 1;
    std::vector<std::string> squares;
    std::string note;  // chance: what happened, in words
  };

  void run();
  void handle(const std::string& message);
  void search_done(const search::Result& result) override;

  void new_game(const nlohmann::json& m);
  void play(const nlohmann::json& m);
  void set_players(const nlohmann::json& m);
  void deal_chance();
  void undo();
  void import_pgn(const std::string& text);
  void go_to(size_t index);
  std::string pgn() const;

  // Plays `a` on the game and records it.
  void apply(const Action& a);
  // Deals chance and starts the engine on its decisions, until a person
  // decides, the engine thinks, or the game ends; then sends the state.
  void advance();
  void start_thinking();
  bool engine_decides() const;

  void send_json(const nlohmann::json& message);
  void send_error(const std::string& text);
  void send_game();
  void send_state();

  Emit emit_;
  std::unique_ptr<Game> game_;
  uint64_t seed_ = 1;
  std::array<bool, 2> engine_plays_{false, true};  // by colour
  int64_t move_time_ms_ = 1000;
  int depth_ = 0;
  bool thinking_ = false;
  std::vector<Record> records_;
  // An imported game being stepped through: its actions, and how many of
  // them are on the board. Empty when playing.
  std::vector<std::string> replay_;
  bool replaying_ = false;
  std::string names_[2] = {"Human", "Fable"};  // the players' names for the PGN
  std::thread thread_;
};

}  // namespace fable::protocol::web
