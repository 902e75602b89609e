#include "eval/hir/eval_tables.h"

#include "eval/hir/op_eval.h"
#include "ir/text/standard_context.h"

namespace tf::eval {

const Context& eval_context() {
  static const Context* context = [] {
    auto* c = new Context();
    text::register_all_ops(*c);
    register_hir_eval(c->handlers());
    return c;
  }();
  return *context;
}

}  // namespace tf::eval
