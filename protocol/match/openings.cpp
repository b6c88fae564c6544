#include "protocol/match/openings.h"

#include <stdexcept>

#include "chance.h"
#include "dealer.h"
#include "notation.h"
#include "position.h"

namespace fable::match {

namespace {

// Tries before a random opening gives up on avoiding the game's end: the
// first ones with the referee's own deal, then as many with other deals
// (the referee's dealer takes the opening's chance outcomes as they come).
constexpr int kOpeningTries = 100;
// Keeps the opening's choices apart from the dealer's stream.
constexpr uint64_t kOpeningStream = 0x9e3779b97f4a7c15ULL;

}  // namespace

std::vector<std::string> random_opening(const std::string& variant, const std::string& options,
                                        const std::string& position, uint64_t seed, int plies) {
  const auto v = make_variant(variant, options);
  ChanceSource choices(seed ^ kOpeningStream);
  for (int attempt = 0; attempt < 2 * kOpeningTries; ++attempt) {
    Position pos = position.empty() ? Position::start(v) : Position::from_string(v, position);
    // The same deal every time can end the game whatever the players do
    // (a Forest Fire on Black's first draw burns all of Black's pieces in
    // Huff and Puff): past the first tries the deal changes too.
    const uint64_t deal = attempt < kOpeningTries
                              ? seed
                              : seed + kOpeningStream * uint64_t(attempt - kOpeningTries + 1);
    Dealer dealer(deal);
    std::vector<std::string> line;
    int played = 0;
    ActionList actions;
    while (!pos.outcome().over()) {
      const bool chance = pos.decision().kind == DecisionKind::kChance;
      if (!chance && played == plies) return line;
      Action a;
      if (chance) {
        a = dealer.deal(pos);
        dealer.observe(pos, a);
      } else {
        pos.legal_actions(actions);
        a = actions[choices.next() % actions.size()];
        ++played;
      }
      line.push_back(action_text(pos, a));
      pos.apply(a);
    }
  }
  throw std::invalid_argument("no random opening of " + std::to_string(plies) +
                              " actions avoids the end of the game");
}

std::vector<std::string> read_positions(std::istream& in, const std::string& variant,
                                        const std::string& options) {
  const auto v = make_variant(variant, options);
  std::vector<std::string> out;
  std::string line;
  int number = 0;
  while (std::getline(in, line)) {
    ++number;
    if (!line.empty() && line.back() == '\r') line.pop_back();
    if (line.empty() || line[0] == '#') continue;
    try {
      Position::from_string(v, line);
    } catch (const std::exception& e) {
      throw std::invalid_argument("position file line " + std::to_string(number) + ": " + e.what());
    }
    out.push_back(line);
  }
  if (out.empty()) throw std::invalid_argument("the position file holds no position");
  return out;
}

}  // namespace fable::match
