// The engine options Fable offers a GUI (XBoard's `feature option=...`,
// UCI's `option name ...`) and sets by name: the hash size, and every
// variant option of every variant, made from the variants' own option
// descriptions (src/variant_options.h). Variant options apply from the
// next `variant` (XBoard) or the next position (UCI).
#pragma once

#include <cstddef>
#include <string>
#include <vector>

namespace fable::protocol {

inline constexpr const char* kHashOption = "Hash";
// The searcher (alpha-beta, Monte-Carlo, or the variant's), by the names
// search::Options::choose_searcher reads.
inline constexpr const char* kSearcherOption = "Searcher";
// Those names, with `separator` between them, for messages.
std::string searcher_list(const std::string& separator);

class EngineOptions {
 public:
  EngineOptions();  // every option at its default

  // The text inside each XBoard `feature option="..."`.
  std::vector<std::string> feature_lines(size_t hash_megabytes) const;
  // The variant options as UCI `option name ...` lines.
  std::vector<std::string> uci_lines() const;
  // Sets a variant option by its GUI name ("Family Matters queen"); check
  // boxes take 1/0 (XBoard) or true/false (UCI). Returns what is wrong
  // ("" when set). Hash is the caller's (it resizes the engine's table).
  std::string set(const std::string& name, const std::string& value);
  // The option list for make_variant(name, ...): "" for a variant without
  // options (or an unknown name).
  std::string variant_options(const std::string& variant) const;

 private:
  // chosen_[v][o]: the value index of option o of variant_catalog()[v].
  std::vector<std::vector<size_t>> chosen_;
};

}  // namespace fable::protocol
