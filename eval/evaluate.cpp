#include "eval/evaluate.h"

#include <array>
#include <memory>

#include "eval/tuned_weights.h"

namespace fable::eval {

namespace {

// The evaluator of the last variant seen by this thread, with a small
// table of recent scores by position key: the search meets the same
// position again through transpositions and re-searches.
struct ThreadCache {
  // Held, so that the variant stays alive and no later variant can share
  // its address: comparing pointers is exact.
  std::shared_ptr<const Variant> variant;
  std::unique_ptr<Evaluator> evaluator;
  struct Entry {
    uint64_t key = 0;
    int white = 0;  // the score from White's point of view
    bool used = false;
  };
  static constexpr size_t kEntries = size_t(1) << 13;
  std::array<Entry, kEntries> scores{};

  const Evaluator& for_position(const Position& pos) {
    if (pos.variant_ptr() != variant || !evaluator) {
      evaluator = std::make_unique<Evaluator>(pos.variant(), weights_for(pos.variant()));
      variant = pos.variant_ptr();
      scores.fill({});
    }
    return *evaluator;
  }
};

ThreadCache& thread_cache() {
  thread_local ThreadCache cache;
  return cache;
}

}  // namespace

const Evaluator& evaluator_for(const Position& pos) { return thread_cache().for_position(pos); }

int evaluate(const Position& pos, Colour perspective) {
  ThreadCache& cache = thread_cache();
  const Evaluator& evaluator = cache.for_position(pos);
  // The key covers the board, the side, the phase and every variant
  // field, which is all the evaluation reads.
  ThreadCache::Entry& entry = cache.scores[pos.key() & (ThreadCache::kEntries - 1)];
  if (!entry.used || entry.key != pos.key()) {
    entry = {pos.key(), evaluator.evaluate(pos, kWhite), true};
  }
  return perspective == kWhite ? entry.white : -entry.white;
}

int material(const Position& pos) { return evaluator_for(pos).material(pos); }

}  // namespace fable::eval
