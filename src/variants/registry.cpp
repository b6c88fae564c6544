// The variants Fable plays: each one's description (name, title, options)
// and its maker, one line per variant.
#include <stdexcept>

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

std::shared_ptr<const Variant> make_variant(std::string_view name, std::string_view options) {
  for (const Entry& e : kVariants)
    if (name == e.info().name) return e.make(options);
  variant_info(name);  // throws: unknown variant
  return nullptr;
}

}  // namespace fable
