// The variants Fable plays, by name.
#include <stdexcept>

#include "variant.h"
#include "variants/chess.h"

namespace fable {

std::vector<std::string> variant_names() { return {"normal"}; }

std::shared_ptr<const Variant> make_variant(std::string_view name, std::string_view options) {
  if (name == "normal" || name == "chess") {
    if (!options.empty())
      throw std::invalid_argument("variant 'normal' takes no options (got '" +
                                  std::string(options) + "')");
    return make_chess();
  }
  std::string known;
  for (const auto& n : variant_names()) known += (known.empty() ? "" : ", ") + n;
  throw std::invalid_argument("unknown variant '" + std::string(name) + "' (known: " + known + ")");
}

}  // namespace fable
