#include "conformance/case_runner.h"

#include <fmt/format.h>

#include <algorithm>
#include <chrono>
#include <map>

#include "conformance/expectation.h"
#include "conformance/law_case.h"
#include "eval/hir/evaluator.h"
#include "eval/hir/eval_tables.h"
#include "eval/tir/lowered_run.h"
#include "eval/tir/planned_outputs.h"
#include "ir/verify/round_trip.h"
#include "ir/type/tuple_type.h"
#include "eval/tir/tir_evaluator.h"
#include "eval/value/compare.h"
#include "eval/value/literal.h"
#include "eval/value/memory_budget.h"
#include "ir/hir/function.h"
#include "ir/text/decimal.h"
#include "ir/type/tensor_type.h"
#include "lower/pipeline.h"

namespace tf::conformance {

const char* status_name(CaseOutcome::Status s) {
  switch (s) {
    case CaseOutcome::Status::Passed: return "passed";
    case CaseOutcome::Status::Failed: return "failed";
    case CaseOutcome::Status::Skipped: return "skipped";
    case CaseOutcome::Status::Crashed: return "crashed";
  }
  TF_UNREACHABLE("a case status outside the enum");
}

namespace {

using Status = CaseOutcome::Status;

std::string summary(const std::vector<Diagnostic>& diags) {
  if (diags.empty()) return "no diagnostic was reported";
  std::string s = "reported instead: " + diags[0].render();
  if (diags.size() > 1) s += fmt::format(" (and {} more)", diags.size() - 1);
  return s;
}

bool names_rule(const std::vector<Diagnostic>& ds, const std::string& id) {
  return std::any_of(ds.begin(), ds.end(), [&](const Diagnostic& d) { return d.rule_id == id; });
}

bool has_message(const std::vector<Diagnostic>& ds, DiagCategory category, const std::string& text) {
  return std::any_of(ds.begin(), ds.end(), [&](const Diagnostic& d) {
    return d.rule_id.empty() && d.category == category && d.message.find(text) != std::string::npos;
  });
}

DiagCategory category_of(const std::string& word) {
  return word == "parse" ? DiagCategory::Parse : word == "type" ? DiagCategory::Type : DiagCategory::Eval;
}

class CaseRun {
 public:
  CaseRun(const Case& c, const CaseFile& f, const OpHandlers& h) : c_(c), f_(f), handlers_(h) {
    out_.name = c.name;
    out_.location = c.location;
  }

