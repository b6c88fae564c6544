#include "move_tables.h"

#include <algorithm>

namespace fable {

namespace {

// Target of a leap and the squares its path crosses. A free leap may take
// any ordering of its steps that stays on the board (so a knight jumps
// over holes); a lame leap uses its path exactly.
bool resolve_leap(const Geometry& g, Square from, std::vector<Dir> path, bool lame,
                  LeapTarget& out) {
  auto walk = [&](const std::vector<Dir>& p) {
    Square s = from;
    std::array<Square, 2> blocks{kNoSquare, kNoSquare};
    uint8_t count = 0;
    for (size_t i = 0; i < p.size(); ++i) {
      s = g.neighbour(s, p[i]);
      if (s == kNoSquare) return false;
      if (i + 1 < p.size() && count < 2) blocks[count++] = s;
    }
    out.to = s;
    if (lame) {
      out.blocks = blocks;
      out.block_count = count;
    }
    return true;
  };
  if (lame) return walk(path);
  std::vector<Dir> sorted = path;
  std::sort(sorted.begin(), sorted.end());
  if (walk(path)) return true;
  do {
    if (walk(sorted)) return true;
  } while (std::next_permutation(sorted.begin(), sorted.end()));
  return false;
}

}  // namespace

void MoveTables::build(const Geometry& g, const std::vector<PieceType>& types,
                       const std::array<int, 3>& forward_rotation) {
  squares_ = g.size();
  jumper_kinds_ = {};
  shooter_kinds_ = 0;
  leap_data_.clear();
  leap_index_.assign(size_t(kKinds) * squares_, {0, 0});
  attacker_index_.assign(size_t(3) * squares_, {0, 0});
  std::vector<std::vector<LeapAttacker>> attackers(size_t(3) * squares_);

  for (int colour = 0; colour < 3; ++colour) {
    for (size_t type = 1; type < types.size(); ++type) {
      const int kind = colour | int(type << 2);
      const int turn = forward_rotation[colour];
      const auto& atoms = types[type].atoms;
      const auto captures = [](const Atom& a) { return (a.mode & kCaptureOnly) != 0; };
      if (std::any_of(atoms.begin(), atoms.end(), captures) &&
          std::all_of(atoms.begin(), atoms.end(),
                      [&](const Atom& a) { return !captures(a) || a.stationary; }))
        shooter_kinds_ |= uint64_t(1) << kind;
      for (const Atom& atom : atoms) {
        if (atom.kind == AtomKind::kLeap) continue;
        LineAtom line;
        line.kind = atom.kind;
        line.dir = rotate(atom.path.at(0), turn);
        line.mode = atom.mode;
        line.range = atom.range > 0 ? uint16_t(atom.range) : 0xFFFF;
        lines_[kind].push_back(line);
        if (atom.mode & kCaptureOnly) {
          const uint16_t range = std::min<uint16_t>(line.range, 0xFF);
          if (atom.kind == AtomKind::kSlide)
            slide_range_[kind][line.dir] = std::max(slide_range_[kind][line.dir], range);
          if (atom.kind == AtomKind::kJump) {
            jump_range_[kind][line.dir] = std::max(jump_range_[kind][line.dir], range);
            has_jumpers_[colour] = true;
            jumper_kinds_[colour] |= uint64_t(1) << kind;
          }
          if (atom.kind == AtomKind::kHop) {
            hop_dirs_[kind] = uint8_t(hop_dirs_[kind] | (1 << line.dir));
            has_hoppers_[colour] = true;
          }
        }
      }
      for (Square s = 0; s < squares_; ++s) {
        const uint32_t begin = uint32_t(leap_data_.size());
        for (const Atom& atom : types[type].atoms) {
          if (atom.kind != AtomKind::kLeap) continue;
          std::vector<Dir> path;
          for (Dir d : atom.path) path.push_back(rotate(d, turn));
          LeapTarget t;
          if (!resolve_leap(g, s, path, atom.lame, t)) continue;
          t.mode = atom.mode;
          t.stationary = atom.stationary;
          // Two atoms reaching one square (free leaps) are one target.
          bool duplicate = false;
          for (uint32_t i = begin; i < leap_data_.size(); ++i)
            if (leap_data_[i].to == t.to && leap_data_[i].block_count == 0 && t.block_count == 0 &&
                leap_data_[i].stationary == t.stationary) {
              leap_data_[i].mode = uint8_t(leap_data_[i].mode | t.mode);
              duplicate = true;
            }
          if (duplicate) continue;
          leap_data_.push_back(t);
        }
        for (uint32_t i = begin; i < leap_data_.size(); ++i) {
          const LeapTarget& t = leap_data_[i];
          if (!(t.mode & kCaptureOnly)) continue;
          // Kinds attacking from one square along one path share an entry.
          auto& list = attackers[colour * squares_ + t.to];
          auto same = std::find_if(list.begin(), list.end(), [&](const LeapAttacker& e) {
            return e.from == s && e.block_count == t.block_count && e.blocks == t.blocks;
          });
          if (same == list.end()) {
            LeapAttacker a;
            a.from = s;
            a.blocks = t.blocks;
            a.block_count = t.block_count;
            list.push_back(a);
            same = list.end() - 1;
          }
          same->kinds |= uint64_t(1) << kind;
        }
        leap_index_[kind * squares_ + s] = {begin, uint32_t(leap_data_.size() - begin)};
      }
    }
  }
  attacker_data_.clear();
  leap_pairs_.assign(attackers.size() * size_t(squares_), 0);
  has_lame_leaps_ = {};
  for (size_t i = 0; i < attackers.size(); ++i) {
    attacker_index_[i] = {uint32_t(attacker_data_.size()), uint32_t(attackers[i].size())};
    attacker_data_.insert(attacker_data_.end(), attackers[i].begin(), attackers[i].end());
    for (const LeapAttacker& a : attackers[i]) {
      leap_pairs_[i * size_t(squares_) + a.from] = 1;
      if (a.block_count) has_lame_leaps_[i / size_t(squares_)] = true;
    }
  }
}

}  // namespace fable
