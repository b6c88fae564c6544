#include "dealer.h"

#include <algorithm>
#include <utility>

namespace fable {

namespace {

// Items as (action, copies), in the order the rules list them.
std::vector<std::pair<Action, int>> counted(const std::vector<Action>& items) {
  std::vector<std::pair<Action, int>> out;
  for (const Action& a : items) {
    auto it = std::find_if(out.begin(), out.end(), [&](const auto& e) { return e.first == a; });
    if (it == out.end())
      out.push_back({a, 1});
    else
      ++it->second;
  }
  return out;
}

bool same_items(const std::vector<Action>& pile, const std::vector<ChanceOutcome>& outcomes) {
  size_t total = 0;
  for (const ChanceOutcome& o : outcomes) total += size_t(o.copies);
  if (pile.size() != total) return false;
  const auto have = counted(pile);
  if (have.size() != outcomes.size()) return false;
  for (const ChanceOutcome& o : outcomes) {
    auto it =
        std::find_if(have.begin(), have.end(), [&](const auto& e) { return e.first == o.action; });
    if (it == have.end() || it->second != o.copies) return false;
  }
  return true;
}

}  // namespace

void Dealer::sync(const Position& pos) {
  std::vector<ChanceOutcome> outcomes;
  pos.chance_outcomes(outcomes);
  if (same_items(pile_, outcomes)) return;
  pile_.clear();
  for (const ChanceOutcome& o : outcomes) pile_.insert(pile_.end(), size_t(o.copies), o.action);
  // Fisher-Yates from the seeded source.
  for (size_t i = pile_.size(); i > 1; --i) std::swap(pile_[i - 1], pile_[source_.next() % i]);
}

Action Dealer::deal(const Position& pos) {
  sync(pos);
  return pile_.back();
}

void Dealer::observe(const Position& pos, const Action& a) {
  sync(pos);
  for (size_t i = pile_.size(); i-- > 0;)
    if (pile_[i] == a) {
      pile_.erase(pile_.begin() + std::ptrdiff_t(i));
      return;
    }
}

}  // namespace fable
