// tilefoundry_ref._core: the oracle for Python (docs/python.md). A thin nanobind layer: programs
// are read and verified as `tf check` reads them (a .py path through tf import), functions run
// on the HIR evaluator, the TIR machine model or, lowered, on the machine model, and arrays cross
// the boundary as `tf eval` takes and writes .npy files (eval/value/npy_boundary.h): raw u8 / u16
// codes for the narrow dtypes, one array per plane of a block-scaled value. An input array is
// read in place (a C-contiguous little-endian buffer: the package makes one where the caller's
// array is not) and copied once, into the evaluator's storage; an output array owns the bytes
// the evaluator wrote, handed to NumPy without a copy. Failures raise _core.Error whose message
// is the JSON list of diagnostics (rule id, place, message, and the text `tf` prints for each);
// the Python package turns it into TfError. Any other C++ exception (a bug) raises the same
// error with one diagnostic tagged internal, so no failure escapes as a bare RuntimeError. Files
// are read as `tf check` reads them (ir/support/regular_file.h: regular files only, size
// limited); an evaluation runs under the budgets `tf eval` takes (--max-memory, --max-steps)
// and stops on Ctrl-C (sigint_guard.h). What it shares with `tf` (reading a program, running a
// function at a level, the budgets, the diagnostics' JSON, the layout tables) is driver/'s: the
// module links no part of the command line (tools/tf).
#include <nanobind/nanobind.h>
#include <nanobind/ndarray.h>
#include <nanobind/stl/map.h>
#include <nanobind/stl/shared_ptr.h>
#include <nanobind/stl/string.h>
#include <nanobind/stl/tuple.h>
#include <nanobind/stl/vector.h>

#include <nlohmann/json.hpp>

#include <memory>
#include <optional>
#include <span>
#include <sstream>
#include <stdexcept>

#include "driver/binding_names.h"
#include "driver/function_run.h"
#include "driver/ir_session.h"
#include "driver/layout_run.h"
#include "driver/limit_options.h"
#include "driver/report.h"
#include "driver/value_dump.h"
#include "eval/hir/evaluator.h"
#include "eval/tir/lowered_run.h"
#include "eval/value/memory_budget.h"
#include "eval/value/npy_boundary.h"
#include "ir/dtype/dtype.h"
#include "ir/numerics/block_scale.h"
#include "ir/numerics/cast_mode.h"
#include "ir/support/json_text.h"
#include "ir/text/file_reader.h"
#include "ir/type/tensor_type.h"
#include "ir/type/type_print.h"
#include "ir/upstream/importer.h"
#include "python/src/sigint_guard.h"
#include "lower/pipeline.h"

namespace nb = nanobind;

