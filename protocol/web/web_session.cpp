#include "protocol/web/web_session.h"

#include <chrono>
#include <ctime>
#include <nlohmann/json.hpp>
#include <sstream>

#include "protocol/chance_story.h"
#include "protocol/match/pgn.h"
#include "protocol/score_text.h"
#include "protocol/web/game_json.h"
#include "rules.h"
#include "variant_options.h"

namespace fable::protocol::web {

using nlohmann::json;

namespace {

// The base session wants streams; this face reads and writes messages
// instead and never touches them.
std::istream& no_input() {
  static std::istringstream in;
  return in;
}
std::ostream& no_output() {
  static std::ostream out(nullptr);
  return out;
}

SessionOptions session_options(size_t hash_megabytes) {
  SessionOptions o;
  o.hash_megabytes = hash_megabytes;
  return o;
}

bool is_engine(const json& m, const char* key, bool fallback) {
  if (!m.contains(key)) return fallback;
  const std::string who = m.at(key).get<std::string>();
  if (who != "engine" && who != "human")
    throw std::invalid_argument(std::string(key) + " must be \"human\" or \"engine\"");
  return who == "engine";
}

// A score from the deciding player's view as White's, in words.
std::string white_score_text(int white_score) {
  if (const int moves = mate_moves(white_score); moves != 0)
    return std::string(white_score > 0 ? "White" : "Black") + " wins in " + std::to_string(moves);
  return console_score(white_score);
}

}  // namespace

WebSession::WebSession(Emit emit, size_t hash_megabytes)
    : Session(no_input(), no_output(), session_options(hash_megabytes)), emit_(std::move(emit)) {
  thread_ = std::thread([this] { run(); });
}

WebSession::~WebSession() {
  close();
  if (thread_.joinable()) thread_.join();
}

void WebSession::receive(const std::string& message) { post_line(message); }

void WebSession::close() { post_end_of_input(); }

void WebSession::run() {
  send_json({{"type", "hello"}, {"catalog", catalog_json()}});
  for (;;) {
    const Event event = next_event();  // a search's end is played in search_done()
    if (event.kind == Event::Kind::kEndOfInput) break;
    if (event.kind == Event::Kind::kLine) handle(event.line);
  }
  abandon_search();
}

void WebSession::handle(const std::string& message) {
  try {
    const json m = json::parse(message);
    const std::string type = m.value("type", "");
    if (type == "new") return new_game(m);
    if (!game_) return send_error("no game yet: send {\"type\": \"new\"} first");
    if (type == "act") return play(m);
    if (type == "undo") return undo();
    if (type == "stop") return stop_search_now();  // its move is played in search_done()
    if (type == "go") {
      if (!thinking_ && !game_->outcome().over() &&
          game_->position().decision().actor != Actor::kChance) {
        start_thinking();
        send_state();
      }
      return;
    }
    if (type == "players") return set_players(m);
    if (type == "settings") {
      move_time_ms_ = std::max<int64_t>(1, m.value("movetime", move_time_ms_));
      depth_ = std::max(0, m.value("depth", depth_));
      return send_state();
    }
    if (type == "state") return send_state();
    if (type == "pgn") return send_json({{"type", "pgn"}, {"text", pgn()}});
    if (type == "import") return import_pgn(m.at("pgn").get<std::string>());
    if (type == "goto") return go_to(m.at("index").get<size_t>());
    send_error("unknown message type '" + type + "'");
  } catch (const std::exception& e) {
    // Each message is checked before anything changes: a last guard.
    send_error(e.what());
  }
}

void WebSession::new_game(const json& m) {
  const std::string name = m.value("variant", "normal");
  const std::string options = m.value("options", "");
  const uint64_t seed = m.value("seed", uint64_t(1));
  const bool white = is_engine(m, "white", false), black = is_engine(m, "black", true);
  auto game = std::make_unique<Game>(make_variant(name, options), seed);
  if (const std::string position = m.value("position", ""); !position.empty())
    game->set_position(position);
  abandon_search();
  thinking_ = false;
  game_ = std::move(game);
  seed_ = seed;
  engine_plays_ = {white, black};
  names_[kWhite] = white ? "Fable" : "Human";
  names_[kBlack] = black ? "Fable" : "Human";
  move_time_ms_ = std::max<int64_t>(1, m.value("movetime", int64_t(1000)));
  depth_ = std::max(0, m.value("depth", 0));
  records_.clear();
  replay_.clear();
  replaying_ = false;
  send_game();
  advance();
}

void WebSession::set_players(const json& m) {
  engine_plays_ = {is_engine(m, "white", engine_plays_[kWhite]),
                   is_engine(m, "black", engine_plays_[kBlack])};
  for (Colour c : {kWhite, kBlack}) names_[c] = engine_plays_[c] ? "Fable" : "Human";
  if (thinking_ && !engine_decides()) {
    abandon_search();
    thinking_ = false;
  }
  replaying_ = false;
  replay_.clear();
  advance();
}

void WebSession::play(const json& m) {
  const Position& pos = game_->position();
  if (m.contains("ply") && m.at("ply").get<size_t>() != records_.size())
    return send_error("that action was chosen for an earlier position");
  if (game_->outcome().over()) return send_error("the game is over");
  if (thinking_) return send_error("Fable is thinking (\"stop\" makes it move now)");
  if (pos.decision().actor == Actor::kChance) return send_error("chance decides here");
  const ParsedAction parsed = parse_action(pos, m.at("action").get<std::string>());
  if (!parsed.ok()) return send_error(parsed.error);
  if (replaying_) {
    // Playing on from a step of an imported game: a game of two people.
    replaying_ = false;
    replay_.clear();
    engine_plays_ = {false, false};
  }
  apply(parsed.action);
  advance();
}

void WebSession::undo() {
  abandon_search();
  thinking_ = false;
  if (replaying_) {
    if (records_.empty()) return send_state();
    return go_to(records_.size() - 1);
  }
  // Back to the previous decision of a person (or, between engines, to
  // the decision before the last player's action); the engine then waits
  // for "go" instead of taking the move back at once.
  const bool any_human = !engine_plays_[kWhite] || !engine_plays_[kBlack];
  bool took_player_action = false;
  while (!records_.empty()) {
    const Actor actor = records_.back().actor;
    game_->undo();
    records_.pop_back();
    took_player_action = took_player_action || actor != Actor::kChance;
    if (!took_player_action) continue;
    const Decision d = game_->position().decision();
    if (d.actor == Actor::kChance) continue;
    if (!any_human || !engine_plays_[int(d.actor)]) break;
  }
  if (game_->position().decision().actor == Actor::kChance)
    advance();  // back at a draw: deal it again (the seed deals the same card)
  else
    send_state();
}

void WebSession::apply(const Action& a) {
  const Position& pos = game_->position();
  Record r;
  r.text = action_text(pos, a);
  r.actor = pos.decision().actor;
  r.fullmove = pos.fullmove();
  for (const auto& s : action_squares(pos, a)) r.squares.push_back(s.get<std::string>());
  const Position before = pos;
  game_->apply(a);
  if (r.actor == Actor::kChance) r.note = chance_story(before, a, game_->position());
  records_.push_back(std::move(r));
}

void WebSession::deal_chance() {
  // The game's dealer picks the outcomes; they are read back on a copy to
  // record each one with its squares and words.
  Position before = game_->position();
  for (DealtChance& dealt : game_->resolve_chance()) {
    Record r;
    r.text = dealt.text;
    r.actor = Actor::kChance;
    r.fullmove = before.fullmove();
    for (const auto& s : action_squares(before, dealt.action))
      r.squares.push_back(s.get<std::string>());
    r.note = std::move(dealt.story);
    before.apply(dealt.action);
    records_.push_back(std::move(r));
  }
}

void WebSession::advance() {
  while (!game_->outcome().over()) {
    const Decision d = game_->position().decision();
    if (d.actor == Actor::kChance) {
      if (replaying_) break;  // an imported game's record deals
      const size_t before = records_.size();
      deal_chance();
      if (records_.size() == before) break;  // nothing to deal
      continue;
    }
    if (!replaying_ && !thinking_ && engine_plays_[int(d.actor)]) start_thinking();
    break;
  }
  send_state();
}

bool WebSession::engine_decides() const {
  const Decision d = game_->position().decision();
  return d.actor != Actor::kChance && engine_plays_[int(d.actor)];
}

void WebSession::start_thinking() {
  search::Limits limits;
  if (depth_ > 0)
    limits.depth = depth_;
  else
    limits.move_time_ms = move_time_ms_;
  const Actor actor = game_->position().decision().actor;
  const size_t ply = records_.size();
  thinking_ = true;
  // On the search's thread: only values captured here are used.
  start_search(game_->position(), limits, [this, actor, ply](const search::Info& info) {
    const int white_score = actor == Actor::kBlack ? -info.score : info.score;
    const int64_t nps = info.time_ms > 0 ? int64_t(info.nodes) * 1000 / info.time_ms : 0;
    send_json({{"type", "info"},
               {"actor", actor_name(actor)},
               {"ply", ply},
               {"depth", info.depth},
               {"seldepth", info.selective_depth},
               {"score", white_score},
               {"score_text", white_score_text(white_score)},
               {"pv", info.pv_text},
               {"nodes", info.nodes},
               {"time_ms", info.time_ms},
               {"nps", nps}});
  });
}

void WebSession::search_done(const search::Result& r) {
  thinking_ = false;
  if (!r.has_action || !game_->position().is_legal(r.best)) return send_state();
  const Actor actor = game_->position().decision().actor;
  const int white_score = actor == Actor::kBlack ? -r.score : r.score;
  send_json({{"type", "engine_move"},
             {"actor", actor_name(actor)},
             {"action", action_text(game_->position(), r.best)},
             {"depth", r.depth},
             {"score", white_score},
             {"score_text", white_score_text(white_score)},
             {"nodes", r.nodes},
             {"time_ms", r.time_ms}});
  apply(r.best);
  advance();
}

void WebSession::import_pgn(const std::string& text) {
  std::istringstream in(text);
  const std::vector<match::PgnGame> games = match::read_pgn(in);
  if (games.empty()) return send_error("no game in that PGN");
  const match::PgnGame& g = games.front();
  const std::string variant = g.tag("Variant").empty() ? "normal" : g.tag("Variant");
  uint64_t seed = 1;
  if (!g.tag("Seed").empty()) seed = std::stoull(g.tag("Seed"));
  auto game = std::make_unique<Game>(make_variant(variant, g.tag("VariantOptions")), seed);
  if (!g.tag("FEN").empty()) game->set_position(g.tag("FEN"));
  // Every action must be legal before anything changes.
  Game check = *game;
  for (size_t i = 0; i < g.actions.size(); ++i) {
    const ParsedAction parsed = check.play(g.actions[i]);
    if (!parsed.ok())
      return send_error("action " + std::to_string(i + 1) + " (" + g.actions[i] +
                        ") is illegal: " + parsed.error);
  }
  abandon_search();
  thinking_ = false;
  game_ = std::move(game);
  seed_ = seed;
  engine_plays_ = {false, false};
  names_[kWhite] = g.tag("White").empty() ? "?" : g.tag("White");
  names_[kBlack] = g.tag("Black").empty() ? "?" : g.tag("Black");
  records_.clear();
  replay_ = g.actions;
  replaying_ = true;
  send_game();
  send_state();
}

void WebSession::go_to(size_t index) {
  if (!replaying_) return send_error("no imported game to step through");
  index = std::min(index, replay_.size());
  while (records_.size() > index) {
    game_->undo();
    records_.pop_back();
  }
  while (records_.size() < index) {
    const ParsedAction parsed = parse_action(game_->position(), replay_[records_.size()]);
    if (!parsed.ok()) return send_error(parsed.error);  // checked at import: cannot happen
    apply(parsed.action);
  }
  send_state();
}

std::string WebSession::pgn() const {
  match::GameRecord record;
  record.engine_name[kWhite] = names_[kWhite];
  record.engine_name[kBlack] = names_[kBlack];
  record.variant = game_->variant().name;
  record.options = game_->variant().options;
  record.start_position = game_->start_string();
  record.seed = seed_;
  for (const Record& r : records_) record.actions.push_back({r.text, r.actor, r.fullmove, false});
  const Outcome o = game_->outcome();
  record.result = o.result;
  record.termination = o.over() ? "normal" : "unterminated";
  record.reason = o.over() ? o.reason : "game in progress";
  match::PgnTags tags;
  tags.event = "Fable web board";
  tags.date = match::pgn_date_today();
  return match::to_pgn(record, tags);
}

void WebSession::send_json(const json& message) { emit_(message.dump()); }

void WebSession::send_error(const std::string& text) {
  send_json({{"type", "error"}, {"message", text}});
}

void WebSession::send_game() {
  send_json({{"type", "game"},
             {"variant", variant_json(game_->variant_ptr())},
             {"seed", seed_},
             {"white", engine_plays_[kWhite] ? "engine" : "human"},
             {"black", engine_plays_[kBlack] ? "engine" : "human"},
             {"names", {names_[kWhite], names_[kBlack]}},
             {"movetime", move_time_ms_},
             {"depth", depth_}});
}

void WebSession::send_state() {
  const Position& pos = game_->position();
  const Outcome o = game_->outcome();
  const Decision d = pos.decision();
  json history = json::array();
  for (const Record& r : records_)
    history.push_back({{"actor", actor_name(r.actor)},
                       {"text", r.text},
                       {"move", r.fullmove},
                       {"squares", r.squares},
                       {"note", r.note}});
  // The actions are offered whenever nobody searches, also at an engine's
  // decision that waits for "go": a person may play it instead.
  const bool person_decides = !o.over() && d.actor != Actor::kChance && !thinking_;
  const std::string position = pos.to_string();
  json state = {
      {"type", "state"},
      {"ply", records_.size()},
      {"position", position},
      {"side", pos.side() == kWhite ? "white" : "black"},
      {"decision",
       {{"actor", actor_name(d.actor)},
        {"kind", d.kind == DecisionKind::kMove     ? "move"
                 : d.kind == DecisionKind::kChoice ? "choice"
                                                   : "chance"}}},
      {"prompt", prompt_text(pos)},
      {"status", o.over() ? "" : status_text(pos)},
      {"board", board_json(pos)},
      {"fields", fields_json(position)},
      {"legal", person_decides ? legal_json(pos) : json::array()},
      {"history", history},
      {"result", {{"over", o.over()}, {"token", result_token(o.result)}, {"reason", o.reason}}},
      {"check", pos.in_check()},  // also at the end: the mated royal
      // Where the decider's royal piece stands (marked when in check).
      {"royal", d.actor != Actor::kChance && pos.royal(Colour(d.actor)) != kNoSquare
                    ? pos.geometry().name(pos.royal(Colour(d.actor)))
                    : ""},
      {"thinking", thinking_},
      // The engine's decision, not being searched: it waits for "go".
      {"waiting", !o.over() && !thinking_ && !replaying_ && engine_decides()},
      {"white", engine_plays_[kWhite] ? "engine" : "human"},
      {"black", engine_plays_[kBlack] ? "engine" : "human"},
      {"movetime", move_time_ms_},
      {"depth", depth_}};
  if (replaying_) state["replay"] = {{"index", records_.size()}, {"total", replay_.size()}};
  send_json(state);
}

}  // namespace fable::protocol::web
