// Every tunable number of the search, named, in one place.
#pragma once

namespace fable::search::tuning {

constexpr int kMaxPly = 128;

// Aspiration windows: start this wide around the last score, from this
// depth on, and widen by this factor on failure.
constexpr int kAspirationDepth = 4;
constexpr int kAspirationWindow = 30;
constexpr int kAspirationGrowth = 3;

// Null move: minimum depth, base reduction, extra reduction per 4 depth.
constexpr int kNullMinDepth = 3;
constexpr int kNullBaseReduction = 2;
constexpr int kNullDepthDivisor = 4;
// And one more turn per this many centipawns the static score stands
// above beta, at most kNullEvalMaxReduction more (0: not by score).
constexpr int kNullEvalDivisor = 0;
constexpr int kNullEvalMaxReduction = 3;
// Razoring (search.cpp, razor_cut): the margin per turn left; how many
// turns is the variant's (Variant::razor_depth, 0 in every game yet).
constexpr int kRazorMargin = 250;

// Late move reductions: from this depth, after this many moves. The
// reduction grows with the logarithms of both (the product over
// kLmrDivisor, in hundredths, plus kLmrBase), so that a late move of a
// deep search is reduced by more than one turn.
constexpr int kLmrMinDepth = 3;
constexpr int kLmrMinMoves = 4;
constexpr int kLmrBase = 75;
constexpr int kLmrDivisor = 225;

// Reverse futility (static null move): at a node within this many turns
// of the horizon, a static score above beta by this margin per turn left
// stands for the node: the opponent is unlikely to win it all back.
constexpr int kReverseFutilityDepth = 6;
constexpr int kReverseFutilityMargin = 90;
// Futility: within this many turns of the horizon, a quiet move is not
// searched when the static score is below alpha by the base plus this
// much per turn left (it would have to win material to matter).
constexpr int kFutilityDepth = 3;
constexpr int kFutilityBase = 60;
constexpr int kFutilityPerDepth = 90;
// Late move pruning: within this many turns of the horizon, only the first
// kLateMoveBase + depth^2 quiet moves are searched; the rest, ordered
// after the killers and the best of the history, rarely matter.
constexpr int kLateMoveDepth = 4;
constexpr int kLateMoveBase = 3;

// Static exchange pruning: within this many turns of the horizon, a
// capture losing more than kExchangeCaptureMargin per turn left, or a
// quiet move losing more than kExchangeQuietMargin per turn left squared,
// is not searched (a quiet move that hangs a piece one turn from the
// horizon, a bad capture a little further up). 6: +33 ± 23 Elo in chess
// at equal time (README, "Strength: accepted changes"); 0 turns it off.
// Only where the search-safety profile allows it (search/profile.h).
constexpr int kExchangeDepth = 6;
constexpr int kExchangeCaptureMargin = 100;
constexpr int kExchangeQuietMargin = 30;

// Quiescence: how many plies of captures beyond the horizon at most.
constexpr int kMaxQuiescencePly = 16;
// Quiescence pruning (checkmate games without chance): a capture is left
// out when the victim's value plus this margin does not reach alpha from
// the stand-pat score (delta pruning), or when the capturer is worth this
// much more than its victim and the square is defended.
constexpr int kDeltaMargin = 200;
constexpr int kDefendedCaptureMargin = 50;

// Iterative deepening stops at a forced result once the iteration's depth
// is this many turns past the result's length: the reductions and the
// pruning near the horizon can hide a shorter mate from an iteration no
// deeper than the mate it found (Mates.HowardQueenToG6: a mate in four at
// depth 7, the mate in three at depth 8).
constexpr int kForcedResultMargin = 2;

// Turn-start draws searched with every outcome before sampling begins, and
// how many outcomes a sampled draw keeps (see README, "Chance depth").
constexpr int kFullChanceDepth = 1;
constexpr int kChanceSamples = 0;

// Star2 probes the outcomes of a chance node only with at least this many
// turns left below it: nearer the horizon a refuted outcome costs about
// one reply either way, so the probe repeats work it cannot save
// (README, Performance: BM_Star2InTheEngine).
constexpr int kStar2MinDepth = 2;

// The crazy queen's step with at most this many turns left below it is
// not averaged, unless it is her first on the path: one of her steps
// stands for all of them, as past the horizon (Searcher::standing_step),
// and the search goes on below it. 0 averages every step in the tree.
// 1, 2, 3 and 4 each won against the one before at equal time; no step
// averaged at all lost (README, "Strength: accepted changes").
constexpr int kStepHorizon = 4;

// Where the profile says so (the crazy queen; the deck, except in Huff and
// Puff), chance nodes average their outcomes as expected scores on a
// logistic curve of this scale in centipawns, so that a forced loss among
// eight steps costs what one lost game in eight is worth, not 3750
// (search/chance_average.h).
// With the crazy queen 200 (about the curve the tuner fits to results) won
// +25 against centipawns, 400 +20 against 200, and 800 no more than 400
// (-4, H0); with the deck 400 plays as well as centipawns in `kingsmen`,
// and worse in Huff and Puff (README, "Strength: accepted changes").
constexpr int kChanceScale = 400;

// Ordering scores.
constexpr int kTTMoveScore = 1 << 30;
constexpr int kCaptureBase = 1 << 24;
constexpr int kPromotionBase = 1 << 23;
constexpr int kKillerScore = 1 << 22;
constexpr int kHistoryMax = 1 << 20;

// Time: the safety margin kept on every clock (the share of the clock a
// decision plans for is the variant's: Variant::moves_to_go).
constexpr int kTimeMarginMs = 30;
// The hard limit: this many times the planned share, and at most this
// percentage of the usable clock (unless one move is left in the period).
constexpr int kHardToSoftRatio = 4;
constexpr int kHardClockFraction = 50;
// How often (in nodes) the clock and the stop flag are read: a Fairy Tale
// deck node costs about 25 us, so 256 nodes keep a stop under ~10 ms.
constexpr int kCheckEveryNodes = 256;

// Monte-Carlo search (mcts.cpp). The exploration constant of UCT, in
// hundredths (scores run from 0 to 1), and the logistic scale that turns a
// leaf's centipawns into an expected score (1 / (1 + e^(-cp / scale))).
constexpr int kMctsExploration = 15;
constexpr int kMctsScale = 200;
// The tree's size limit in nodes (about 40 bytes each): past it, leaves
// are still valued but no longer opened.
constexpr int kMctsMaxNodes = 1 << 22;
// With only a depth limit, the iterations per turn of depth.
constexpr int kMctsIterationsPerTurn = 4096;
// The first progress report, in iterations (then at every doubling).
constexpr int kMctsFirstReport = 1024;
// A leaf's captures are searched in this window around its static value,
// and stand at the static value if they need more than about this many
// nodes (the clock is read between leaves, so this bounds a stop's delay).
constexpr int kMctsLeafWindow = 150;
constexpr int kMctsLeafNodes = 2000;

}  // namespace fable::search::tuning