namespace tf::python {
namespace {

/// A failure carrying its diagnostics as JSON (the Python side parses them).
struct Failure : std::runtime_error {
  using std::runtime_error::runtime_error;
};

/// The JSON text of `diags` as the Python side reads it: each as `tf eval --json` writes it,
/// plus "text", the diagnostic as `tf` prints it (Diagnostic::render), and "file" for a
/// diagnostic placed at a file but no line (an unreadable file).
std::string diagnostics_json(const std::vector<Diagnostic>& diags) {
  nlohmann::json list = nlohmann::json::array();
  for (const Diagnostic& d : diags) {
    nlohmann::json j = cli::diagnostic_json(d);
    j["text"] = d.render();
    if (!d.location.known() && !d.location.file.empty()) j["file"] = d.location.file;
    list.push_back(std::move(j));
  }
  return json_text(list);
}

[[noreturn]] void raise(const std::vector<Diagnostic>& diags) { throw Failure(diagnostics_json(diags)); }

[[noreturn]] void raise(std::string message) { raise({category_error(DiagCategory::Usage, std::move(message))}); }

template <typename T>
T take(Result<T> r) {
  if (!r.ok()) raise(r.diagnostics());
  return std::move(r).value();
}

/// An input array: read only, C-contiguous, in host memory (nanobind makes it one otherwise).
using InArray = nb::ndarray<nb::ro, nb::c_contig, nb::device::cpu>;
/// An output array handed to NumPy.
using OutArray = nb::ndarray<nb::numpy>;

/// The .npy element type of `a`'s dtype, if the boundary takes it.
std::optional<eval::NpyType> npy_type_of(const InArray& a) {
  using Code = nb::dlpack::dtype_code;
  const nb::dlpack::dtype d = a.dtype();
  if (d.lanes != 1) return std::nullopt;
  const auto code = static_cast<Code>(d.code);
  if (code == Code::Float && d.bits == 16) return eval::NpyType::F16;
  if (code == Code::Float && d.bits == 32) return eval::NpyType::F32;
  if (code == Code::Float && d.bits == 64) return eval::NpyType::F64;
  if (code == Code::Int && d.bits == 8) return eval::NpyType::I8;
  if (code == Code::Int && d.bits == 32) return eval::NpyType::I32;
  if (code == Code::Int && d.bits == 64) return eval::NpyType::I64;
  if (code == Code::Bool && d.bits == 8) return eval::NpyType::Bool;
  if (code == Code::UInt && d.bits == 8) return eval::NpyType::U8;
  if (code == Code::UInt && d.bits == 16) return eval::NpyType::U16;
  return std::nullopt;
}

/// `a` as the boundary reads it, without copying its data.
eval::NpyView view_of(const InArray& a, const std::string& what) {
  const std::optional<eval::NpyType> type = npy_type_of(a);
  if (!type) raise(what + ": an array of an element type the boundary does not take (f2 f4 f8 i1 i4 i8 b1 u1 u2 are taken)");
  std::vector<std::int64_t> shape;
  for (std::size_t k = 0; k < a.ndim(); ++k) shape.push_back(static_cast<std::int64_t>(a.shape(k)));
  return eval::NpyView(*type, std::move(shape), std::span(static_cast<const std::uint8_t*>(a.data()), a.nbytes()));
}

/// A NumPy array that owns `a`'s bytes (moved, not copied).
OutArray array_of(eval::NpyArray a) {
  nb::dlpack::dtype d{};
  d.lanes = 1;
  d.bits = static_cast<std::uint8_t>(8 * eval::npy_item_size(a.type));
  using Code = nb::dlpack::dtype_code;
  switch (a.type) {
    case eval::NpyType::F16:
    case eval::NpyType::F32:
    case eval::NpyType::F64: d.code = static_cast<std::uint8_t>(Code::Float); break;
    case eval::NpyType::I8:
    case eval::NpyType::I32:
    case eval::NpyType::I64: d.code = static_cast<std::uint8_t>(Code::Int); break;
    case eval::NpyType::Bool: d.code = static_cast<std::uint8_t>(Code::Bool); break;
    case eval::NpyType::U8:
    case eval::NpyType::U16: d.code = static_cast<std::uint8_t>(Code::UInt); break;
  }
  auto* owned = new std::vector<std::uint8_t>(std::move(a.data));
  nb::capsule owner(owned, [](void* p) noexcept { delete static_cast<std::vector<std::uint8_t>*>(p); });
  std::vector<std::size_t> shape(a.shape.begin(), a.shape.end());
  return OutArray(owned->data(), shape.size(), shape.data(), owner, nullptr, d);
}

/// The internal error a C++ exception other than a Failure is (a bug, not the input's fault).
std::string internal_error_json(const std::exception& e) {
  return diagnostics_json({category_error(
      DiagCategory::Internal,
      std::string(e.what()) + " (a bug in the reference, not in the input: please report it)")});
}

/// The budgets of one evaluation from the keyword arguments: `max_memory` as --max-memory takes
/// it ("" for the default), `max_steps` as --max-steps (0 for the default).
eval::EvalLimits limits_of(const std::string& max_memory, std::int64_t max_steps) {
  if (max_steps < 0) raise("max_steps " + std::to_string(max_steps) + " is not a positive step count");
  cli::LimitOptions options{.max_memory = max_memory.empty() ? std::nullopt : std::optional<std::string>(max_memory),
                            .max_steps = max_steps};
  if (!max_memory.empty() && !cli::parse_byte_count(max_memory))
    raise("max_memory '" + max_memory + "' is not a positive byte count (an int, or a string such as '4096', '512M', '8G')");
  return take(cli::resolve_limits(options));
}

/// Refuses, before the package copies an input array into the C-contiguous form the module reads
/// (docs/python.md, Copies), a copy of `bytes` (INT64_MAX: more than 2^63) that does not fit the
/// memory budget `max_memory` (as limits_of takes it, "" for the default) beside the `live` bytes
/// of the copies made before it: the usage error `tf eval` gives for an input over the budget,
/// naming `what`. A bad `max_memory` raises as eval's does.
void check_input_copy(const std::string& what, std::int64_t bytes, std::int64_t live, const std::string& max_memory) {
  const std::int64_t limit = limits_of(max_memory, 0).memory_bytes();
  if (bytes > limit - live) raise(eval::memory_budget_message(what, eval::MemoryBudgetExceeded(bytes, live, limit)));
}

/// One output as the Python side takes it: its dtype name and its arrays (one, or the planes of
/// a block-scaled value).
using Output = std::tuple<std::string, std::vector<OutArray>>;
/// One dumped value (Program::eval): name, file, line, column, where, note, dtype, arrays.
using Dumped = std::tuple<std::string, std::string, int, int, std::string, std::string, std::string, std::vector<OutArray>>;

/// A read and verified program.
class Program {
 public:
  explicit Program(text::ReadFile file) : file_(std::make_shared<text::ReadFile>(std::move(file))) {}

