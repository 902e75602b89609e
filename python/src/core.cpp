// tilefoundry_ref._core: the oracle for Python (docs/python.md). A thin nanobind layer: programs
// are read and verified as `tf check` reads them (a .py path through tf import), functions run
// on the HIR evaluator, the TIR machine model or, lowered, on the machine model, and arrays cross
// the boundary as `tf eval` takes and writes .npy files (eval/value/npy_boundary.h): an array is
// (descr, shape, bytes), raw u8 / u16 codes for the narrow dtypes, one array per plane of a
// block-scaled value. Failures raise _core.Error whose message is the JSON list of diagnostics
// (rule id, place, message); the Python package turns it into TfError.
#include <nanobind/nanobind.h>
#include <nanobind/stl/map.h>
#include <nanobind/stl/shared_ptr.h>
#include <nanobind/stl/string.h>
#include <nanobind/stl/tuple.h>
#include <nanobind/stl/vector.h>

#include <nlohmann/json.hpp>

#include <memory>
#include <sstream>
#include <stdexcept>

#include "eval/hir/evaluator.h"
#include "eval/tir/lowered_run.h"
#include "eval/tir/tir_evaluator.h"
#include "eval/value/npy_boundary.h"
#include "ir/hir/function.h"
#include "ir/support/json_text.h"
#include "ir/text/file_reader.h"
#include "ir/tir/prim_function.h"
#include "ir/type/tensor_type.h"
#include "ir/type/type_print.h"
#include "ir/upstream/importer.h"
#include "tools/tf/eval_command.h"
#include "tools/tf/ir_session.h"
#include "tools/tf/layout_command.h"
#include "tools/tf/report.h"

namespace nb = nanobind;

namespace tf::python {
namespace {

/// A failure carrying its diagnostics as JSON (the Python side parses them).
struct Failure : std::runtime_error {
  using std::runtime_error::runtime_error;
};

[[noreturn]] void raise(const std::vector<Diagnostic>& diags) {
  nlohmann::json list = nlohmann::json::array();
  for (const Diagnostic& d : diags) list.push_back(cli::diagnostic_json(d));
  throw Failure(json_text(list));
}

[[noreturn]] void raise(std::string message) { raise({category_error(DiagCategory::Usage, std::move(message))}); }

template <typename T>
T take(Result<T> r) {
  if (!r.ok()) raise(r.diagnostics());
  return std::move(r).value();
}

/// An array as it crosses the boundary: the .npy descr, the shape and the little-endian bytes.
using Array = std::tuple<std::string, std::vector<std::int64_t>, nb::bytes>;

eval::NpyArray npy_of(const Array& a, const std::string& what) {
  const auto& [descr, shape, bytes] = a;
  eval::NpyArray out;
  bool known = false;
  for (eval::NpyType t : {eval::NpyType::F16, eval::NpyType::F32, eval::NpyType::F64, eval::NpyType::I8, eval::NpyType::I32,
                          eval::NpyType::I64, eval::NpyType::Bool, eval::NpyType::U8, eval::NpyType::U16})
    if (descr == eval::npy_descr(t)) {
      out.type = t;
      known = true;
    }
  if (!known) raise(what + ": an array of dtype '" + descr + "' (f2 f4 f8 i1 i4 i8 b1 u1 u2 are taken)");
  out.shape = shape;
  const auto* p = static_cast<const std::uint8_t*>(bytes.data());
  out.data.assign(p, p + bytes.size());
  if (static_cast<std::int64_t>(out.data.size()) != out.size() * static_cast<std::int64_t>(eval::npy_item_size(out.type)))
    raise(what + ": the bytes do not match the shape");
  return out;
}

Array array_of(const eval::NpyArray& a) {
  return Array{eval::npy_descr(a.type), a.shape, nb::bytes(reinterpret_cast<const char*>(a.data.data()), a.data.size())};
}

/// A read and verified program.
class Program {
 public:
  explicit Program(text::ReadFile file) : file_(std::make_shared<text::ReadFile>(std::move(file))) {}

  static Program load(const std::string& text, const std::string& path) {
    std::string source = text;
    if (upstream::is_upstream_path(path)) source = take(upstream::import_upstream(text, path, cli::cli_context())).tfir;
    CheckedFile checked = cli::check_source(source, path);
    const std::vector<Diagnostic> diags = checked.diagnostics();
    if (has_error(diags) || !checked.file) raise(diags);
    return Program(std::move(*checked.file));
  }

  std::vector<std::string> functions() const {
    std::vector<std::string> out;
    for (const FunctionRef& f : file_->module->functions()) out.push_back(f->name());
    return out;
  }

  /// (name, dtype, shape) of each input parameter; a symbolic extent as its tfir text.
  std::vector<std::tuple<std::string, std::string, std::vector<std::string>>> params(const std::string& fn) const {
    std::vector<std::tuple<std::string, std::string, std::vector<std::string>>> out;
    for (const VarRef& p : inputs_of(fn)) {
      const auto* t = p->type()->as<TensorType>();
      if (t == nullptr) raise("parameter " + p->name + " of @" + fn + " is not a tensor");
      std::vector<std::string> shape;
      for (const ShapeDim& d : t->shape) shape.push_back(to_string(d));
      out.emplace_back(p->name, std::string(t->dtype.name()), shape);
    }
    return out;
  }

  std::string text() const { return text::print_file(*file_); }

  /// The tfir of `fn` lowered (the lowering's refusals raise).
  std::string lowered(const std::string& fn) const {
    ModuleRef m = take(eval::tir::lower_function(*file_->module, fn, cli::cli_context()));
    return text::print_derived_module(*file_, *m);
  }

