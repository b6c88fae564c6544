#include "protocol/web/game_json.h"

#include <nlohmann/json.hpp>
#include <sstream>

#include "notation.h"
#include "rules.h"
#include "variant_options.h"

namespace fable::protocol::web {

using nlohmann::json;

namespace {

// The grid step of each direction, clockwise from north.
constexpr int kDx[kDirs] = {0, 1, 1, 1, 0, -1, -1, -1};
constexpr int kDy[kDirs] = {1, 1, 0, -1, -1, -1, 0, 1};

const char* type_name(ActionType t) {
  switch (t) {
    case ActionType::kMove:
      return "move";
    case ActionType::kShot:
      return "shot";
    case ActionType::kCastle:
      return "castle";
    case ActionType::kEnPassant:
      return "enpassant";
    case ActionType::kDoubleStep:
      return "doublestep";
    case ActionType::kDrop:
      return "drop";
    case ActionType::kSwap:
      return "swap";
    case ActionType::kPass:
      return "pass";
    case ActionType::kChoice:
      return "choice";
    case ActionType::kChance:
      return "chance";
  }
  return "?";
}

const char* side_title(Colour c) { return c == kWhite ? "White" : "Black"; }

// The variant's text for people: its Describer where the variant has one,
// else its Rules, which hold the texts in older trees.
template <typename V>
const auto& texts_of(const V& v) {
  if constexpr (requires { v.describer; })
    return *v.describer;
  else
    return *v.rules;
}

}  // namespace

std::string piece_text(const Variant& v, Piece p) {
  if (!p) return "";
  std::string text(1, v.letter(p));
  if (marker_of(p) == kPromoted) text += '~';
  if (marker_of(p) == kQuest) text += '^';
  return text;
}

json catalog_json() {
  json variants = json::array();
  for (const VariantInfo& info : variant_catalog()) {
    json options = json::array();
    for (const VariantOption& o : info.options) {
      json values = json::array();
      for (const OptionValue& v : o.values)
        values.push_back({{"value", v.value}, {"word", v.word}});
      options.push_back({{"name", o.name},
                         {"description", o.description},
                         {"check", o.check},
                         {"values", values},
                         {"default", o.default_value}});
    }
    variants.push_back({{"name", info.name}, {"title", info.title}, {"options", options}});
  }
  return variants;
}

json variant_json(const std::shared_ptr<const Variant>& variant) {
  const Variant& v = *variant;
  const Geometry& g = v.geometry;
  json squares = json::array();
  json links = json::array();
  for (Square s = 0; s < g.size(); ++s) {
    squares.push_back({{"name", g.name(s)},
                       {"file", g.file(s)},
                       {"rank", g.rank(s)},
                       {"x", g.display_x(s)},
                       {"y", g.display_y(s)}});
    // Links the grid does not make (Family Matters' i1), drawn as lines.
    for (int d = 0; d < kDirs; ++d) {
      const Square n = g.neighbour(s, Dir(d));
      if (n == kNoSquare || n < s) continue;
      if (g.at(g.file(s) + kDx[d], g.rank(s) + kDy[d]) != n)
        links.push_back(json::array({g.name(s), g.name(n)}));
    }
  }
  json pieces = json::array();
  for (size_t t = 1; t < v.types.size(); ++t) {
    const PieceType& type = v.types[t];
    pieces.push_back({{"letter", std::string(1, type.letter)},
                      {"name", type.name},
                      {"moves", type.moves},
                      {"neutral", type.neutral},
                      {"markable", type.markable}});
  }
  json out = {
      {"name", v.name},
      {"options", v.options},
      {"title", variant_info(v.name).title},
      {"goal", v.goal_text},
      {"geometry",
       {{"files", g.files()}, {"ranks", g.ranks()}, {"squares", squares}, {"links", links}}},
      {"pieces", pieces}};
  // A game that starts with a draw: the whole deck, as the first draw
  // offers it (each name with its copies), and what each card does.
  const Position start = Position::start(variant);
  if (start.decision().kind == DecisionKind::kChance) {
    std::vector<ChanceOutcome> outcomes;
    start.chance_outcomes(outcomes);
    json cards = json::object(), spells = json::array();
    for (const Describer::Card& card : v.describer->cards()) {
      cards[card.name] = card.text;
      if (card.kept_in_hand) spells.push_back(card.name);
    }
    json deck = json::array();
    for (const ChanceOutcome& o : outcomes) {
      const std::string name = action_text(start, o.action);
      const std::string text = cards.contains(name) ? cards[name].get<std::string>() : "";
      deck.push_back({{"name", name}, {"copies", o.copies}, {"text", text}});
    }
    out["deck"] = deck;
    out["spells"] = spells;
    out["cards"] = cards;
  }
  return out;
}

json board_json(const Position& pos) {
  json board = json::object();
  const Geometry& g = pos.geometry();
  for (Square s = 0; s < g.size(); ++s)
    if (const Piece p = pos.at(s)) board[g.name(s)] = piece_text(pos.variant(), p);
  return board;
}

std::string actor_name(Actor a) {
  return a == Actor::kWhite ? "white" : a == Actor::kBlack ? "black" : "chance";
}

json action_squares(const Position& pos, const Action& a) {
  json squares = json::array();
  const Geometry& g = pos.geometry();
  if (a.from != kNoSquare) squares.push_back(g.name(a.from));
  if (a.to != kNoSquare && a.to != a.from) squares.push_back(g.name(a.to));
  return squares;
}

json legal_json(const Position& pos) {
  ActionList list;
  pos.legal_actions(list);
  json out = json::array();
  // A scratch copy to play each action on and look at the result.
  Position scratch = pos;
  for (const Action& a : list) {
    json item = {{"text", action_text(pos, a)},
                 {"type", type_name(a.type)},
                 {"squares", action_squares(pos, a)}};
    const Square last = a.to != kNoSquare ? a.to : a.from;
    if (last != kNoSquare) {
      scratch.apply(a);
      item["result"] = piece_text(pos.variant(), scratch.at(last));
      scratch.undo();
    }
    out.push_back(item);
  }
  return out;
}

json fields_json(const std::string& position_string) {
  std::istringstream words(position_string);
  std::string word;
  json fields = json::object();
  json plain = json::array();
  int index = 0;
  while (words >> word) {
    if (index++ < 2) continue;  // the board and the side
    const size_t eq = word.find('=');
    if (eq == std::string::npos)
      plain.push_back(word);
    else
      fields[word.substr(0, eq)] = word.substr(eq + 1);
  }
  fields["plain"] = plain;
  return fields;
}

std::string prompt_text(const Position& pos) {
  const Outcome o = pos.outcome();
  if (o.over()) return "Game over: " + result_token(o.result) + " (" + o.reason + ")";
  const Decision d = pos.decision();
  if (d.actor == Actor::kChance) return "Chance decides";
  const std::string asks = texts_of(pos.variant()).decision_text(pos);
  if (!asks.empty()) return asks;
  const std::string side = side_title(Colour(d.actor));
  ActionList list;
  pos.legal_actions(list);
  bool all_drops = !list.empty();
  Square from = kNoSquare;
  bool one_piece = !list.empty();
  std::string other;  // an action without squares (skip)
  for (const Action& a : list) {
    all_drops = all_drops && a.type == ActionType::kDrop;
    if (a.from == kNoSquare && a.to == kNoSquare) {
      other = action_text(pos, a);
      continue;
    }
    if (from == kNoSquare) from = a.from;
    one_piece = one_piece && a.from != kNoSquare && a.from == from;
  }
  const Variant& v = pos.variant();
  if (all_drops)
    return side + ": place the " + v.types[list[0].promotion].name + " on a marked square";
  if (d.kind == DecisionKind::kChoice && one_piece && from != kNoSquare && pos.at(from))
    return side + ": move the " + v.types[type_of(pos.at(from))].name + " on " +
           pos.geometry().name(from) + (other.empty() ? "" : ", or " + other);
  if (d.kind == DecisionKind::kChoice) return side + ": choose";
  return side + " to move" + (pos.in_check() ? " (in check)" : "");
}

std::string status_text(const Position& pos) { return texts_of(pos.variant()).status_text(pos); }

}  // namespace fable::protocol::web
