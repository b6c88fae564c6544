#include "describer.h"

namespace fable {

std::string Describer::status_text(const Position&) const { return ""; }

std::string Describer::decision_text(const Position&) const { return ""; }

std::string Describer::chance_text(const Position&, const Action&, const Position&) const {
  return "";
}

std::vector<Describer::Card> Describer::cards() const { return {}; }

std::string Describer::deck_text(const Position&) const { return ""; }

const std::shared_ptr<const Describer>& plain_describer() {
  static const std::shared_ptr<const Describer> plain = std::make_shared<Describer>();
  return plain;
}

}  // namespace fable