  /// The program `text` (any bytes), named `path` in diagnostics; a path ending in .py reads
  /// it as upstream's printed form (tf import).
  static Program load(const nb::bytes& text, const std::string& path) {
    std::string source(text.c_str(), text.size());
    if (upstream::is_upstream_path(path)) source = take(upstream::import_upstream(source, path, cli::cli_context())).tfir;
    return checked(cli::check_source(source, path));
  }

  /// The program in the file at `path` (the bytes of a filesystem path), read as `tf check`
  /// reads it: a regular file of at most 1 GiB (never a directory, FIFO or device), a .py file
  /// imported.
  static Program load_file(const nb::bytes& path_bytes) {
    const std::string path(path_bytes.c_str(), path_bytes.size());
    if (const std::size_t nul = path.find('\0'); nul != std::string::npos)
      raise("cannot read '" + path.substr(0, nul) + "\\0...': a path cannot hold a NUL byte");
    return checked(cli::check_source_file(path));
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
    Result<ModuleRef> m = lower::lower_function(*file_->module, fn, cli::cli_context());
    if (!m.ok()) raise_placed(m.diagnostics());
    return text::print_derived_module(*file_, **m);
  }

  /// Runs `fn` at `level` (cli::run_function: hir, tir, emu, gpu) on `inputs`, one per
  /// parameter, under the budgets `max_memory` and `max_steps` (limits_of; the inputs count
  /// against the memory budget, as in `tf eval`). Each output is (dtype name, arrays): one
  /// array, or the planes of a block-scaled value. The GIL is released while the function
  /// runs; a SIGINT meanwhile stops it (sigint_guard.h), and once the GIL is back Python's
  /// handler runs: KeyboardInterrupt by default, else the evaluator's "interrupted" error.
  /// `check`: at emu and gpu, run the machine model first (cli::FunctionRunOptions::check).
  /// With `dump` (`tf eval --dump-values`, driver/value_dump.h) the run also records the values
  /// of its bindings (`dump_names`, or every one when empty; an unknown name raises the usage
  /// error `tf eval` gives, with the nearest names), returned beside the outputs: per value
  /// (name, file, line, column, where, note, dtype, arrays), file "" and line 0 where the program
  /// has no place, dtype "" and no arrays where there is no one value (the note says why).
  std::tuple<std::vector<Output>, std::vector<Dumped>> eval(const std::string& fn, const std::vector<InArray>& inputs,
                                                            const std::map<std::string, std::int64_t>& dims,
                                                            const std::string& level, std::uint64_t schedule,
                                                            const std::string& max_memory, std::int64_t max_steps,
                                                            bool check, bool dump,
                                                            const std::vector<std::string>& dump_names) const {
    if (!cli::is_run_level(level)) raise("level '" + level + "': the levels are hir and tir, and the backends emu and gpu");
    const std::vector<VarRef> params = inputs_of(fn);
    if (params.size() != inputs.size())
      raise("@" + fn + " takes " + std::to_string(params.size()) + " inputs, " + std::to_string(inputs.size()) + " given");
    cli::FunctionRunOptions options;
    options.level = level;
    options.dims = dims;
    options.schedule_seed = schedule;
    options.limits = limits_of(max_memory, max_steps);
    options.check = check;
    std::vector<eval::DumpedValue> dumped;
    if (dump) {
      if (!dump_names.empty()) {
        const std::vector<cli::BindingName> known = take(cli::dumpable_bindings_at(*file_->module, fn, level));
        const std::vector<Diagnostic> unknown = cli::check_dump_names(dump_names, known, fn, "dump_values");
        if (!unknown.empty()) raise(unknown);
      }
      options.dump = &dumped;
      options.dump_names = dump_names;
    }
    // Inputs and every value of the evaluation are charged to one budget, as `tf eval` does.
    eval::MemoryBudgetScope memory(options.limits.memory_bytes());
    std::vector<eval::Tensor> tensors;
    for (std::size_t i = 0; i < params.size(); ++i) {
      const std::string what = "input " + params[i]->name;
      try {
        const eval::Tensor t = take(cli::input_from_npy(view_of(inputs[i], what), *params[i], what));
        tensors.push_back(take(eval::convert_input(t, *params[i])));
      } catch (const eval::MemoryBudgetExceeded& e) {
        raise(eval::memory_budget_message(what, e));
      }
    }
    Result<cli::FunctionRun> run = [&] {
      nb::gil_scoped_release unlocked;
      SigintGuard ctrl_c;
      return cli::run_function(*file_->module, fn, std::move(tensors), options);
    }();
    // A SIGINT Python has seen but not yet acted on: its handler runs now (KeyboardInterrupt).
    if (PyErr_CheckSignals() != 0) throw nb::python_error();
    if (!run.ok()) raise_placed(run.diagnostics());
    std::vector<Output> out;
    flatten(run->value, out);
    std::vector<Dumped> values;
    for (const eval::DumpedValue& d : dumped) {
      Output o = d.value ? output_of(*d.value) : Output();
      values.emplace_back(d.name, d.location.known() ? d.location.file : std::string(), d.location.line,
                          d.location.column, d.where, d.note, std::get<0>(o), std::move(std::get<1>(o)));
    }
    return {std::move(out), std::move(values)};
  }

