#include "eval/pawn_structure.h"

#include "eval/key_memo.h"

namespace fable::eval {

namespace {

// Files a board may have for the per-file counts (every variant has 12 or
// fewer); a wider board leaves the term off.
constexpr int kMaxFiles = 30;

}  // namespace

PawnStructure::PawnStructure(const Variant& v, const Weights& w)
    : variant_(v), weights_(w), id_(new_memo_owner()) {
  bool pawns = false;
  for (size_t t = 1; t < v.types.size(); ++t) {
    pawn_like_[t] = v.classes.pawn_like[t] && !v.types[t].neutral;
    pawns = pawns || pawn_like_[t];
  }
  applies_ = pawns && v.geometry.files() >= 3 && v.geometry.files() <= kMaxFiles;
  active_ = applies_ && (w.royal_shelter || w.doubled_pawn || w.isolated_pawn);
}

PawnStructure::Counts PawnStructure::counts(const Position& pos, Colour c) const {
  Counts n;
  if (!applies_) return n;
  const Geometry& g = variant_.geometry;
  // Each file's pawn-like pieces of c, with a free slot on either side so
  // that the neighbours of the edge files read 0.
  std::array<int, kMaxFiles + 2> on_file{};
  pos.for_each_piece(c, [&](Square s) {
    if (pawn_like_[size_t(type_of(pos.at(s)))]) ++on_file[size_t(g.file(s) + 1)];
  });
  for (int f = 1; f <= g.files(); ++f) {
    const int here = on_file[size_t(f)];
    if (here > 1) n.doubled += here - 1;
    if (here && !on_file[size_t(f - 1)] && !on_file[size_t(f + 1)]) n.isolated += here;
  }
  const Square royal = pos.royal(c);
  if (royal != kNoSquare)
    for (int d = 0; d < kDirs; ++d) {
      const Square s = g.neighbour(royal, Dir(d));
      if (s == kNoSquare) continue;
      const Piece p = pos.at(s);
      if (p && colour_of(p) == c && pawn_like_[size_t(type_of(p))]) ++n.shelter;
    }
  return n;
}

int PawnStructure::score(const Position& pos, Colour c) const {
  const Counts n = counts(pos, c);
  return weights_.royal_shelter * n.shelter - weights_.doubled_pawn * n.doubled -
         weights_.isolated_pawn * n.isolated;
}

int PawnStructure::balance(const Position& pos, uint64_t pawn_key) const {
  // The royals' squares stirred into the key (a multiply by an odd
  // constant spreads them over the high bits the placement key fills).
  const uint64_t royals = uint64_t(pos.royal(kWhite)) | uint64_t(pos.royal(kBlack)) << 16;
  const uint64_t key = pawn_key ^ ((royals + 1) * 0x9E3779B97F4A7C15ull);
  return memo_by_key<PawnStructure>(id_, key,
                                    [&] { return score(pos, kWhite) - score(pos, kBlack); });
}

}  // namespace fable::eval