  /// Runs `fn` at `level` (hir: the HIR evaluator; tir: a func lowered, then the machine model;
  /// a prim_func always runs on the machine model) on `inputs`, one per parameter. Each output
  /// is (dtype name, arrays): one array, or the planes of a block-scaled value.
  std::vector<std::tuple<std::string, std::vector<Array>>> eval(const std::string& fn, const std::vector<Array>& inputs,
                                                                const std::map<std::string, std::int64_t>& dims,
                                                                const std::string& level, std::uint64_t schedule) const {
    if (level != "hir" && level != "tir" && level != "emu" && level != "gpu")
      raise("level '" + level + "': the levels are hir and tir, and the backends emu and gpu");
    const std::vector<VarRef> params = inputs_of(fn);
    if (params.size() != inputs.size())
      raise("@" + fn + " takes " + std::to_string(params.size()) + " inputs, " + std::to_string(inputs.size()) + " given");
    std::vector<eval::Tensor> tensors;
    for (std::size_t i = 0; i < params.size(); ++i) {
      const std::string what = "input " + params[i]->name;
      const eval::Tensor t = take(cli::input_from_npy(npy_of(inputs[i], what), *params[i], what));
      tensors.push_back(take(eval::convert_input(t, *params[i])));
    }
    Result<eval::Value> value = [&]() -> Result<eval::Value> {
      nb::gil_scoped_release unlocked;
      const FunctionBase* f = file_->module->find(fn);
      if (level == "emu" || level == "gpu")  // emitted CUDA: under the host emulation, or on a device
        return cli::run_backend(*file_->module, fn, dynamic_cast<const tir::PrimFunction*>(f) == nullptr, std::move(tensors), level);
      if (const auto* prim = dynamic_cast<const tir::PrimFunction*>(f)) return run_tir(*file_->module, *prim, std::move(tensors), dims, schedule);
      const auto& h = dynamic_cast<const hir::Function&>(*f);
      if (level == "hir") {
        eval::HirEvalOptions options;
        options.handlers = &cli::cli_context().handlers();
        options.dims = dims;
        return eval::evaluate_function(*file_->module, h, std::vector<eval::Value>(tensors.begin(), tensors.end()), options);
      }
      eval::tir::TirEvalOptions options;
      options.dims = dims;
      options.schedule_seed = schedule;
      Result<eval::tir::TirRun> run = eval::tir::evaluate_lowered(*file_->module, fn, std::move(tensors), options, cli::cli_context());
      if (!run.ok()) return run.diagnostics();
      return package(std::move(run->outputs));
    }();
    std::vector<std::tuple<std::string, std::vector<Array>>> out;
    flatten(take(std::move(value)), out);
    return out;
  }

 private:
  std::vector<VarRef> inputs_of(const std::string& fn) const {
    const FunctionBase* f = file_->module->find(fn);
    if (f == nullptr) raise("the program has no function '" + fn + "'");
    if (const auto* prim = dynamic_cast<const tir::PrimFunction*>(f)) return eval::tir::input_params(*prim);
    const auto* h = dynamic_cast<const hir::Function*>(f);
    if (h == nullptr) raise("'" + fn + "' is neither a func nor a prim_func");
    return h->params();
  }

  static eval::Value package(std::vector<eval::Tensor> outs) {
    std::vector<eval::Value> vs(outs.begin(), outs.end());
    return vs.size() == 1 ? vs[0] : eval::Value::tuple(std::move(vs));
  }

  static Result<eval::Value> run_tir(const Module& m, const tir::PrimFunction& f, std::vector<eval::Tensor> inputs,
                                     const std::map<std::string, std::int64_t>& dims, std::uint64_t schedule) {
    eval::tir::TirEvalOptions options;
    options.dims = dims;
    options.schedule_seed = schedule;
    Result<eval::tir::TirRun> run = eval::tir::evaluate_prim_function(m, f, std::move(inputs), options);
    if (!run.ok()) return run.diagnostics();
    return package(std::move(run->outputs));
  }

  static void flatten(const eval::Value& v, std::vector<std::tuple<std::string, std::vector<Array>>>& out) {
    if (v.is_tuple()) {
      for (const eval::Value& item : v.items()) flatten(item, out);
      return;
    }
    std::vector<Array> arrays;
    for (const eval::NpyArray& a : take(eval::tensor_to_npy(v.tensor()))) arrays.push_back(array_of(a));
    out.emplace_back(std::string(v.tensor().dtype().name()), std::move(arrays));
  }

  std::shared_ptr<text::ReadFile> file_;
};

/// What `tf layout EXPR --json` prints, with `definitions` as its --def NAME=EXPR.
std::string layout_json(const std::string& expression, const std::vector<std::string>& definitions) {
  cli::LayoutRequest r;
  r.expression = expression;
  r.definitions = definitions;
  r.json = true;
  std::ostringstream out, err;
  if (cli::run_layout(r, out, err) != 0) throw Failure(err.str().empty() ? out.str() : err.str());
  return out.str();
}

}  // namespace
}  // namespace tf::python

NB_MODULE(_core, m) {
  using tf::python::Program;
  m.doc() = "TileFoundry-C++'s reference evaluator (use the tilefoundry_ref package, not this module)";
  nb::exception<tf::python::Failure>(m, "Error");
  nb::class_<Program>(m, "Program")
      .def_static("load", &Program::load, nb::arg("text"), nb::arg("path"))
      .def("functions", &Program::functions)
      .def("params", &Program::params, nb::arg("fn"))
      .def("text", &Program::text)
      .def("lowered", &Program::lowered, nb::arg("fn"))
      .def("eval", &Program::eval, nb::arg("fn"), nb::arg("inputs"), nb::arg("dims"), nb::arg("level"), nb::arg("schedule"));
  m.def("layout_json", &tf::python::layout_json, nb::arg("expression"), nb::arg("definitions"));
}
