// IrPath: the path from a function to an IR node (`k.body[2].value.args[1]`), recorded as a walk
// goes and spelled only when a diagnostic needs it.
//
// Design note. A walker that may report passes the path of the node it stands on to the code
// that checks it. Building that path as a string at every node costs an allocation per node for
// paths that are almost never read. An IrPath is one step (a field name, an index, or both) and
// a pointer to its parent, which lives in the walker's caller frames; extending it allocates
// nothing, and str() spells the chain. So a path must not outlive the frames that hold its
// ancestors: a walker that keeps a place for later keeps str(). Field names are the node lists'
// names (`kFieldNames`) or other strings that outlive the walk.
#pragma once

#include <string>
#include <string_view>

namespace tf {

/// A path to an IR node (design note).
class IrPath {
 public:
  /// The root: a function's name, or a path already spelled.
  explicit IrPath(std::string_view root) : root_(root) {}

  /// The child reached through `field`, or through `field[index]` when index >= 0. Only on a
  /// named path: the child points at its parent, so a temporary parent would dangle.
  IrPath field(std::string_view name, int index = -1) const& { return IrPath(this, name, index); }
  IrPath field(std::string_view, int = -1) && = delete;
  /// The element `[index]` of a sequence the path already names (a statement list).
  IrPath at(int index) const& { return IrPath(this, {}, index); }
  IrPath at(int) && = delete;

  /// The spelled path: the root, then `.field`, `.field[i]` or `[i]` per step.
  std::string str() const;

 private:
  IrPath(const IrPath* parent, std::string_view field, int index)
      : parent_(parent), root_(field), index_(index) {}
  void append_to(std::string& out) const;

  const IrPath* parent_ = nullptr;  // null for the root
  std::string_view root_;           // the root's text, or this step's field name
  int index_ = -1;
};

}  // namespace tf
