#include "eval/tuned_weights.h"

#include <map>

#include "eval/tuned/all.h"

namespace fable::eval {

std::string weights_key(const Variant& v) {
  return v.options.empty() ? v.name : v.name + " " + v.options;
}

const Weights& weights_for(const Variant& v) {
  static const std::map<std::string, Weights> table = [] {
    std::map<std::string, Weights> t;
    for (const tuned::Entry& e : tuned::entries()) t.emplace(e.key, e.weights);
    for (const tuned::Borrowing& b : tuned::borrowings()) t.emplace(b.key, t.at(b.lender));
    return t;
  }();
  const auto it = table.find(weights_key(v));
  return it == table.end() ? kWeights : it->second;
}

}  // namespace fable::eval