  CaseOutcome run() {
    std::vector<Diagnostic> errors;
    for (const Diagnostic& d : f_.diagnostics)
      if (d.severity == Severity::Error) errors.push_back(d);
    if (!c_.law.empty()) {  // a law case: the law's check on the case's inputs (law_case.h)
      if (!errors.empty()) return fail(fmt::format("the file does not read and verify: {}", errors[0].render()));
      if (std::string why = law_case_failure(c_); !why.empty()) return fail(std::move(why));
      return out_;
    }
    bool expects_error = false;
    bool needs_eval = false;
    for (const CaseExpect& e : c_.expects) {
      switch (e.kind) {
        case CaseExpect::Kind::Error:
          expects_error = true;
          if (!names_rule(errors, e.rule_id)) {
            if (!errors.empty()) return fail(fmt::format("expected a diagnostic naming {}; {}", e.rule_id, summary(errors)));
            needs_eval = true;
          }
          break;
        case CaseExpect::Kind::CategoryError:
          expects_error = true;
          if (!has_message(errors, category_of(e.category), e.substring))
            return fail(fmt::format("expected a {} error containing \"{}\"; {}", e.category, e.substring, summary(errors)));
          break;
        case CaseExpect::Kind::EvalError:
        case CaseExpect::Kind::Output:
        case CaseExpect::Kind::Runs:
          needs_eval = true;
          break;
        case CaseExpect::Kind::Holds:  // a law case's, judged above
          break;
        case CaseExpect::Kind::RoundTrip:
          if (f_.file == nullptr) return fail(fmt::format("expected the file to print and read back, but it does not read: {}", summary(errors)));
          if (std::string why = round_trip_failure(*f_.file, f_.diagnostics.size(), eval::eval_context()); !why.empty())
            return fail(why);
          break;
      }
    }
    if (!expects_error && !errors.empty())
      return fail(fmt::format("the file does not read and verify: {}", errors[0].render()));
    if (!needs_eval) return out_;
    if (!errors.empty() || f_.file == nullptr)
      return fail(fmt::format("the case needs an evaluation but the file does not verify: {}", summary(errors)));
    const std::string level = resolved_level();
    if ((level == "cuda-emu" && !f_.emu) || (level == "cuda-gpu" && !f_.gpu)) {
      out_.status = Status::Skipped;
      out_.reason = fmt::format("the file verifies; level {} needs the CUDA backend, which this build has not (no CUDA headers{})",
                                level, level == "cuda-gpu" ? " or no nvcc" : "");
      return out_;
    }
    if (level == "cuda-gpu" && f_.gpu_unavailable) {
      if (std::string why = f_.gpu_unavailable(); !why.empty()) {
        out_.status = Status::Skipped;
        out_.reason = fmt::format("the file verifies; level cuda-gpu needs a GPU: {}", why);
        return out_;
      }
    }
    if (level != "hir" && level != "tir" && level != "lowered" && level != "cuda-emu" && level != "cuda-gpu") {
      out_.status = Status::Skipped;
      out_.reason = fmt::format("the file verifies; its expectations need the {} evaluator, which "
                                "is not built yet",
                                level);
      return out_;
    }
    out_.level = level;
    auto t0 = std::chrono::steady_clock::now();
    {
      // The inputs and every value of the evaluation are charged to one budget.
      eval::MemoryBudgetScope memory(f_.limits.memory_bytes());
      try {
        if (level == "tir")
          evaluate_tir();
        else if (level == "lowered")
          evaluate_lowered_against_hir();
        else if (level == "cuda-emu")
          evaluate_backend_against_tir(f_.emu, "the emulated CUDA", eval::tir::MmaMode::Exact);
        else if (level == "cuda-gpu")
          evaluate_backend_against_tir(f_.gpu, "the CUDA on the GPU", eval::tir::MmaMode::Sm90);
        else
          evaluate();
      } catch (const eval::MemoryBudgetExceeded& e) {  // an expected output's literal
        fail(eval::memory_budget_message("the expected output", e));
      }
    }
    out_.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    return out_;
  }

 private:
  CaseOutcome fail(std::string reason) {
    out_.status = Status::Failed;
    out_.reason = std::move(reason);
    return out_;
  }

  // The case's level: `at`, else tir for a prim_func and hir for a func.
  std::string resolved_level() const {
    if (!c_.level.empty()) return c_.level;
    if (f_.file == nullptr) return "hir";
    Result<FunctionRef> f = eval::tir::function_to_run(*f_.file->module, c_.run);
    return f.ok() && (*f)->kind() == FunctionKind::Tir ? "tir" : "hir";
  }

