// The engine options Fable offers XBoard (`feature option=...`) and sets
// with `option NAME=VALUE`: the hash size, and the variant options of
// Family Matters and Fairy Tale, which apply from the next `variant`.
#pragma once

#include <cstddef>
#include <string>
#include <vector>

namespace fable::protocol {

inline constexpr const char* kHashOption = "Hash";

class EngineOptions {
 public:
  // The text inside each `feature option="..."`.
  std::vector<std::string> feature_lines(size_t hash_megabytes) const;
  // Sets a variant option; returns what is wrong ("" when set). Hash is
  // the caller's (it resizes the engine's table).
  std::string set(const std::string& name, const std::string& value);
  // The option list for make_variant(name, ...): "" for variants without
  // options.
  std::string variant_options(const std::string& variant) const;

 private:
  bool big_family_ = false;
  bool strong_children_ = false;
  std::string queen_ = "none";    // none | oldqueen | crazyqueen
  std::string scenario_ = "any";  // any (read from setboard) | a scenario name
  bool cards_ = true;
};

}  // namespace fable::protocol