 private:
  std::vector<VarRef> inputs_of(const std::string& fn) const { return take(cli::function_inputs(*file_->module, fn)); }

  /// A read and verified file, or its diagnostics raised.
  static Program checked(CheckedFile file) {
    const std::vector<Diagnostic> diags = file.diagnostics();
    if (has_error(diags) || !file.file) raise(diags);
    return Program(std::move(*file.file));
  }

  /// Raises `diags` with those that name a function but no place placed at it, as `tf eval` does.
  [[noreturn]] void raise_placed(std::vector<Diagnostic> diags) const {
    for (Diagnostic& d : diags) place_at_function(d, *file_);
    raise(diags);
  }

  /// One tensor as the Python side takes it: its dtype name and its arrays (one, or its planes).
  static Output output_of(const eval::Tensor& t) {
    std::vector<OutArray> arrays;
    for (eval::NpyArray& a : take(eval::tensor_to_npy(t))) arrays.push_back(array_of(std::move(a)));
    return {std::string(t.dtype().name()), std::move(arrays)};
  }

  static void flatten(const eval::Value& v, std::vector<Output>& out) {
    if (v.is_tuple()) {
      for (const eval::Value& item : v.items()) flatten(item, out);
      return;
    }
    out.push_back(output_of(v.tensor()));
  }

