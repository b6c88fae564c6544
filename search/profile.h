// One search-safety profile per variant, derived once from its rule
// groups, so the search reads flags instead of testing variant names.
#pragma once

#include "variant.h"

namespace fable::search {

struct Profile {
  // Checks exist: never stand pat in check.
  bool has_check = false;
  // The royal is taken, not checked (Family Matters): a node whose royal
  // is attacked is treated like one in check by the pruning and the
  // reductions, and a move that attacks the enemy royal like a check.
  bool royal_can_be_taken = false;
  // Checking moves are searched one turn deeper. Off where every turn
  // starts with a card draw: one more turn multiplies the tree by the
  // whole deck and its choices, and the cards keep the checks coming.
  bool check_extensions = false;
  // Passing the turn is never better than the best move, so a null move
  // gives a sound lower bound. False where zugzwang decides games (no
  // legal move loses, passes are rules) or where chance or multi-action
  // turns make "pass" a different kind of node.
  bool null_move = false;
  // Late quiet moves may be searched shallower first.
  bool late_move_reductions = true;
  // Near the horizon the static score may cut a node or leave out quiet
  // moves (reverse futility, futility, late move pruning). Only in games
  // whose royal is checked or taken (a threatened royal is seen by the
  // search, not left to a static score that cannot see it) or whose goal
  // is a square to reach (the Damsel: the static score's goal term
  // watches the racing piece), and without the card deck (the static
  // value of a turn that starts with a draw says too little about the
  // quiet moves' worth; the crazy queen's step in the middle of a turn
  // does not have that problem). A quiet move is left out only if it ends
  // the turn (not a Warrior's return, say).
  bool forward_pruning = false;
  // Static exchange pruning (`exchange-depth`) where forward pruning is
  // allowed, the game is won by checkmate or by keeping the essential
  // piece safe, and every capture is made by moving onto the victim:
  // chess (+33 Elo at equal time) and Fairy Tale without the deck
  // (`kingsmen`: +22, H1; README, "Strength: accepted changes"). Wizard
  // Chess, whose Archers shoot, and Family Matters, whose royals are
  // taken, measured no gain (+2 and +7, both undecided); the Damsel's
  // race lost (−15, H0). Wizard Chess measured no gain again once the
  // exchange counted the Archer's shots (src/exchange.h: +0 ± 29 over
  // 220 games, stopped).
  bool exchange_pruning = false;
  // Past the horizon a turn-start draw is passed over to search the
  // captures that follow (Searcher::quiescence_past_draw). Not in a race
  // to a square (Fairy Tale's Damsel): there the captures matter less
  // than the race, and matches at equal time found no gain
  // (README, Performance: "Strength: accepted changes").
  bool quiescence_past_draw = false;
  // The crazy queen steps at random after every Black move. Past the
  // horizon her step is searched through: one of her steps, then the
  // captures of the side to move next; without it a Black capture, which
  // her step follows, is judged before White can take back (+34 Elo at
  // equal time). Within `step_horizon` turns of the horizon one step
  // stands for all of hers too, and the search goes on below it
  // (README, "Strength: accepted changes").
  bool random_step = false;
  // Chance nodes average expected scores (`tuning::kChanceScale`,
  // chance_average.h) instead of centipawns, where a forced result among
  // the outcomes would otherwise outweigh the rest of the average and the
  // score shown (+15.74 pawns at the start of `kingsmen` with the deck).
  // With the crazy queen: +25 Elo at equal time, +20 more on the curve of
  // 400. With the deck: no loss in `kingsmen` (+1 by SPRT), and the colour
  // decides nearly every pair of `damsel` and `magicmight`. Not in Huff and
  // Puff (the extinction goal), which measured -22 (README, "Strength:
  // accepted changes").
  bool expected_score_chance = false;
  // Past the horizon a player's choice is made (the option with the best
  // static value) and the captures after it searched, except with the
  // deck, whose card choices the static value judges. Without it a
  // capture before a Wizard Chess Warrior's return or the Old Queen's step
  // went unanswered (+74 Elo in Wizard Chess, +64 in Family Matters
  // `oldqueen`; README, "Strength: accepted changes").
  bool quiescence_through_choice = false;
  // The variant plays with the Monte-Carlo searcher unless told otherwise
  // (`--search`): only where matches at equal time found it stronger than
  // alpha-beta (README, Performance: "The Monte-Carlo search").
  bool monte_carlo = false;
};

Profile derive_profile(const Variant& v);

}  // namespace fable::search
