#include "protocol/console.h"

#include <sstream>

#include "protocol/board_text.h"
#include "protocol/game.h"
#include "rules.h"
#include "search/engine.h"

namespace fable::protocol {

namespace {

const char* kHelp =
    "Type a move in coordinate notation (e2e4, e7e8q, W@d11, ...), a choice the game\n"
    "asks for (a Fairy Tale card's: f2, N@c3, d1<>e1, =Q, skip, ...), or a command:\n"
    "  help              this text\n"
    "  moves             list the legal moves (or the options of a choice)\n"
    "  go                the engine moves now (and takes the side to move)\n"
    "  undo              take back your last move and the engine's reply\n"
    "  new               start a new game\n"
    "  variant NAME [OPTIONS]   switch variant (e.g. 'variant normal')\n"
    "  position STRING   set up a position string\n"
    "  fen               print the current position string\n"
    "  board             draw the board again\n"
    "  depth N           engine searches N turns per move (0 = by time)\n"
    "  time MS           engine thinks MS milliseconds per move\n"
    "  quit              leave\n";

class Console {
 public:
  Console(std::istream& in, std::ostream& out, const SessionOptions& options)
      : in_(in),
        out_(out),
        options_(options),
        game_(make_variant(options.variant, options.options), options.seed) {
    if (!options.position.empty()) game_.set_position(options.position);
    engine_.set_hash_megabytes(options.hash_megabytes);
    if (options.random_play) engine_.set_random_play(options.seed);
    human_ = game_.position().side();
  }

  int run(const std::string& first_line) {
    out_ << "Fable - " << game_.variant().name << ". You play "
         << (human_ == kWhite ? "White" : "Black") << ". Type 'help' for commands.\n";
    show();
    engine_replies();  // a turn may start with a draw
    std::string line = first_line;
    bool have_line = !first_line.empty();
    for (;;) {
      if (!have_line) {
        out_ << prompt() << std::flush;
        if (!std::getline(in_, line)) break;
      }
      have_line = false;
      if (!handle(line)) break;
    }
    out_ << "Bye.\n";
    return 0;
  }

 private:
  void show() {
    const Position& pos = game_.position();
    out_ << '\n' << board_text(pos) << pos.variant().rules->status_text(pos) << '\n';
  }

  // "Your move: ", or what the pending choice asks ("Black: stolen-porridge
  // - pick one of White's pieces to capture (SQUARE)"), or "> " after the
  // game.
  std::string prompt() const {
    const Position& pos = game_.position();
    if (game_.outcome().over()) return "> ";
    const std::string asks = pos.variant().rules->decision_text(pos);
    if (pos.decision().kind == DecisionKind::kMove)
      return asks.empty() ? "Your move: " : asks + "\nYour move: ";
    return (asks.empty() ? std::string() : asks + "\n") + "Your choice: ";
  }

  bool report_end() {
    const Outcome o = game_.outcome();
    if (!o.over()) return false;
    out_ << "Game over: " << result_token(o.result) << " (" << o.reason << ")\n";
    return true;
  }

  void engine_move() {
    if (report_end()) return;
    search::Limits limits;
    if (options_.depth > 0)
      limits.depth = options_.depth;
    else
      limits.move_time_ms = options_.move_time_ms;
    engine_.set_position(game_.position());
    const search::Result r = engine_.think(limits);
    if (!r.has_action) return;
    out_ << "Fable plays " << action_text(game_.position(), r.best) << "  (depth " << r.depth
         << ", score " << r.score << ", " << r.nodes << " nodes)\n";
    game_.apply(r.best);
    show();
    report_end();
  }

  // Lets the engine finish its part of the turn sequence: everything not
  // decided by the human.
  void engine_replies() {
    while (!game_.outcome().over()) {
      const Decision d = game_.position().decision();
      if (d.actor == Actor::kChance) {
        for (const std::string& text : game_.resolve_chance()) out_ << "Chance: " << text << '\n';
        show();
        continue;
      }
      if (d.actor == actor_of(human_)) break;
      engine_move();
    }
  }

  bool handle(const std::string& raw) {
    std::istringstream words(raw);
    std::string command;
    words >> command;
    if (command.empty()) return true;
    std::string rest;
    std::getline(words, rest);
    if (!rest.empty() && rest[0] == ' ') rest.erase(0, 1);

    if (command == "quit" || command == "exit") return false;
    if (command == "help") {
      out_ << kHelp;
    } else if (command == "board") {
      show();
    } else if (command == "fen") {
      out_ << game_.position().to_string() << '\n';
    } else if (command == "moves") {
      ActionList list;
      game_.position().legal_actions(list);
      for (const Action& a : list) out_ << action_text(game_.position(), a) << ' ';
      out_ << '\n';
    } else if (command == "new") {
      game_.reset();
      human_ = game_.position().side();
      show();
      engine_replies();
    } else if (command == "variant") {
      std::istringstream args(rest);
      std::string name, opts;
      args >> name >> opts;
      try {
        game_.set_variant(name, opts);
        human_ = game_.position().side();
        show();
        engine_replies();
      } catch (const std::exception& e) {
        out_ << "Error: " << e.what() << '\n';
      }
    } else if (command == "position" || command == "setboard") {
      try {
        game_.set_position(rest);
        human_ = game_.position().side();
        show();
        engine_replies();
      } catch (const std::exception& e) {
        out_ << "Error: bad position: " << e.what() << '\n';
      }
    } else if (command == "depth" || command == "time") {
      long value = -1;
      try {
        value = std::stol(rest);
      } catch (...) {
      }
      // A time of 0 would leave the search without any limit.
      if (value < (command == "time" ? 1 : 0) || value > 1000000) {
        out_ << "Error: '" << command << "' needs a number\n";
      } else if (command == "depth") {
        options_.depth = int(value);
      } else {
        options_.move_time_ms = value;
        options_.depth = 0;
      }
    } else if (command == "undo") {
      // Back to the human's previous decision.
      bool any = false;
      while (game_.undo()) {
        any = true;
        if (game_.position().decision().actor == actor_of(human_)) break;
      }
      if (!any) out_ << "Nothing to take back.\n";
      show();
    } else if (command == "go") {
      if (!report_end()) {
        const Decision d = game_.position().decision();
        if (d.actor != Actor::kChance) human_ = opposite(Colour(d.actor));
        engine_replies();
      }
    } else if (game_.outcome().over()) {
      out_ << "The game is over; type 'new' to play again.\n";
    } else {
      const ParsedAction p = game_.play(raw);
      if (!p.ok()) {
        if (p.status == ParseStatus::kIllegal &&
            game_.position().decision().kind == DecisionKind::kChoice)
          out_ << "Not one of the options: " << command << " (type 'moves' to list them)\n";
        else if (p.status == ParseStatus::kIllegal)
          out_ << "Illegal move: " << command << '\n';
        else
          out_ << "Unknown command or move: " << command << " (type 'help')\n";
        return true;
      }
      show();
      if (!report_end()) engine_replies();
    }
    return true;
  }

  std::istream& in_;
  std::ostream& out_;
  SessionOptions options_;
  Game game_;
  search::Engine engine_;
  Colour human_ = kWhite;
};

}  // namespace

int run_console(std::istream& in, std::ostream& out, const SessionOptions& options,
                const std::string& first_line) {
  try {
    Console console(in, out, options);
    return console.run(first_line);
  } catch (const std::exception& e) {
    out << "Error: " << e.what() << '\n';
    return 2;
  }
}

}  // namespace fable::protocol
