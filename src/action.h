// One action: a move, a drop, a swap, a shot, a choice or a chance outcome.
//
// The meaning of every field is fixed by `type`, never by the call site:
//   kMove       from -> to, capturing whatever stands on `to`; `promotion`
//               is the new type (0 = none); `flag` carries variant
//               suffixes (Wizard quest '=' / resurrection 'd').
//   kShot       the piece on `from` captures on `to` without moving.
//   kCastle     king from -> to; the rook is found by the variant.
//   kEnPassant  pawn from -> to, capturing the pawn passed over.
//   kDoubleStep pawn from -> to two squares ahead, setting en passant.
//   kDrop       a new piece of type `promotion` appears on `to`.
//   kSwap       the pieces on `from` and `to` trade places (teleport).
//   kPass       nothing moves.
//   kChoice     a variant-defined choice, described by arg/from/to.
//   kChance     a chance outcome, described by arg/from/to.
#pragma once

#include <array>
#include <cstddef>

#include "types.h"

namespace fable {

enum class ActionType : uint8_t {
  kMove,
  kShot,
  kCastle,
  kEnPassant,
  kDoubleStep,
  kDrop,
  kSwap,
  kPass,
  kChoice,
  kChance,
};

struct Action {
  Square from = kNoSquare;
  Square to = kNoSquare;
  ActionType type = ActionType::kPass;
  uint8_t promotion = 0;
  uint8_t flag = 0;
  uint8_t arg = 0;

  friend bool operator==(const Action&, const Action&) = default;
};
static_assert(sizeof(Action) == 8, "actions are passed by value everywhere");

// A fixed-capacity list, so generation never allocates.
class ActionList {
 public:
  static constexpr size_t kCapacity = 1024;

  ActionList() {}
  ActionList(const ActionList& other) : size_(other.size_) {
    for (size_t i = 0; i < size_; ++i) items_[i] = other.items_[i];
  }
  ActionList& operator=(const ActionList& other) {
    size_ = other.size_;
    for (size_t i = 0; i < size_; ++i) items_[i] = other.items_[i];
    return *this;
  }

  void push(const Action& a) {
    if (size_ < kCapacity) items_[size_++] = a;
  }
  void clear() { size_ = 0; }
  size_t size() const { return size_; }
  bool empty() const { return size_ == 0; }
  const Action& operator[](size_t i) const { return items_[i]; }
  Action& operator[](size_t i) { return items_[i]; }
  Action* begin() { return items_; }
  Action* end() { return items_ + size_; }
  const Action* begin() const { return items_; }
  const Action* end() const { return items_ + size_; }
  void resize(size_t n) { size_ = n; }
  bool contains(const Action& a) const {
    for (size_t i = 0; i < size_; ++i)
      if (items_[i] == a) return true;
    return false;
  }

 private:
  // Left uninitialised: lists are made at every node and only the first
  // size_ entries are ever read.
  union {
    Action items_[kCapacity];
  };
  size_t size_ = 0;
};

}  // namespace fable
