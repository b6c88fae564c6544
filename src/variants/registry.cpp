// The variants Fable plays: each one's description (name, title, options)
// and its maker, one line per variant.
#include <map>
#include <mutex>
#include <stdexcept>
#include <string>
#include <utility>

#include "variant.h"
#include "variant_options.h"
#include "variants/chess.h"
#include "variants/fairytale.h"
#include "variants/fairytale_options.h"
#include "variants/family_matters.h"
#include "variants/wizard.h"

namespace fable {

namespace {

// For variants without options: the option list is checked against the
// (empty) description, which refuses any word.
template <std::shared_ptr<Variant> (*Make)(), const VariantInfo& (*Info)()>
std::shared_ptr<Variant> without_options(std::string_view options) {
  parse_option_list(Info(), options);
  return Make();
}

struct Entry {
  const VariantInfo& (*info)();
  std::shared_ptr<Variant> (*make)(std::string_view options);
};

const Entry kVariants[] = {
    {chess_info, without_options<make_chess, chess_info>},
    {wizard_info, without_options<make_wizard, wizard_info>},
    {family_matters_info, make_family_matters},
    {fairytale_info, make_fairytale},
};

}  // namespace

const std::vector<VariantInfo>& variant_catalog() {
  static const std::vector<VariantInfo> catalog = [] {
    std::vector<VariantInfo> all;
    for (const Entry& e : kVariants) all.push_back(e.info());
    return all;
  }();
  return catalog;
}

const VariantInfo& variant_info(std::string_view name) {
  for (const VariantInfo& info : variant_catalog())
    if (info.name == name) return info;
  std::string known;
  for (const auto& n : variant_names()) known += (known.empty() ? "" : ", ") + n;
  throw std::invalid_argument("unknown variant '" + std::string(name) + "' (known: " + known + ")");
}

std::vector<std::string> variant_names() {
  std::vector<std::string> names;
  for (const VariantInfo& info : variant_catalog()) names.push_back(info.name);
  return names;
}

// Variant values are immutable: each (name, option list) is built once
// and shared. Building one takes about a millisecond (its move tables),
// which every new game, position string and replayed PGN would otherwise
// pay. Only accepted option lists are kept, and at most kMaxKept of them
// (option lists spelled in many orders cannot grow it without bound).
std::shared_ptr<const Variant> make_variant(std::string_view name, std::string_view options) {
  constexpr size_t kMaxKept = 256;
  static std::mutex mutex;
  static std::map<std::pair<std::string, std::string>, std::shared_ptr<const Variant>> kept;
  std::pair<std::string, std::string> key{std::string(name), std::string(options)};
  {
    std::lock_guard<std::mutex> lock(mutex);
    if (const auto it = kept.find(key); it != kept.end()) return it->second;
  }
  for (const Entry& e : kVariants) {
    if (name != e.info().name) continue;
    std::shared_ptr<const Variant> made = e.make(options);  // throws for a bad option list
    std::lock_guard<std::mutex> lock(mutex);
    if (kept.size() >= kMaxKept) kept.clear();
    kept.emplace(std::move(key), made);
    return made;
  }
  variant_info(name);  // throws: unknown variant
  return nullptr;
}

}  // namespace fable
