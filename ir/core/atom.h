// AtomNode: a compile-time instruction descriptor carried as an attribute value (an MMA atom).
//
// Design note. tfir's `atom` family (docs/tfir.md section 5) holds realized hardware instruction
// descriptors such as TIR's MmaAtom (seed 002 section 2.3). The core layer must store, compare,
// hash and print them inside Call attributes without knowing what they describe, and the TIR
// layer that defines them depends on the core, not the other way round. So the core sees an
// atom through this small interface; a concrete atom derives from it and is immutable. Two atoms
// are equal when they are of the same family and describe the same instruction and fragments.
#pragma once

#include <cstddef>
#include <functional>
#include <string>
#include <string_view>

#include "ir/support/ref.h"
#include "ir/support/result.h"

namespace tf {

/// An immutable instruction descriptor (see the design note).
class AtomNode : public RefCounted {
 public:
  virtual ~AtomNode() = default;
  /// The family ("mma").
  virtual std::string_view family() const = 0;
  /// The tfir spelling: `cuda.mma.atom(op=SM80_16x8x16_F32BF16BF16F32_TN)`.
  virtual std::string spelling() const = 0;
  /// Same family and the same instruction and fragment contracts.
  virtual bool equals(const AtomNode& other) const = 0;
  /// Consistent with equals.
  virtual std::size_t hash() const = 0;
};

/// The handle through which atoms are held.
using Atom = Ref<const AtomNode>;

/// Builds the atom a declaration names (`atom A = cuda.mma.atom(op=NAME)` gives NAME), or the
/// diagnostics of an unknown name. The TIR layer provides the one for its MMA catalogue.
using AtomFactory = std::function<Result<Atom>(const std::string& op_name)>;

}  // namespace tf