  // The inputs of `params` from the case's input lines; false (and the case failed) otherwise.
  bool read_inputs(const std::vector<VarRef>& params, const std::string& fn, eval::LiteralContext& lc,
                   std::vector<eval::Tensor>& out) {
    for (const auto& [name, text] : c_.dims) {
      std::optional<std::int64_t> v = text::signed_integer(text);
      if (!v) return (void)fail(fmt::format("dim {} = {} is not an integer", name, text)), false;
      lc.dims[name] = *v;
    }
    for (const VarRef& p : params) {
      auto it = std::find_if(c_.inputs.begin(), c_.inputs.end(), [&](const auto& in) { return in.first == p->name; });
      if (it == c_.inputs.end()) return (void)fail(fmt::format("no input for parameter {} of {}", p->name, fn)), false;
      lc.npy_dtype = p->type()->as<TensorType>()->dtype;
      const SourceLocation& at = c_.input_locations[static_cast<std::size_t>(it - c_.inputs.begin())];
      Result<eval::Tensor> t = [&]() -> Result<eval::Tensor> {
        try {
          return eval::parse_literal(it->second, at, lc);
        } catch (const eval::MemoryBudgetExceeded& e) {
          Diagnostic d = category_error(DiagCategory::Eval, eval::memory_budget_message("the literal", e));
          d.location = at;
          return d;
        }
      }();
      if (!t.ok()) return (void)fail(fmt::format("input {}: {}", p->name, t.diagnostics().front().render())), false;
      Result<eval::Tensor> converted = eval::convert_input(*t, *p);
      if (!converted.ok()) return (void)fail(converted.diagnostics().front().render()), false;
      out.push_back(*converted);
      named_inputs_[p->name] = *converted;
    }
    for (const auto& input : c_.inputs) {
      const std::string& name = input.first;  // not a structured binding: clang 14 cannot capture one
      if (std::none_of(params.begin(), params.end(), [&](const VarRef& p) { return p->name == name; }))
        return (void)fail(fmt::format("input {} names no parameter of {}", name, fn)), false;
    }
    return true;
  }

  void evaluate_tir() {
    const Module& m = *f_.file->module;
    Result<FunctionRef> found = eval::tir::function_to_run(m, c_.run);
    if (!found.ok()) return (void)fail(found.diagnostics().front().message);
    const auto* fn = (*found)->as<tf::tir::PrimFunction>();
    if (fn == nullptr) return evaluate_lowered();  // a func at tir: its lowering runs
    eval::LiteralContext lc;
    lc.base_dir = f_.base_dir;
    std::vector<eval::Tensor> inputs;
    if (!read_inputs(eval::tir::input_params(*fn), fn->name(), lc, inputs)) return;
    eval::tir::TirEvalOptions options;
    options.dims = lc.dims;
    options.limits = f_.limits;
    options.schedule_seed = c_.schedule;
    Result<eval::tir::TirRun> run = eval::tir::evaluate_prim_function(m, *fn, std::move(inputs), options);
    if (!run.ok()) return judge(Result<eval::Value>(run.diagnostics()), lc);
    std::vector<eval::Value> outs(run->outputs.begin(), run->outputs.end());
    judge(outs.size() == 1 ? Result<eval::Value>(outs[0]) : Result<eval::Value>(eval::Value::tuple(std::move(outs))), lc);
  }

  // The HIR function's outputs through lower/ and the TIR evaluator, packaged as the function
  // returns them (a tuple type, even of one field, is a tuple).
  Result<eval::Value> run_lowered(const hir::Function& f, std::vector<eval::Tensor> inputs, const eval::LiteralContext& lc) {
    eval::tir::TirEvalOptions options;
    options.dims = lc.dims;
    options.limits = f_.limits;
    options.schedule_seed = c_.schedule;
    Result<eval::tir::TirRun> run =
        eval::tir::evaluate_lowered(*f_.file->module, f.name(), std::move(inputs), options, eval::eval_context());
    if (!run.ok()) return run.diagnostics();
    std::vector<eval::Value> outs(run->outputs.begin(), run->outputs.end());
    const bool tuple = f.return_type() && f.return_type()->as<TupleType>() != nullptr;
    return outs.size() == 1 && !tuple ? eval::Value(outs[0]) : eval::Value::tuple(std::move(outs));
  }

