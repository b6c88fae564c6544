// The variants Fable plays, by name.
#include <stdexcept>

#include "variant.h"
#include "variants/chess.h"
#include "variants/fairytale.h"
#include "variants/family_matters.h"
#include "variants/wizard.h"

namespace fable {

namespace {

// For variants without options: any option is an error.
template <std::shared_ptr<Variant> (*Make)()>
std::shared_ptr<Variant> without_options(std::string_view name, std::string_view options) {
  if (!options.empty())
    throw std::invalid_argument("variant '" + std::string(name) + "' takes no options (got '" +
                                std::string(options) + "')");
  return Make();
}

struct Entry {
  const char* name;
  std::shared_ptr<Variant> (*make)(std::string_view name, std::string_view options);
};

// One line per variant.
const Entry kVariants[] = {
    {"normal", without_options<make_chess>},
    {"wizard", without_options<make_wizard>},
    {"familymatters",
     [](std::string_view, std::string_view options) { return make_family_matters(options); }},
    {"fairytale",
     [](std::string_view, std::string_view options) { return make_fairytale(options); }},
};

}  // namespace

std::vector<std::string> variant_names() {
  std::vector<std::string> names;
  for (const Entry& e : kVariants) names.push_back(e.name);
  return names;
}

std::shared_ptr<const Variant> make_variant(std::string_view name, std::string_view options) {
  for (const Entry& e : kVariants)
    if (name == e.name) return e.make(name, options);
  std::string known;
  for (const auto& n : variant_names()) known += (known.empty() ? "" : ", ") + n;
  throw std::invalid_argument("unknown variant '" + std::string(name) + "' (known: " + known + ")");
}

}  // namespace fable
