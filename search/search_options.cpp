#include "search_options.h"

#include <algorithm>
#include <charconv>
#include <string_view>

namespace fable::search {

namespace {

// The techniques `disable` turns off, by the name the command line uses.
struct Switch {
  const char* name;
  bool Options::*flag;
};
constexpr Switch kSwitches[] = {
    {"null-move", &Options::null_move},
    {"lmr", &Options::late_move_reductions},
    {"log-lmr", &Options::log_reductions},
    {"reverse-futility", &Options::reverse_futility},
    {"futility", &Options::futility},
    {"late-move-pruning", &Options::late_move_pruning},
    {"delta-pruning", &Options::delta_pruning},
    {"defended-capture-pruning", &Options::defended_capture_pruning},
    {"quiescence-tt", &Options::quiescence_tt},
    {"star1", &Options::star1},
    {"star2", &Options::star2},
    {"interrupted-iteration", &Options::use_interrupted_iteration},
    {"draw-quiescence", &Options::draw_quiescence},
    {"step-quiescence", &Options::step_quiescence},
    {"choice-quiescence", &Options::choice_quiescence},
    {"mcts-priors", &Options::mcts_priors},
};

// The numbers `set` changes, with the values they may take.
struct Setting {
  const char* name;
  int Options::*value;
  int lowest, highest;
};
constexpr Setting kSettings[] = {
    {"chance-samples", &Options::chance_samples, 0, 64},
    {"full-chance-depth", &Options::full_chance_depth, 0, 16},
    {"star2-min-depth", &Options::star2_min_depth, 0, 64},
    {"step-horizon", &Options::step_horizon, 0, 16},
    {"chance-scale", &Options::chance_scale, 0, 2000},
    {"exchange-depth", &Options::exchange_depth, 0, 16},
    {"null-base", &Options::null_base_reduction, 0, 8},
    {"null-divisor", &Options::null_depth_divisor, 1, 16},
    {"null-eval-divisor", &Options::null_eval_divisor, 0, 2000},
    {"razor-depth", &Options::razor_depth, 0, 6},
    {"razor-margin", &Options::razor_margin, 0, 2000},
    {"mcts-exploration", &Options::mcts_exploration, 0, 1000},
    {"mcts-scale", &Options::mcts_scale, 1, 2000},
    {"moves-to-go", &Options::moves_to_go, 0, 1000},
};

// Calls `each` with every comma separated item of `list` (empty ones
// skipped); false as soon as `each` is.
template <typename Each>
bool for_each_item(const std::string& list, Each each) {
  size_t start = 0;
  while (start <= list.size()) {
    const size_t comma = std::min(list.find(',', start), list.size());
    const std::string_view item = std::string_view(list).substr(start, comma - start);
    if (!item.empty() && !each(item)) return false;
    start = comma + 1;
  }
  return true;
}

}  // namespace

bool Options::disable(const std::string& list) {
  Options o = *this;
  const bool known = for_each_item(list, [&o](std::string_view name) {
    for (const Switch& s : kSwitches)
      if (name == s.name) {
        o.*s.flag = false;
        return true;
      }
    return false;
  });
  if (known) *this = o;
  return known;
}

bool Options::set(const std::string& list) {
  Options o = *this;
  const bool known = for_each_item(list, [&o](std::string_view item) {
    const size_t equals = item.find('=');
    if (equals == std::string_view::npos) return false;
    const std::string_view name = item.substr(0, equals), text = item.substr(equals + 1);
    for (const Setting& s : kSettings) {
      if (name != s.name) continue;
      int v = 0;
      const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), v);
      if (error != std::errc() || end != text.data() + text.size() || v < s.lowest || v > s.highest)
        return false;
      o.*s.value = v;
      return true;
    }
    return false;
  });
  if (known) *this = o;
  return known;
}

namespace {

struct SearcherName {
  const char* name;
  SearcherKind kind;
};
constexpr SearcherName kSearcherNames[] = {
    {"auto", SearcherKind::kByVariant},
    {"alphabeta", SearcherKind::kAlphaBeta},
    {"mcts", SearcherKind::kMonteCarlo},
};

}  // namespace

bool Options::choose_searcher(const std::string& name) {
  for (const SearcherName& s : kSearcherNames)
    if (name == s.name) {
      searcher = s.kind;
      return true;
    }
  return false;
}

std::vector<std::string> Options::searcher_names() {
  std::vector<std::string> names;
  for (const SearcherName& s : kSearcherNames) names.emplace_back(s.name);
  return names;
}

std::string Options::searcher_name() const {
  for (const SearcherName& s : kSearcherNames)
    if (searcher == s.kind) return s.name;
  return "";
}

std::vector<std::string> Options::switch_names() {
  std::vector<std::string> names;
  for (const Switch& s : kSwitches) names.emplace_back(s.name);
  return names;
}

std::vector<std::string> Options::setting_names() {
  std::vector<std::string> names;
  for (const Setting& s : kSettings)
    names.push_back(std::string(s.name) + " (" + std::to_string(s.lowest) + " to " +
                    std::to_string(s.highest) + ")");
  return names;
}

}  // namespace fable::search