  // The HIR function the case runs and its inputs, read from the case (nullopt: the case failed).
  struct HirInputs {
    const hir::Function* fn = nullptr;
    eval::LiteralContext lc;
    std::vector<eval::Tensor> tensors;
  };
  std::optional<HirInputs> hir_inputs() {
    Result<const hir::Function*> found = eval::find_function_to_run(*f_.file->module, c_.run);
    if (!found.ok()) return (void)fail(found.diagnostics().front().message), std::nullopt;
    HirInputs in;
    in.fn = *found;
    in.lc.base_dir = f_.base_dir;
    if (!read_inputs(in.fn->params(), in.fn->name(), in.lc, in.tensors)) return std::nullopt;
    return in;
  }

  // `at tir` for a func: the lowered program alone.
  void evaluate_lowered() {
    std::optional<HirInputs> in = hir_inputs();
    if (!in) return;
    judge(run_lowered(*in->fn, std::move(in->tensors), in->lc), in->lc);
  }

  // `at lowered`: the HIR evaluation, then the lowered program, whose outputs must be the same
  // bits, NaN as one class (D5; both evaluators compute each element with the same handlers and
  // the serial rule keeps every accumulation order), then the expectations judged on the
  // lowered result (`reference` there is the HIR evaluation). When both fail, the expectations
  // are judged on the HIR's error, the lowered program's being its own wording of the failure.
  // The HIR evaluation of `f` on `tensors` (the HIR level's options).
  Result<eval::Value> evaluate_hir(const hir::Function& f, const std::vector<eval::Tensor>& tensors, const eval::LiteralContext& lc) {
    eval::HirEvalOptions options;
    options.handlers = &handlers_;
    options.dims = lc.dims;
    options.limits = f_.limits;
    return eval::evaluate_function(*f_.file->module, f, std::vector<eval::Value>(tensors.begin(), tensors.end()), options);
  }

  // The HIR evaluation and the lowered program both fail: the lowered program must fail as an
  // evaluation (never with undefined behaviour); the expectations are the case's, about the HIR
  // evaluation's error, the lowered program's being its own wording of the failure.
  void judge_both_failed(const Result<eval::Value>& hir, const std::vector<Diagnostic>& lowered, const eval::LiteralContext& lc) {
    for (const Diagnostic& d : lowered)
      if (d.rule_id.rfind("ub.", 0) == 0)
        return (void)fail(fmt::format("the HIR evaluation fails and the lowered program reports undefined behaviour: {}", summary(lowered)));
    judge(hir, lc);
  }

  void evaluate_lowered_against_hir() {
    std::optional<HirInputs> in = hir_inputs();
    if (!in) return;
    const hir::Function& f = *in->fn;
    const eval::LiteralContext& lc = in->lc;
    std::vector<eval::Tensor>& tensors = in->tensors;
    Result<eval::Value> hir = evaluate_hir(f, tensors, lc);
    Result<eval::Value> tir = run_lowered(f, std::move(tensors), lc);
    const bool expects_failure = std::any_of(c_.expects.begin(), c_.expects.end(), [](const CaseExpect& e) {
      return e.kind == CaseExpect::Kind::Error || e.kind == CaseExpect::Kind::EvalError;
    });
    if (hir.ok() && !tir.ok() && expects_failure) return judge(tir, lc);  // a refusal the case expects
    if (!hir.ok() && !tir.ok()) return judge_both_failed(hir, tir.diagnostics(), lc);
    if (hir.ok() != tir.ok())
      return (void)fail(hir.ok() ? fmt::format("the HIR evaluation succeeded but the lowered program failed: {}", summary(tir.diagnostics()))
                                 : fmt::format("the HIR evaluation failed but the lowered program computed a value; HIR {}", summary(hir.diagnostics())));
    if (hir.ok()) {
      const eval::Verdict v = eval::compare_values(*tir, *hir, eval::Comparator{});
      if (!v.passed) return (void)fail(fmt::format("the lowered program differs from the HIR evaluation: {}", v.message));
    }
    judge(tir, lc, hir.ok() ? &*hir : nullptr);
  }

