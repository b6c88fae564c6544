#include "protocol/highlight.h"

#include <vector>

namespace fable::protocol {

namespace {

// CECP highlight colours: red marks a capture (XBoard then reports
// `hover`), magenta a promotion (XBoard asks for the piece), yellow any
// other target.
constexpr char kCapture = 'R';
constexpr char kPromotion = 'M';
constexpr char kTarget = 'Y';

std::string_view without_ctrl_mark(std::string_view text) {
  if (!text.empty() && text.back() == ',') text.remove_suffix(1);
  return text;
}

bool moves_a_piece(ActionType t) {
  return t == ActionType::kMove || t == ActionType::kShot || t == ActionType::kCastle ||
         t == ActionType::kEnPassant || t == ActionType::kDoubleStep || t == ActionType::kSwap;
}

// The colour board as a FEN board field: ranks from the top, digits for
// runs of unmarked cells (holes included: XBoard counts them as cells).
std::string colour_fen(const Geometry& g, const std::vector<char>& mark) {
  std::string text;
  for (int rank = g.ranks() - 1; rank >= 0; --rank) {
    int empty = 0;
    for (int file = 0; file < g.files(); ++file) {
      const char m = mark[size_t(rank * g.files() + file)];
      if (!m) {
        ++empty;
        continue;
      }
      if (empty) text += std::to_string(empty);
      empty = 0;
      text += m;
    }
    if (empty) text += std::to_string(empty);
    if (rank > 0) text += '/';
  }
  return text;
}

}  // namespace

bool names_square(const Game& game, std::string_view text) {
  return game.position().geometry().parse(without_ctrl_mark(text)) != kNoSquare;
}

HighlightReply lift_reply(const Game& game, std::string_view text) {
  const Geometry& g = game.position().geometry();
  const Square from = g.parse(without_ctrl_mark(text));
  if (from == kNoSquare) return {"", "bad square, expected a square of the board"};
  // A turn that starts with a card: the moves depend on it, so it is dealt
  // on a copy, exactly as a move from the user would deal it.
  Game trial = game;
  if (!trial.outcome().over() && trial.position().decision().kind == DecisionKind::kChance)
    trial.resolve_chance();
  const Position& pos = trial.position();
  std::vector<char> mark(size_t(g.files() * g.ranks()), 0);
  if (!trial.outcome().over() && pos.decision().kind == DecisionKind::kMove) {
    ActionList actions;
    pos.legal_actions(actions);
    for (size_t i = 0; i < actions.size(); ++i) {
      const Action& a = actions[i];
      if (a.from != from || !moves_a_piece(a.type)) continue;
      char& m = mark[size_t(g.rank(a.to) * g.files() + g.file(a.to))];
      // A promotion XBoard must ask about: every action to this square
      // names a piece (Wizard Chess promotes by itself, and its quest and
      // resurrection have no piece letter).
      bool choice = a.type == ActionType::kMove && a.promotion != 0;
      bool several = false;
      for (size_t j = 0; j < actions.size() && choice; ++j) {
        const Action& b = actions[j];
        if (j == i || b.from != a.from || b.to != a.to) continue;
        several = true;
        if (b.promotion == 0) choice = false;
      }
      const bool captures =
          a.type == ActionType::kShot || a.type == ActionType::kEnPassant ||
          (a.type != ActionType::kSwap && a.type != ActionType::kCastle && pos.at(a.to) != kEmpty);
      const char colour = choice && several ? kPromotion : captures ? kCapture : kTarget;
      // Promotion wins over capture: the dialog must come up.
      if (m != kPromotion) m = colour;
    }
  }
  return {"highlight " + colour_fen(g, mark), ""};
}

}  // namespace fable::protocol
