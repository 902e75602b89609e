#include "ir/support/ir_path.h"

namespace tf {

void IrPath::append_to(std::string& out) const {
  if (parent_ == nullptr) {
    out += root_;
    return;
  }
  parent_->append_to(out);
  if (!root_.empty()) {
    out += '.';
    out += root_;
  }
  if (index_ >= 0) {
    out += '[';
    out += std::to_string(index_);
    out += ']';
  }
}

std::string IrPath::str() const {
  std::string out;
  append_to(out);
  return out;
}

}  // namespace tf