  // `at cuda-emu` / `at cuda-gpu`: the TIR (a func's lowering) on the machine model, then its
  // emitted CUDA under the host emulation or on the GPU, whose outputs must be the same bits, NaN
  // as one class; the expectations are judged on the backend's result, `reference` being the
  // machine model's. The machine model's Mma arithmetic is `mma` (exact for the emulation, the
  // Hopper model for a GPU). When the machine model fails, the expectations are judged on its
  // failure and nothing is emitted; for a func whose HIR evaluation fails too, on the HIR's
  // error, as at level `lowered` (judge_both_failed).
  void evaluate_backend_against_tir(const BackendRunner& backend, const char* what, eval::tir::MmaMode mma) {
    const Module& m = *f_.file->module;
    Result<FunctionRef> found = eval::tir::function_to_run(m, c_.run);
    if (!found.ok()) return (void)fail(found.diagnostics().front().message);
    eval::LiteralContext lc;
    lc.base_dir = f_.base_dir;
    std::vector<eval::Tensor> inputs;
    ModuleRef tir;
    std::string entry = c_.run;
    bool tuple = false;
    const hir::Function* hir_fn = nullptr;
    std::vector<eval::Tensor> hir_inputs_kept;
    if (const auto* fn = (*found)->as<tf::tir::PrimFunction>()) {
      if (!read_inputs(eval::tir::input_params(*fn), fn->name(), lc, inputs)) return;
      tir = f_.file->module;
      entry = fn->name();
      tuple = fn->output_count() > 1;
    } else {
      std::optional<HirInputs> in = hir_inputs();
      if (!in) return;
      lc = in->lc;
      inputs = std::move(in->tensors);
      hir_fn = in->fn;
      hir_inputs_kept = inputs;
      Result<ModuleRef> lowered = lower::lower_function(m, in->fn->name(), eval::eval_context());
      if (!lowered.ok()) {
        if (Result<eval::Value> hir = evaluate_hir(*hir_fn, hir_inputs_kept, lc); !hir.ok())
          return judge_both_failed(hir, lowered.diagnostics(), lc);
        return judge(Result<eval::Value>(lowered.diagnostics()), lc);
      }
      tir = *lowered;
      entry = in->fn->name();
      tuple = in->fn->return_type() && in->fn->return_type()->as<TupleType>() != nullptr;
    }
    const auto* run_fn = function_as<tf::tir::PrimFunction>(tir->find(entry));
    if (run_fn == nullptr) return (void)fail(fmt::format("no TIR function {} to run", entry));
    eval::tir::TirEvalOptions options;
    options.dims = lc.dims;
    options.limits = f_.limits;
    options.schedule_seed = c_.schedule;
    options.mma = mma;
    if (f_.collecting) {  // only the compile is wanted: the outcome is dropped
      Result<std::vector<eval::Tensor>> planned = eval::tir::planned_outputs(*tir, *run_fn, inputs, options);
      if (!planned.ok()) return;
      std::vector<eval::Tensor> outputs = std::move(planned).value();
      (void)backend(*tir, entry, inputs, outputs);
      return;
    }
    Result<eval::tir::TirRun> oracle = eval::tir::evaluate_prim_function(*tir, *run_fn, inputs, options);
    auto package = [&](std::vector<eval::Tensor> outs) {
      std::vector<eval::Value> vs(outs.begin(), outs.end());
      return vs.size() == 1 && !tuple ? eval::Value(vs[0]) : eval::Value::tuple(std::move(vs));
    };
    if (!oracle.ok()) {
      if (hir_fn != nullptr)
        if (Result<eval::Value> hir = evaluate_hir(*hir_fn, hir_inputs_kept, lc); !hir.ok())
          return judge_both_failed(hir, oracle.diagnostics(), lc);
      return judge(Result<eval::Value>(oracle.diagnostics()), lc);
    }
    std::vector<eval::Tensor> outputs;
    for (const eval::Tensor& t : oracle->outputs) outputs.push_back(eval::Tensor::make_zeros(t.dtype(), t.shape()));
    Result<bool> ran = backend(*tir, entry, inputs, outputs);
    if (!ran.ok()) return (void)fail(fmt::format("{} failed: {}", what, summary(ran.diagnostics())));
    const eval::Value reference = package(oracle->outputs), produced = package(outputs);
    const eval::Verdict v = eval::compare_values(produced, reference, eval::Comparator{});
    if (!v.passed) return (void)fail(fmt::format("{} differs from the TIR machine model: {}", what, v.message));
    judge(produced, lc, &reference);
  }

