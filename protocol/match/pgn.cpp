#include "protocol/match/pgn.h"

#include <ctime>
#include <sstream>
#include <stdexcept>

#include "notation.h"
#include "position.h"
#include "split.h"

namespace fable::match {

namespace {

constexpr size_t kLineWidth = 79;
const char* const kChancePrefix = "chance: ";

}  // namespace

namespace {

bool is_result(const std::string& token) {
  return token == "1-0" || token == "0-1" || token == "1/2-1/2" || token == "*";
}

// "12." or "12..." : a move number, which replay ignores.
bool is_move_number(const std::string& token) {
  size_t i = 0;
  while (i < token.size() && token[i] >= '0' && token[i] <= '9') ++i;
  return i > 0 && i < token.size() && token.find_first_not_of('.', i) == std::string::npos;
}

// A PGN comment, built by appending (GCC 12 warns, wrongly, on "{" + ...).
std::string comment(const std::string& a, const std::string& b = "") {
  std::string c = "{";
  c += a;
  c += b;
  c += '}';
  return c;
}

std::string escaped(const std::string& value) {
  std::string out;
  for (char c : value) {
    if (c == '"' || c == '\\') out += '\\';
    out += c;
  }
  return out;
}

// Words and comments laid out in lines of at most kLineWidth characters.
class Movetext {
 public:
  void add(const std::string& token) {
    if (!line_.empty() && line_.size() + 1 + token.size() > kLineWidth) {
      text_ += line_ + '\n';
      line_.clear();
    }
    line_ += (line_.empty() ? "" : " ") + token;
  }
  std::string done() { return text_ + line_ + '\n'; }

