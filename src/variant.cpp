#include "variant.h"

#include <cctype>

namespace fable {

char Variant::letter(Piece p) const {
  const char upper = types[type_of(p)].letter;
  return colour_of(p) == kBlack ? char(std::tolower(upper)) : upper;
}

int Variant::type_by_letter(char c) const {
  const char upper = char(std::toupper(static_cast<unsigned char>(c)));
  for (size_t t = 1; t < types.size(); ++t)
    if (types[t].letter == upper) return int(t);
  return 0;
}

void Variant::finalize() {
  geometry.finalize();
  tables.build(geometry, types, forward_rotation);
  for (int a = 0; a < MoveTables::kKinds; ++a)
    for (int v = 0; v < MoveTables::kKinds; ++v) {
      const int ac = a & 3, vc = v & 3;
      capture_allowed[a][v] = ac < 2 && vc < 2 && ac != vc && (v >> 2) != 0;
    }
  for (auto& z : promotion.zone)
    if (z.empty()) z.assign(geometry.size(), false);
}

}  // namespace fable