  void evaluate() {
    std::optional<HirInputs> in = hir_inputs();
    if (!in) return;
    const hir::Function* f = in->fn;
    const eval::LiteralContext& lc = in->lc;
    const std::vector<eval::Tensor>& tensors = in->tensors;
    std::vector<eval::Value> inputs(tensors.begin(), tensors.end());
    eval::HirEvalOptions options;
    options.handlers = &handlers_;
    options.dims = lc.dims;
    options.limits = f_.limits;
    Result<eval::Value> r = eval::evaluate_function(*f_.file->module, *f, std::move(inputs), options);
    judge(r, lc);
  }

  // `reference`: the value an `expect ... reference` line compares with (the HIR evaluation at
  // level lowered); null where no other level ran.
  void judge(const Result<eval::Value>& r, const eval::LiteralContext& lc, const eval::Value* reference = nullptr) {
    for (const CaseExpect& e : c_.expects) {
      if (e.kind == CaseExpect::Kind::Error) {
        if (r.ok()) return (void)fail(fmt::format("expected a diagnostic naming {}; the evaluation succeeded", e.rule_id));
        if (!names_rule(r.diagnostics(), e.rule_id))
          return (void)fail(fmt::format("expected a diagnostic naming {}; {}", e.rule_id, summary(r.diagnostics())));
      } else if (e.kind == CaseExpect::Kind::EvalError) {
        if (r.ok()) return (void)fail(fmt::format("expected an evaluation error containing \"{}\"; the evaluation succeeded", e.substring));
        const auto& ds = r.diagnostics();
        if (std::none_of(ds.begin(), ds.end(), [&](const Diagnostic& d) { return d.message.find(e.substring) != std::string::npos; }))
          return (void)fail(fmt::format("expected an evaluation error containing \"{}\"; {}", e.substring, summary(ds)));
      } else if (e.kind == CaseExpect::Kind::Runs) {
        if (!r.ok()) return (void)fail(fmt::format("expected a clean run; the evaluation failed: {}", r.diagnostics().front().render()));
      } else if (e.kind == CaseExpect::Kind::Output) {
        if (!r.ok()) return (void)fail(fmt::format("the evaluation failed: {}", r.diagnostics().front().render()));
        Result<Expectation> x = parse_expectation(e);
        if (!x.ok()) return (void)fail(x.diagnostics().front().render());
        if (x->reference && reference == nullptr) {
          out_.status = Status::Skipped;
          out_.reason = "`reference` compares with another level's evaluator; that comparison is not built yet";
          continue;
        }
        Result<eval::Verdict> v = conformance::judge(*r, *x, lc, reference, &named_inputs_);
        if (!v.ok()) return (void)fail(v.diagnostics().front().render());
        if (!v->passed) return (void)fail(v->message);
      }
    }
  }

  const Case& c_;
  const CaseFile& f_;
  const OpHandlers& handlers_;
  CaseOutcome out_;
  std::map<std::string, eval::Tensor> named_inputs_;  ///< the case's inputs, for bound expectations
};

}  // namespace

CaseOutcome run_case(const Case& c, const CaseFile& file, const OpHandlers& handlers) {
  return CaseRun(c, file, handlers).run();
}

}  // namespace tf::conformance
