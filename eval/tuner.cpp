#include "eval/tuner.h"

#include <algorithm>
#include <atomic>
#include <cmath>
#include <iomanip>
#include <thread>

#include "eval/bound_pair.h"
#include "eval/evaluator.h"
#include "eval/passed_pawns.h"
#include "eval/pawn_structure.h"
#include "eval/piece_values.h"
#include "eval/roles.h"

namespace fable::eval {

std::vector<TunedParameter> tunable_parameters(const Variant& v) {
  std::vector<TunedParameter> out;
  auto add = [&out](std::string name, int Weights::*member, int step) {
    out.push_back({std::move(name), [member](Weights& w) -> int& { return w.*member; }, step});
  };
  const Roles roles = roles_of(v);
  bool pawns = false, promotes = false;
  for (size_t t = 1; t < v.types.size(); ++t) {
    pawns = pawns || v.classes.pawn_like[t];
    promotes = promotes || !v.promotion.choices[t].empty();
  }
  add("centre_per_target", &Weights::centre_per_target, 1);
  add("mobility_percent", &Weights::mobility_percent, 2);
  add("tempo", &Weights::tempo, 4);
  if (pawns) add("advance_per_step", &Weights::advance_per_step, 2);
  if (promotes) add("promotion_percent", &Weights::promotion_percent, 4);
  if (PassedPawns(v, derive_piece_values(v, roles, kWeights), kWeights).applies()) {
    add("passed_base", &Weights::passed_base, 4);
    add("passed_percent", &Weights::passed_percent, 4);
  }
  if (PawnStructure(v, kWeights).applies()) {
    add("doubled_pawn", &Weights::doubled_pawn, 4);
    add("isolated_pawn", &Weights::isolated_pawn, 4);
    if (roles.essential[kWhite] || roles.essential[kBlack])
      add("royal_shelter", &Weights::royal_shelter, 4);
  }
  if (BoundPair(v, kWeights).applies()) add("bound_pair", &Weights::bound_pair, 5);
  add("threat_now", &Weights::threat_now, 5);
  add("threat_later", &Weights::threat_later, 5);
  if (roles.goal_kind >= 0) add("goal_reach", &Weights::goal_reach, 100);
  if (roles.essential[kWhite] || roles.essential[kBlack]) {
    add("royal_pressure", &Weights::royal_pressure, 1);
    add("royal_zone_cap", &Weights::royal_zone_cap, 50);
    add("royal_attacked_to_move", &Weights::royal_attacked_to_move, 10);
    add("royal_centre_endgame", &Weights::royal_centre_endgame, 4);
  }
  if (roles.royal_capturable) add("royal_en_prise", &Weights::royal_en_prise, 200);
  if (!roles.heirs.empty()) add("last_heir", &Weights::last_heir, 40);
  if (v.turns.random_neutral_after != kNeutral) {
    add("random_neutral_now_percent", &Weights::random_neutral_now_percent, 10);
    add("random_neutral_later_percent", &Weights::random_neutral_later_percent, 10);
  }
  if (roles.essential_must_flee) {
    add("essential_boxed_in", &Weights::essential_boxed_in, 30);
    add("essential_trap_later_percent", &Weights::essential_trap_later_percent, 10);
  }
  if (v.turns.card_deck) {
    add("potion_of_youth_in_hand", &Weights::potion_of_youth_in_hand, 20);
    add("remove_curse_in_hand", &Weights::remove_curse_in_hand, 20);
    add("wish_in_hand", &Weights::wish_in_hand, 50);
    add("deck_swing_percent", &Weights::deck_swing_percent, 10);
  }
  // Placement by rank and file for every type a side owns, the royal's
  // too, over the ranks and files the board has.
  Placement lines;
  for (Square s = 0; s < v.geometry.size(); ++s) {
    const Placement at = placement_of(v, kWhite, s);
    lines = {std::max(lines.rank, at.rank + 1), std::max(lines.file, at.file + 1)};
  }
  // Per type: a table by rank or file (5 a step, at most 200 either way)
  // and a value (20 a step, at most 300, unless given).
  using LineTable = std::array<std::array<int, Weights::kPlacementLines>, kMaxPieceTypes>;
  const auto add_lines = [&out, &v](const char* table, LineTable Weights::*member, size_t t,
                                    int count) {
    for (int i = 0; i < count; ++i)
      out.push_back({std::string(table) + "[" + std::to_string(t) + "][" + std::to_string(i) +
                         "] (" + v.types[t].name + ")",
                     [member, t, i](Weights& w) -> int& { return (w.*member)[t][size_t(i)]; }, 5,
                     -200, 200});
  };
  using TypeValues = std::array<int, kMaxPieceTypes>;
  const auto add_value = [&out, &v](const char* name, TypeValues Weights::*member, size_t t,
                                    int step = 20, int min = -300, int max = 300) {
    out.push_back({std::string(name) + "[" + std::to_string(t) + "] (" + v.types[t].name + ")",
                   [member, t](Weights& w) -> int& { return (w.*member)[t]; }, step, min, max});
  };
  const auto royal = [&roles](size_t t) {
    return roles.is_essential(kWhite, int(t)) || roles.is_essential(kBlack, int(t));
  };
  for (size_t t = 1; t < v.types.size(); ++t) {
    if (v.types[t].neutral) continue;
    add_lines("rank_bonus", &Weights::rank_bonus, t, lines.rank);
    add_lines("file_bonus", &Weights::file_bonus, t, lines.file);
  }
  for (size_t t = 1; t < v.types.size(); ++t)
    if (!v.types[t].neutral && !royal(t)) add_value("value_adjust", &Weights::value_adjust, t);
  // The share of the slope per type, for the types the mobility term
  // counts (not the royal, not pawn-like ones: evaluator.cpp).
  for (size_t t = 1; t < v.types.size(); ++t)
    if (!v.types[t].neutral && !royal(t) && !v.classes.pawn_like[t])
      add_value("mobility_adjust", &Weights::mobility_adjust, t, 2, -50, 100);
  // What changes as the board empties: every type's rank, every
  // non-royal type's value.
  for (size_t t = 1; t < v.types.size(); ++t) {
    if (v.types[t].neutral) continue;
    add_lines("endgame_rank_bonus", &Weights::endgame_rank_bonus, t, lines.rank);
    if (!royal(t)) add_value("endgame_value", &Weights::endgame_value, t);
  }
  return out;
}

double predicted_score(int white_eval, double k) {
  return 1.0 / (1.0 + std::pow(10.0, -k * white_eval / 400.0));
}

double prediction_error(const Variant& v, const Weights& weights,
                        const std::vector<TuningSample>& samples, double k) {
  if (samples.empty()) return 0;
  const Evaluator evaluator(v, weights);  // evaluate() is const: threads share it
  // Fixed blocks added in one order: the same error to the last bit on
  // any number of threads, so a fit does not depend on the machine.
  const size_t blocks = (samples.size() + kErrorBlock - 1) / kErrorBlock;
  std::vector<double> block_sums(blocks, 0.0);
  std::atomic<size_t> next{0};
  auto work = [&] {
    for (size_t b = next++; b < blocks; b = next++) {
      double sum = 0;
      const size_t end = std::min(samples.size(), (b + 1) * kErrorBlock);
      for (size_t i = b * kErrorBlock; i < end; ++i) {
        const TuningSample& s = samples[i];
        const double e = s.white_score - predicted_score(evaluator.evaluate(s.position, kWhite), k);
        sum += e * e;
      }
      block_sums[b] = sum;
    }
  };
  const size_t threads =
      std::min<size_t>(blocks, std::max(1u, std::thread::hardware_concurrency()));
  std::vector<std::thread> helpers;
  for (size_t t = 1; t < threads; ++t) helpers.emplace_back(work);
  work();
  for (std::thread& h : helpers) h.join();
  double sum = 0;
  for (const double s : block_sums) sum += s;
  return sum / double(samples.size());
}

double fit_scale(const Variant& v, const Weights& weights,
                 const std::vector<TuningSample>& samples) {
  // The evaluations do not change with k: compute them once.
  const Evaluator evaluator(v, weights);
  std::vector<int> evals;
  evals.reserve(samples.size());
  for (const TuningSample& s : samples) evals.push_back(evaluator.evaluate(s.position, kWhite));
  auto error = [&](double k) {
    double sum = 0;
    for (size_t i = 0; i < samples.size(); ++i) {
      const double e = samples[i].white_score - predicted_score(evals[i], k);
      sum += e * e;
    }
    return sum;
  };
  const double ratio = (std::sqrt(5.0) - 1) / 2;
  double lo = 0.1, hi = 3.0;
  double a = hi - ratio * (hi - lo), b = lo + ratio * (hi - lo);
  double fa = error(a), fb = error(b);
  for (int i = 0; i < 40; ++i) {
    if (fa < fb) {
      hi = b, b = a, fb = fa;
      a = hi - ratio * (hi - lo), fa = error(a);
    } else {
      lo = a, a = b, fa = fb;
      b = lo + ratio * (hi - lo), fb = error(b);
    }
  }
  return (lo + hi) / 2;
}

bool named_by(const TunedParameter& p, const std::vector<std::string>& prefixes) {
  return std::any_of(prefixes.begin(), prefixes.end(),
                     [&p](const std::string& prefix) { return p.name.starts_with(prefix); });
}

TuningReport tune(const Variant& v, const Weights& start, const std::vector<TuningSample>& train,
                  const std::vector<TuningSample>& test, int max_rounds, std::ostream& log,
                  int patience, const std::vector<std::string>& fixed) {
  TuningReport report;
  report.weights = start;
  report.scale = fit_scale(v, start, train);
  report.train_before = prediction_error(v, start, train, report.scale);
  report.test_before = prediction_error(v, start, test, report.scale);
  report.train_after = report.train_before;  // until a pass is kept
  std::vector<TunedParameter> parameters = tunable_parameters(v);
  std::erase_if(parameters, [&fixed](const TunedParameter& p) { return named_by(p, fixed); });
  double best = report.train_before;
  log << std::setprecision(6) << "scale k " << report.scale << ", " << parameters.size()
      << " weights, " << train.size() << " training and " << test.size()
      << " held-out positions; error " << best << " (held out " << report.test_before << ")\n";
  // Coordinate descent: each weight in turn tries a step up, then down
  // (within its range); a weight whose steps both fail halves its step for
  // the next pass, one whose step succeeds keeps it. The weights kept are
  // those of the pass with the lowest held-out error (the start counts as
  // pass 0): past it the fit follows the training games' noise, and
  // weights that predict unseen games worse would play worse.
  Weights current = start;
  double kept_test = report.test_before;
  for (int round = 1; round <= max_rounds; ++round) {
    bool improved = false;
    for (TunedParameter& p : parameters) {
      if (p.step == 0) continue;
      bool moved = false;
      for (const int direction : {1, -1}) {
        Weights trial = current;
        int& value = p.field(trial);
        value += direction * p.step;
        if (value < p.min || value > p.max) continue;
        const double e = prediction_error(v, trial, train, report.scale);
        if (e < best) {
          best = e;
          current = trial;
          moved = improved = true;
          break;
        }
      }
      if (!moved) p.step /= 2;
    }
    report.rounds = round;
    const double test_error = prediction_error(v, current, test, report.scale);
    log << "pass " << round << ": error " << best << " (held out " << test_error << ")\n";
    if (test_error < kept_test) {
      kept_test = test_error;
      report.weights = current;
      report.train_after = best;
      report.kept_pass = round;
    }
    if (patience > 0 && round - report.kept_pass >= patience) {
      log << "stopped: " << patience << " passes without a lower held-out error\n";
      break;
    }
    if (!improved && std::all_of(parameters.begin(), parameters.end(),
                                 [](const TunedParameter& p) { return p.step == 0; }))
      break;
  }
  report.test_after = kept_test;
  log << "kept the weights of pass " << report.kept_pass << " (the lowest held-out error)\n";
  for (TunedParameter& p : parameters) {
    Weights before = start, after = report.weights;
    if (p.field(before) != p.field(after))
      report.changes.push_back(p.name + ": " + std::to_string(p.field(before)) + " -> " +
                               std::to_string(p.field(after)));
  }
  return report;
}

}  // namespace fable::eval