  std::shared_ptr<text::ReadFile> file_;
};

/// Refuses, before `cast` / `quantize` compose a program of them, a `dtype` that names no dtype
/// (the reader's rule error, as `tf cast --to` reports it), a `rounding` other than rn / rz / rp
/// and a `scale_method` other than ocp / rceil / nvfp4 ("" for an absent one).
void check_conversion(const std::string& dtype, const std::string& rounding, const std::string& scale_method) {
  take(DType::from_name(dtype));
  if (!rounding.empty() && !numerics::rounding_from_name(rounding))
    raise("rounding '" + rounding + "' is not one of rn, rz, rp");
  if (!scale_method.empty() && !numerics::scale_method_from_name(scale_method))
    raise("scale_method '" + scale_method + "' is not one of ocp, rceil, nvfp4");
}

/// What `tf layout EXPR --json` prints, with `definitions` as its --def NAME=EXPR. Its refusals
/// (one JSON diagnostic per line of its error stream, as --json writes them) raise as the
/// others do.
std::string layout_json(const std::string& expression, const std::vector<std::string>& definitions) {
  cli::LayoutRequest r;
  r.expression = expression;
  r.definitions = definitions;
  r.json = true;
  std::ostringstream out, err;
  if (cli::run_layout(r, out, err) == 0) return out.str();
  nlohmann::json list = nlohmann::json::array();
  std::istringstream lines(err.str());
  for (std::string line; std::getline(lines, line);) {
    nlohmann::json d = nlohmann::json::parse(line, nullptr, /*allow_exceptions=*/false);
    if (!d.is_discarded()) list.push_back(std::move(d));
  }
  if (list.empty()) raise(err.str());
  throw Failure(json_text(list));
}

}  // namespace
}  // namespace tf::python

NB_MODULE(_core, m) {
  using tf::python::Program;
  m.doc() = "TileFoundry-C++'s reference evaluator (use the tilefoundry_ref package, not this module)";
  const nb::exception<tf::python::Failure> error(m, "Error");
  // Any other C++ exception becomes the same Error, tagged internal (Python's own errors, and
  // nanobind's conversions, pass through).
  nb::register_exception_translator(
      [](const std::exception_ptr& p, void* type) {
        try {
          std::rethrow_exception(p);
        } catch (const nb::python_error&) {
          throw;
        } catch (const nb::builtin_exception&) {
          throw;
        } catch (const nb::cast_error&) {
          throw;
        } catch (const tf::python::Failure& e) {
          PyErr_SetString(static_cast<PyObject*>(type), e.what());
        } catch (const std::exception& e) {
          PyErr_SetString(static_cast<PyObject*>(type), tf::python::internal_error_json(e).c_str());
        }
      },
      error.ptr());
  m.attr("DEFAULT_MAX_STEPS") = tf::eval::kDefaultMaxSteps;
  m.def("sigint_guards", &tf::python::SigintGuard::active,
        "how many evaluations have the Ctrl-C handler installed now (for tests)");
  nb::class_<Program>(m, "Program")
      .def_static("load", &Program::load, nb::arg("text"), nb::arg("path"))
      .def_static("load_file", &Program::load_file, nb::arg("path"))
      .def("functions", &Program::functions)
      .def("params", &Program::params, nb::arg("fn"))
      .def("text", &Program::text)
      .def("lowered", &Program::lowered, nb::arg("fn"))
      .def("eval", &Program::eval, nb::arg("fn"), nb::arg("inputs"), nb::arg("dims"), nb::arg("level"), nb::arg("schedule"),
           nb::arg("max_memory"), nb::arg("max_steps"), nb::arg("check"), nb::arg("dump"), nb::arg("dump_names"));
  m.def("check_input_copy", &tf::python::check_input_copy, nb::arg("what"), nb::arg("bytes"), nb::arg("live"),
        nb::arg("max_memory"));
  m.def("check_conversion", &tf::python::check_conversion, nb::arg("dtype"), nb::arg("rounding"), nb::arg("scale_method"));
  m.def("layout_json", &tf::python::layout_json, nb::arg("expression"), nb::arg("definitions"));
}
