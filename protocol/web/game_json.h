// What the browser board is told about a variant and a position, as JSON:
// the geometry with each square's drawn place and hand-made links, the
// piece types with their names and moves, the pieces on the board, and the
// legal actions with the squares a person points at to choose each one.
// Everything comes from the rules core, so the page holds no rules.
#pragma once

#include <memory>
#include <nlohmann/json_fwd.hpp>
#include <string>

#include "position.h"

namespace fable::protocol::web {

// "P", "n", "H~", "w^", "O": the position-string letter with its marker.
std::string piece_text(const Variant& v, Piece p);

// Every variant and its options, for the new-game form.
nlohmann::json catalog_json();

// What does not change during a game: names, geometry, piece types, goal,
// and for games with a deck every card with its copies and its text.
nlohmann::json variant_json(const std::shared_ptr<const Variant>& variant);

// The pieces on the board: {"e1": "K", ...}.
nlohmann::json board_json(const Position& pos);

// "white", "black", "chance".
std::string actor_name(Actor a);

// The legal actions of the pending decision. Each: its text (what is sent
// back to play it), its type ("move", "drop", "swap", "choice", ...), the
// squares it involves in the order a person points at them, and the piece
// that stands on its last square once it is played (to tell apart
// promotion choices, quests, the type a card places).
nlohmann::json legal_json(const Position& pos);

// The squares an action involves (from, then to), by name.
nlohmann::json action_squares(const Position& pos, const Action& a);

// The fields of the position string after the board and the side: the
// `key=value` ones as an object, the others in order under "plain".
nlohmann::json fields_json(const std::string& position_string);

// For people: what the pending decision asks (the variant's own words
// when it has them).
std::string prompt_text(const Position& pos);
// For people: the state the board does not show (the variant's words).
std::string status_text(const Position& pos);

}  // namespace fable::protocol::web
