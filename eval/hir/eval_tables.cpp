#include "eval/hir/eval_tables.h"

#include "eval/hir/op_eval.h"
#include "ir/text/standard_tables.h"

namespace tf::eval {

const OpHandlers& eval_op_tables() {
  static const OpHandlers* tables = [] {
    OpHandlers& h = OpHandlers::global();
    text::register_all_ops(OpRegistry::global(), h);
    register_hir_eval(h);
    return &h;
  }();
  return *tables;
}

}  // namespace tf::eval
