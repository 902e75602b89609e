#include "ir/support/ir_path.h"

#include <vector>

namespace tf {

void IrPath::append_to(std::string& out) const {
  // The steps from the root down, gathered without recursion (a path 50,000 lets deep once took a
  // frame per step).
  std::vector<const IrPath*> steps;
  for (const IrPath* p = this; p != nullptr; p = p->parent_) steps.push_back(p);
  for (auto it = steps.rbegin(); it != steps.rend(); ++it) {
    const IrPath& step = **it;
    if (step.parent_ == nullptr) {
      out += step.root_;
      continue;
    }
    if (!step.root_.empty()) {
      out += '.';
      out += step.root_;
    }
    if (step.index_ >= 0) {
      out += '[';
      out += std::to_string(step.index_);
      out += ']';
    }
  }
}

std::string IrPath::str() const {
  std::string out;
  append_to(out);
  return out;
}

}  // namespace tf
