// Wizard Chess (`wizard`): the 7 x 12 board, Dragons that capture like
// cannons on all eight lines, Archers that shoot without moving, Warriors
// that return when captured at home, a Wizard that teleports once,
// promotion chains and Dragon resurrection. Rules as Fable plays them:
// wizard.md beside this file.
#pragma once

#include <memory>

#include "variant.h"
#include "variant_options.h"

namespace fable {

std::shared_ptr<Variant> make_wizard();
// Its name and title (no options).
const VariantInfo& wizard_info();

}  // namespace fable
