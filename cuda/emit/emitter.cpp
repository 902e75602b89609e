#include "cuda/emit/emitter.h"

#include <fmt/format.h>

#include <algorithm>
#include <map>
#include <optional>
#include <memory>
#include <vector>
#include <sstream>

#include "cuda/emit/cpp_text.h"
#include "cuda/emit/emit_support.h"
#include "cuda/emit/host_entry.h"
#include "cuda/emit/kernel_emitter.h"
#include "ir/tir/hidden_shape_params.h"
#include "ir/tir/evaluate.h"
#include "ir/tir/named_barriers.h"
#include "ir/tir/prim_function.h"
#include "ir/tir/stmt_walk.h"
#include "ir/type/tensor_type.h"

namespace tf::cuda {

using detail::CalleeEmitter;
using detail::ctype;
using detail::DeviceFnFacts;
using detail::FunctionSymbols;
using detail::host_entry;
using detail::KernelEmitter;
using detail::KernelFacts;
using detail::launch_shim;
using detail::not_emitted;

namespace {

// What comes before the functions: a comment, and the runtime's #include (a translation unit of
// its own) or the opening of the batch namespace (EmitOptions).
std::string prologue(const std::string& ns) {
  if (ns.empty())
    return "// Emitted by tf emit (TileFoundry-C++): one CUDA C++ translation unit for nvcc, or for g++\n"
           "// against the host emulation. Each kernel statement carries its tfir in a comment.\n"
           "#include \"cuda/runtime/tf_runtime.h\"\n\n";
  return fmt::format("// Emitted by tf emit (TileFoundry-C++): one module of a batch translation unit, in namespace {0}\n"
                     "// (its extern \"C\" symbols prefixed {0}_). Each kernel statement carries its tfir in a comment.\n"
                     "namespace {0} {{\n\n",
                     ns);
}

std::string epilogue(const std::string& ns) { return ns.empty() ? std::string() : fmt::format("}}  // namespace {}\n\n", ns); }

}  // namespace

Result<std::string> emit_module(const Module& module, const EmitOptions& options) {
  const std::string& ns = options.symbol_namespace;
  if (!ns.empty() && !detail::is_batch_namespace(ns))  // a driver's name, never the IR's: a bug where it is not one
    return category_error(DiagCategory::Internal, fmt::format("the batch namespace '{}' is not tf_b<digits> (a driver bug)",
                                                              detail::comment_text(ns)));
  const std::string prefix = detail::symbol_prefix(ns);
  std::ostringstream out;
  out << prologue(ns);
  std::map<std::string, KernelFacts> kernels;
  // Device functions the kernels call, each emitted once, callees before their callers (their
  // text waits in `device_text` until the kernel being emitted is written). A kernel's reachable
  // device functions are emitted before it, bottom-up by an explicit stack (emit_reachable), so
  // no emitter runs inside another: a chain of 256 calls keeps one emitter on the stack, not 256
  // (a sanitized build overflowed the stack when each level emitted its callees itself).
  // `callee` only answers from what is emitted, and places the refusals at the call.
  std::map<std::string, DeviceFnFacts> devices;  // by key_of(name)
  std::vector<std::string> emitting;  // the device functions on the path being emitted, outermost first
  std::ostringstream device_text;
  // Named-barrier ids are the kernel's (seed 002 section 1.5), its device functions' sites
  // included: a device function that reaches a named barrier is emitted once per kernel that
  // calls it, with that kernel's ids; the others once for the module.
  std::size_t kernel_no = 0;
  std::optional<tir::NamedBarrierIds> kernel_ids;
  std::map<std::string, bool> reaches_named;  // by name, once its callees are known
  auto key_of = [&](const std::string& name) {
    auto it = reaches_named.find(name);
    return it != reaches_named.end() && it->second ? fmt::format("{}\n{}", name, kernel_no) : name;
  };
  auto device_fn = [&](const std::string& name) {
    const auto* fn = function_as<tir::PrimFunction>(module.find(name));
    return fn != nullptr && fn->target() == tir::Target::Cuda ? fn : nullptr;
  };
  auto on_path = [&](const std::string& name) { return std::find(emitting.begin(), emitting.end(), name) != emitting.end(); };
  // The machine model runs calls at most 256 deep (docs/tir-semantics.md, "Device calls"): a
  // chain that deep is its eval error, so it is refused here too, with the same text (a GPU
  // would run it, and tf run said yes where tf eval said no).
  auto too_deep = [&] { return emitting.size() + 1 >= tir::kMaxCallNesting; };  // the kernel, the device functions on the path
  const CalleeEmitter callee = [&](const std::string& name) -> Result<DeviceFnFacts> {
    if (auto it = devices.find(key_of(name)); it != devices.end()) return it->second;
    if (on_path(name)) return not_emitted(fmt::format("the recursive call of {}", name));
    if (too_deep())
      return category_error(DiagCategory::Eval, fmt::format("@{}: calls nest deeper than {}", name, tir::kMaxCallNesting));
    if (device_fn(name) == nullptr)
      return not_emitted(fmt::format("a call of {}, which is not a device prim_func of the module", name));
    return category_error(DiagCategory::Internal, fmt::format("a call of {} before its emission (an emitter bug)", name));
  };
  auto emit_device = [&](const tir::PrimFunction& fn) -> Result<bool> {
    const bool per_kernel = reaches_named.at(fn.name());
    const FunctionSymbols symbols =
        per_kernel ? detail::function_symbols_in_kernel(fn.name(), kernel_no) : detail::function_symbols(fn.name());
    auto text = std::make_unique<std::ostringstream>();
    auto k = std::make_unique<KernelEmitter>(fn, *text, callee, /*device_function=*/true);
    k->use_symbols(symbols);
    if (per_kernel && kernel_ids) k->use_named_barriers(*kernel_ids);
    Result<bool> ok = k->emit();
    TF_TRY(ok);
    device_text << k->declarations() << text->str();
    devices[key_of(fn.name())] =
        DeviceFnFacts{symbols.device, k->smem_bytes(), k->gmem_bytes(), k->register_bytes(), k->local_bytes(), k->cooperative()};
    return true;
  };
  // Every device function `root` reaches and that is not emitted yet, in post-order (the calls of
  // each function in statement order). A callee that `callee` would refuse (recursive, too deep,
  // not a device function) is not entered: its caller's emission refuses the call, at the call.
  auto emit_reachable = [&](const tir::PrimFunction& root) -> Result<bool> {
    struct Frame {
      const tir::PrimFunction* fn;
      std::vector<std::string> calls;
      std::size_t next = 0;
    };
    auto frame = [](const tir::PrimFunction& fn) {
      Frame f{&fn, {}};
      tir::walk(fn.body(), [&](const tir::StmtNode& s) {
        if (const auto* e = s.as<tir::Evaluate>(); e != nullptr && !e->is_op()) f.calls.push_back(e->symbol().name);
      });
      return f;
    };
    std::vector<Frame> stack;
    stack.push_back(frame(root));
    while (!stack.empty()) {
      Frame& top = stack.back();
      if (top.next < top.calls.size()) {
        const std::string& name = top.calls[top.next++];
        const tir::PrimFunction* fn = device_fn(name);
        if (fn == nullptr || devices.count(key_of(name)) != 0 || on_path(name) || too_deep()) continue;
        emitting.push_back(name);
        stack.push_back(frame(*fn));
        continue;
      }
      const Frame done = std::move(top);
      stack.pop_back();
      bool named = tir::has_named_barrier(*done.fn);  // its own, or a callee's (known now)
      for (const std::string& c : done.calls)
        if (auto it = reaches_named.find(c); it != reaches_named.end() && it->second) named = true;
      reaches_named[done.fn->name()] = named;
      if (stack.empty()) break;  // the root: its caller emits it
      Result<bool> ok = emit_device(*done.fn);
      emitting.pop_back();
      TF_TRY(ok);
    }
    return true;
  };
  for (const FunctionRef& f : module.functions()) {
    const auto* fn = f->as<tir::PrimFunction>();
    if (fn == nullptr) return not_emitted(fmt::format("the non-TIR function {} (lower it first)", f->name()));
    if (detail::function_symbols(fn->name()).entry.empty())
      return not_emitted(fmt::format("the function named '{}' (not an identifier)", detail::comment_text(fn->name())));
    if (fn->target() != tir::Target::Cuda) continue;
    ++kernel_no;
    Result<tir::NamedBarrierIds> ids = tir::allocate_named_barriers(*fn, &module);  // its device functions' sites too
    TF_TRY(ids);
    kernel_ids = std::move(ids).value();
    Result<bool> callees_ok = emit_reachable(*fn);
    TF_TRY(callees_ok);
    std::ostringstream kernel;
    KernelEmitter k(*fn, kernel, callee);
    k.use_named_barriers(*kernel_ids);
    Result<bool> ok = k.emit();
    TF_TRY(ok);
    out << device_text.str();
    device_text.str("");
    KernelFacts facts{{}, tir::hidden_shape_params(*fn), k.implicit_extents(), k.smem_bytes(), k.gmem_bytes(), k.register_bytes(),
                      k.cooperative()};
    for (std::size_t i = 0; i < fn->params().size(); ++i) {
      const DType d = fn->params()[i]->type()->as<TensorType>()->dtype;  // a block-scaled one: its planes' buffer
      facts.param_types.push_back(facts.hidden[i] ? "" : d.is_compound() ? "unsigned char" : *ctype(d));
    }
    out << k.declarations() << kernel.str() << launch_shim(fn->name(), facts, prefix);
    kernels[fn->name()] = facts;
  }
  for (const FunctionRef& f : module.functions())  // the host entries call each other (a dispatch)
    if (const auto* fn = f->as<tir::PrimFunction>(); fn != nullptr && fn->target() != tir::Target::Cuda)
      out << fmt::format("extern \"C\" const char* {}(void* const* buffers, const std::int64_t* const* shapes);\n",
                         detail::function_symbols(fn->name(), prefix).entry);
  out << "\n";
  for (const FunctionRef& f : module.functions()) {
    const auto* fn = f->as<tir::PrimFunction>();
    if (fn == nullptr || fn->target() == tir::Target::Cuda) continue;
    Result<std::string> e = host_entry(*fn, kernels, prefix, options.target);
    TF_TRY(e);
    out << *e;
  }
  out << epilogue(ns);
  return out.str();
}

}  // namespace tf::cuda
