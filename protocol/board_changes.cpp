#include "protocol/board_changes.h"

#include <vector>

namespace fable::protocol {

namespace {

std::string side_word(Colour c) {
  return c == kWhite ? "White" : c == kBlack ? "Black" : "neutral";
}

// "White Knight", "neutral Old Queen".
std::string piece_words(const Variant& v, Piece p) {
  return side_word(colour_of(p)) + " " + v.types[size_t(type_of(p))].name;
}

void add_clause(std::string& text, const std::string& clause) {
  if (!text.empty()) text += "; ";
  text += clause;
}

}  // namespace

std::string board_changes(const Position& before, const Position& after) {
  const Geometry& g = before.geometry();
  const Variant& v = before.variant();
  std::vector<Square> gone, come;  // emptied squares and newly filled ones
  std::string text;
  for (Square s = 0; s < g.size(); ++s) {
    const Piece was = before.at(s), is = after.at(s);
    if (kind_of(was) == kind_of(is)) continue;
    if (!is) {
      gone.push_back(s);
    } else if (!was) {
      come.push_back(s);
    } else if (colour_of(was) != colour_of(is) && type_of(was) == type_of(is)) {
      add_clause(text, "the " + piece_words(v, was) + " on " + g.name(s) + " changes sides");
    } else if (colour_of(was) != colour_of(is)) {
      add_clause(text, "the " + piece_words(v, was) + " on " + g.name(s) + " becomes a " +
                           piece_words(v, is));
    } else {
      add_clause(text, "the " + piece_words(v, was) + " on " + g.name(s) + " becomes a " +
                           v.types[size_t(type_of(is))].name);
    }
  }
  // A piece that left one square and the same piece that came to another
  // one moved (the crazy queen's step, a kidnapping, a potion).
  for (auto from = gone.begin(); from != gone.end();) {
    auto to = come.begin();
    while (to != come.end() && kind_of(after.at(*to)) != kind_of(before.at(*from))) ++to;
    if (to == come.end()) {
      ++from;
      continue;
    }
    add_clause(text, "the " + piece_words(v, before.at(*from)) + " goes from " + g.name(*from) +
                         " to " + g.name(*to));
    come.erase(to);
    from = gone.erase(from);
  }
  for (Square s : gone)
    add_clause(text,
               "the " + piece_words(v, before.at(s)) + " on " + g.name(s) + " leaves the board");
  for (Square s : come)
    add_clause(text, "a " + piece_words(v, after.at(s)) + " appears on " + g.name(s));
  return text;
}

}  // namespace fable::protocol
