// A per-thread memo of a term that depends on a key alone (the pawn-like
// pieces' placement): the term is a pure function of the key, so the memo
// only saves time. Each term keeps its own table (`Term` tells them
// apart), and an entry serves only the owner that wrote it: one term's
// tables for another variant or another set of weights (the tuner makes
// one per trial, often at the same address) never read it.
#pragma once

#include <array>
#include <atomic>
#include <cstddef>
#include <cstdint>

namespace fable::eval {

// A number no other owner of a memo entry has: give one to each table
// whose results are memoised.
inline uint64_t new_memo_owner() {
  static std::atomic<uint64_t> owners{0};
  return ++owners;
}

// `compute()` for `key`, from the memo where `owner` stored it last.
template <typename Term, typename Compute>
int memo_by_key(uint64_t owner, uint64_t key, Compute compute) {
  struct Entry {
    uint64_t owner = 0;
    uint64_t key = 0;
    int value = 0;
  };
  static constexpr size_t kEntries = 1 << 12;
  thread_local std::array<Entry, kEntries> memo{};
  Entry& e = memo[key & (kEntries - 1)];
  if (e.owner != owner || e.key != key) e = {owner, key, compute()};
  return e.value;
}

}  // namespace fable::eval
