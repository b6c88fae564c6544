#include "protocol/variant_text.h"

#include <cctype>

namespace fable::protocol {

std::string pieces_text(const Variant& v) {
  std::string text;
  for (size_t t = 1; t < v.types.size(); ++t) {
    const PieceType& type = v.types[t];
    std::string name = type.name;
    if (!name.empty()) name[0] = char(std::toupper(static_cast<unsigned char>(name[0])));
    const bool royal = int(t) == v.check.royal_type || int(t) == v.check.black_royal_type;
    text += "  " + std::string(1, type.letter) + "  " + name + (royal ? " (royal)" : "") +
            (type.moves.empty() ? "" : " - " + type.moves) + '\n';
  }
  return text + "  (White's letters; Black's are the same in lower case.)\n";
}

}  // namespace fable::protocol
