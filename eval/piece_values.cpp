#include "eval/piece_values.h"

#include <cmath>

namespace fable::eval {

namespace {

// Weight of a reachable target by what the atom may do there.
double mode_weight(uint8_t mode, double occupancy) {
  switch (mode) {
    case kMoveOnly:
      return 1.0 - occupancy;
    case kCaptureOnly:
      return occupancy;
    default:
      return 1.0;
  }
}

double value_shape(double mobility, const Weights& w) {
  return std::pow(mobility, w.value_gamma_milli / 1000.0) + w.value_base_centi / 100.0;
}

}  // namespace

double expected_targets(const Variant& v, int kind, Square s, double occupancy) {
  const Geometry& g = v.geometry;
  const double empty = 1.0 - occupancy;
  double total = 0;
  for (const LeapTarget& leap : v.tables.leaps(kind, s))
    total += std::pow(empty, leap.block_count) * mode_weight(leap.mode, occupancy);
  for (const LineAtom& line : v.tables.lines(kind)) {
    const auto ray = g.ray(s, line.dir);
    const size_t length = std::min<size_t>(ray.size(), line.range);
    const double weight = mode_weight(line.mode, occupancy);
    for (size_t i = 0; i < length; ++i) {
      // i squares lie between the piece and this target.
      switch (line.kind) {
        case AtomKind::kSlide:
          total += std::pow(empty, double(i)) * weight;
          break;
        case AtomKind::kJump:
          total += weight;
          break;
        case AtomKind::kHop:
          // Exactly one of the i squares between is occupied (the screen).
          total += double(i) * occupancy * std::pow(empty, double(i) - 1.0) * weight;
          break;
        case AtomKind::kLeap:
          break;
      }
    }
  }
  return total;
}

PieceValues derive_piece_values(const Variant& v, const Roles& roles, const Weights& w) {
  PieceValues out;
  const double occupancy = w.occupancy_percent / 100.0;
  const int squares = v.geometry.size();
  for (size_t t = 1; t < v.types.size(); ++t) {
    const int kind = kind_of(make_piece(v.types[t].neutral ? kNeutral : kWhite, int(t)));
    const auto& zone = v.promotion.zone[kWhite];
    const bool promotes = !v.promotion.choices[t].empty() && !zone.empty();
    double sum = 0;
    int counted = 0;
    for (Square s = 0; s < squares; ++s) {
      if (promotes && zone[s]) continue;  // it never stands there
      sum += expected_targets(v, kind, s, occupancy);
      ++counted;
    }
    out.average_mobility[t] = counted ? sum / counted : 0.0;
  }
  for (size_t t = 1; t < v.types.size() && !out.anchor_type; ++t)
    if (v.classes.pawn_like[t]) out.anchor_type = int(t);
  const double anchor_mobility = out.anchor_type ? out.average_mobility[out.anchor_type] : 1.0;
  out.scale = w.pawn_value / value_shape(anchor_mobility, w);
  const double gamma = w.value_gamma_milli / 1000.0;
  for (size_t t = 1; t < v.types.size(); ++t) {
    const double m = out.average_mobility[t];
    out.mobility_value[t] = int(std::lround(out.scale * value_shape(m, w))) + w.value_adjust[t];
    out.slope[t] = out.scale * gamma * std::pow(m, gamma - 1.0);
    const bool royal = roles.is_essential(kWhite, int(t)) || roles.is_essential(kBlack, int(t));
    out.material[t] = royal || v.types[t].neutral ? 0 : out.mobility_value[t];
  }
  return out;
}

}  // namespace fable::eval