 private:
  std::string text_, line_;
};

}  // namespace

std::string pgn_date_today() {
  const std::time_t now = std::time(nullptr);
  std::tm utc{};
  gmtime_r(&now, &utc);
  char text[16];
  std::strftime(text, sizeof text, "%Y.%m.%d", &utc);
  return text;
}

std::string to_pgn(const GameRecord& game, const PgnTags& tags) {
  std::ostringstream out;
  const auto tag = [&](const std::string& name, const std::string& value) {
    out << '[' << name << " \"" << escaped(value) << "\"]\n";
  };
  tag("Event", tags.event);
  tag("Site", "?");
  tag("Date", tags.date.empty() ? "????.??.??" : tags.date);
  tag("Round", std::to_string(tags.round));
  tag("White", game.engine_name[kWhite]);
  tag("Black", game.engine_name[kBlack]);
  tag("Result", result_token(game.result));
  tag("Variant", game.variant);
  if (!game.options.empty()) tag("VariantOptions", game.options);
  tag("Seed", std::to_string(game.seed));
  if (!tags.match_seed.empty()) tag("MatchSeed", tags.match_seed);
  tag("SetUp", "1");
  tag("FEN", game.start_position);
  if (!tags.time_control.empty()) tag("TimeControl", tags.time_control);
  if (!tags.white_time_control.empty()) tag("WhiteTimeControl", tags.white_time_control);
  if (!tags.black_time_control.empty()) tag("BlackTimeControl", tags.black_time_control);
  tag("Termination", game.termination);
  out << '\n';

  Movetext moves;
  int opening_actions = 0;
  for (const RecordedAction& a : game.actions) opening_actions += a.opening;
  if (opening_actions > 0)
    moves.add(comment("opening: " + std::to_string(opening_actions) + " actions"));
  // A run: consecutive actions of one player, written as one token.
  std::string run;
  Actor run_actor = Actor::kChance;
  int run_move = 0;
  const auto flush = [&] {
    if (run.empty()) return;
    moves.add(std::to_string(run_move) + (run_actor == Actor::kWhite ? "." : "..."));
    moves.add(run);
    run.clear();
  };
  for (size_t i = 0; i < game.actions.size(); ++i) {
    const RecordedAction& a = game.actions[i];
    if (a.actor == Actor::kChance) {
      flush();
      moves.add(comment(kChancePrefix, a.text));
    } else {
      if (!run.empty() && a.actor != run_actor) flush();
      if (run.empty()) {
        run_actor = a.actor;
        run_move = a.fullmove;
      }
      run += (run.empty() ? "" : ";") + a.text;
    }
    if (a.opening && (i + 1 == game.actions.size() || !game.actions[i + 1].opening)) {
      flush();
      moves.add(comment("opening ends"));
    }
  }
  flush();
  moves.add(comment(game.reason));
  moves.add(result_token(game.result));
  out << moves.done() << '\n';
  return out.str();
}

std::string PgnGame::tag(const std::string& name) const {
  for (const auto& [n, v] : tags)
    if (n == name) return v;
  return "";
}

std::vector<PgnGame> read_pgn(std::istream& in) {
  std::vector<PgnGame> games;
  PgnGame game;
  bool in_game = false;
  std::string line;
  std::string pending_comment;  // a comment spread over lines
  while (std::getline(in, line)) {
    if (!line.empty() && line.back() == '\r') line.pop_back();
    if (pending_comment.empty() && !line.empty() && line[0] == '[') {
      const size_t space = line.find(' ');
      const size_t open = line.find('"');
      const size_t close = line.rfind('"');
      if (space == std::string::npos || open == std::string::npos || close <= open)
        throw std::invalid_argument("malformed tag: " + line);
      std::string value;
      for (size_t i = open + 1; i < close; ++i) {
        if (line[i] == '\\' && i + 1 < close) ++i;
        value += line[i];
      }
      game.tags.emplace_back(line.substr(1, space - 1), value);
      in_game = true;
      continue;
    }
    std::istringstream words(line);
    std::string word;
    while (words >> word) {
      if (!pending_comment.empty() || word[0] == '{') {
        pending_comment += (pending_comment.empty() ? "" : " ") + word;
        if (pending_comment.back() != '}') continue;
        const std::string comment = pending_comment.substr(1, pending_comment.size() - 2);
        pending_comment.clear();
        if (comment.rfind(kChancePrefix, 0) == 0)
          game.actions.push_back(comment.substr(std::string(kChancePrefix).size()));
        game.final_comment = comment;
        continue;
      }
      if (is_move_number(word)) continue;
      if (is_result(word)) {
        game.result = word;
        games.push_back(std::move(game));
        game = PgnGame();
        in_game = false;
        continue;
      }
      for (std::string_view a : split(word, ';')) {
        if (a.empty()) throw std::invalid_argument("empty action in: " + word);
        game.actions.emplace_back(a);
      }
      in_game = true;
    }
  }
  if (in_game) throw std::invalid_argument("a game without a result at the end of the file");
  return games;
}

std::string replay_check(const PgnGame& game) {
  std::shared_ptr<const Variant> variant;
  try {
    variant = make_variant(game.tag("Variant").empty() ? "normal" : game.tag("Variant"),
                           game.tag("VariantOptions"));
  } catch (const std::exception& e) {
    return std::string("unknown variant: ") + e.what();
  }
  Position pos(variant);
  try {
    pos = game.tag("FEN").empty() ? Position::start(variant)
                                  : Position::from_string(variant, game.tag("FEN"));
  } catch (const std::exception& e) {
    return std::string("bad start position: ") + e.what();
  }
  for (size_t i = 0; i < game.actions.size(); ++i) {
    const ParsedAction parsed = parse_action(pos, game.actions[i]);
    if (!parsed.ok())
      return "action " + std::to_string(i + 1) + " (" + game.actions[i] +
             ") is illegal: " + parsed.error;
    pos.apply(parsed.action);
  }
  const Outcome o = pos.outcome();
  if (game.result != game.tag("Result"))
    return "the movetext's result " + game.result + " differs from the Result tag";
  if (o.over() && result_token(o.result) != game.result)
    return "the rules end the game " + result_token(o.result) + " (" + o.reason +
           "), the record says " + game.result;
  const bool resigned = game.final_comment.find("resigns") != std::string::npos;
  if (!o.over() && game.tag("Termination") == "normal" && !resigned)
    return "the game is not over by the rules, yet its termination is normal";
  return "";
}

}  // namespace fable::match
