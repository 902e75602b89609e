#include "cuda/emit/emitter.h"

#include <fmt/format.h>

#include <map>
#include <memory>
#include <set>
#include <sstream>

#include "cuda/emit/cpp_text.h"
#include "cuda/emit/emit_support.h"
#include "cuda/emit/host_entry.h"
#include "cuda/emit/kernel_emitter.h"
#include "ir/tir/hidden_shape_params.h"
#include "ir/tir/prim_function.h"
#include "ir/type/tensor_type.h"

namespace tf::cuda {

using detail::CalleeEmitter;
using detail::ctype;
using detail::DeviceFnFacts;
using detail::host_entry;
using detail::KernelEmitter;
using detail::KernelFacts;
using detail::launch_shim;
using detail::not_emitted;

Result<std::string> emit_module(const Module& module) {
  std::ostringstream out;
  out << "// Emitted by tf emit (TileFoundry-C++): one CUDA C++ translation unit for nvcc, or for g++\n"
         "// against the host emulation. Each kernel statement carries its tfir in a comment.\n"
         "#include \"cuda/runtime/tf_runtime.h\"\n\n";
  std::map<std::string, KernelFacts> kernels;
  // Device functions the kernels call, each emitted once, callees before their callers (their
  // text waits in `device_text` until the kernel being emitted is written).
  std::map<std::string, DeviceFnFacts> devices;
  std::set<std::string> emitting;
  std::ostringstream device_text;
  CalleeEmitter callee;
  callee = [&](const std::string& name) -> Result<DeviceFnFacts> {
    if (auto it = devices.find(name); it != devices.end()) return it->second;
    if (emitting.count(name) != 0) return not_emitted(fmt::format("the recursive call of {}", name));
    // The machine model runs calls at most 256 deep (docs/tir-semantics.md, "Device calls"): a
    // chain that deep is its eval error, so it is refused here too, with the same text (a GPU
    // would run it, and tf run said yes where tf eval said no).
    if (emitting.size() + 1 >= 256)  // the kernel and the device functions being emitted
      return category_error(DiagCategory::Eval, fmt::format("@{}: calls nest deeper than 256", name));
    const auto* fn = dynamic_cast<const tir::PrimFunction*>(module.find(name));
    if (fn == nullptr || fn->target() != tir::Target::Cuda)
      return not_emitted(fmt::format("a call of {}, which is not a device prim_func of the module", name));
    emitting.insert(name);
    // On the heap: a call chain emits one nested emitter per level, up to 256 (a sanitized build
    // overflowed the stack with them on it).
    auto text = std::make_unique<std::ostringstream>();
    auto k = std::make_unique<KernelEmitter>(*fn, *text, callee, /*device_function=*/true);
    Result<bool> ok = k->emit();
    emitting.erase(name);
    TF_TRY(ok);
    device_text << k->declarations() << text->str();
    DeviceFnFacts facts{detail::function_symbols(name).device, k->smem_bytes(), k->gmem_bytes(), k->register_bytes(),
                        k->local_bytes(), k->cooperative()};
    devices[name] = facts;
    return facts;
  };
  for (const FunctionRef& f : module.functions()) {
    const auto* fn = dynamic_cast<const tir::PrimFunction*>(f.get());
    if (fn == nullptr) return not_emitted(fmt::format("the non-TIR function {} (lower it first)", f->name()));
    if (detail::function_symbols(fn->name()).entry.empty())
      return not_emitted(fmt::format("the function named '{}' (not an identifier)", detail::comment_text(fn->name())));
    if (fn->target() != tir::Target::Cuda) continue;
    std::ostringstream kernel;
    KernelEmitter k(*fn, kernel, callee);
    Result<bool> ok = k.emit();
    TF_TRY(ok);
    out << device_text.str();
    device_text.str("");
    KernelFacts facts{{}, tir::hidden_shape_params(*fn), k.implicit_extents(), k.smem_bytes(), k.gmem_bytes(), k.register_bytes(),
                      k.cooperative()};
    for (std::size_t i = 0; i < fn->params().size(); ++i)
      facts.param_types.push_back(facts.hidden[i] ? "" : *ctype(fn->params()[i]->type()->as<TensorType>()->dtype));
    out << k.declarations() << kernel.str() << launch_shim(fn->name(), facts);
    kernels[fn->name()] = facts;
  }
  for (const FunctionRef& f : module.functions())  // the host entries call each other (a dispatch)
    if (const auto* fn = dynamic_cast<const tir::PrimFunction*>(f.get()); fn != nullptr && fn->target() != tir::Target::Cuda)
      out << fmt::format("extern \"C\" const char* {}(void* const* buffers, const std::int64_t* const* shapes);\n",
                         detail::function_symbols(fn->name()).entry);
  out << "\n";
  for (const FunctionRef& f : module.functions()) {
    const auto* fn = dynamic_cast<const tir::PrimFunction*>(f.get());
    if (fn == nullptr || fn->target() == tir::Target::Cuda) continue;
    Result<std::string> e = host_entry(*fn, kernels);
    TF_TRY(e);
    out << *e;
  }
  return out.str();
}

}  // namespace tf::cuda
