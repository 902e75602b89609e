#include "cuda/driver/emu_module.h"

#include <fmt/format.h>

#include <filesystem>
#include <fstream>
#include <mutex>
#include <string_view>

#include "cuda/driver/command.h"
#include "cuda/driver/compile_inputs.h"
#include "cuda/emit/cpp_text.h"

namespace tf::cuda {

namespace {

// The emulation's compiler (TF_EMU_CXX, chosen at configure time: clang++ where found, else
// g++) and its name in diagnostics and progress lines ("clang++", "g++").
std::string emu_cxx_name() { return std::filesystem::path(TF_EMU_CXX).filename().string(); }
bool emu_cxx_is_clang() { return emu_cxx_name().find("clang") != std::string::npos; }

// The flags an emulated module compiles with (its precompiled header shares them): -O1 for a
// module that runs alone, -O0 for a batch (it compiles 2.5 times as fast, and a campaign's
// kernels are small: compiling them is most of their cost). Neither changes what a float
// operation computes: no fast math, no contraction into FMAs.
std::string cxx_flags(EmuOptimization level) {
  return fmt::format("'{}' -std=c++20 {} -fPIC -fno-fast-math -ffp-contract=off -w -I'{}' -isystem '{}'", TF_EMU_CXX,
                     level == EmuOptimization::Run ? "-O1" : "-O0", TF_SOURCE_ROOT, TF_CUDA_INCLUDE_DIR);
}

// The runtime's headers precompiled once per process (parsing the CUDA headers is two thirds of
// a module's compile: 1.7 s -> 0.6 s for a small kernel under g++): a wrapper that includes
// cuda/runtime/tf_runtime.h, with its precompiled form beside it (g++ reads `.gch`, clang++
// `.pch`, each for `-include` of the wrapper). Under clang++ a batch's header is built with
// -fpch-codegen and compiled once into an object that every batch links: the runtime's inline
// functions and the templates the header instantiates are then generated once, not in every
// batch (a third of a batch's compile, and most of a small batch's: docs/benchmarks.md). Empty
// when it could not be built (modules then compile without it, only slower). One per
// optimization level.
struct RuntimePch {
  std::string wrapper;  ///< the header to -include, or ""
  std::string object;   ///< the object to link, or "" (no -fpch-codegen)
};

const RuntimePch& runtime_pch(EmuOptimization level) {
  struct Pch {
    std::once_flag once;
    RuntimePch built;
    std::string dir;
    ~Pch() {
      std::error_code ignored;
      if (!dir.empty()) std::filesystem::remove_all(dir, ignored);
    }
  };
  static Pch pchs[2];
  Pch& p = pchs[level == EmuOptimization::Run ? 0 : 1];
  std::call_once(p.once, [&p, level] {
    const std::string dir = make_scratch_dir();
    if (dir.empty()) return;
    p.dir = dir;
    const std::string header = dir + "/tf_runtime_pch.h";
    std::ofstream(header) << "#include \"cuda/runtime/tf_runtime.h\"\n";
    const bool clang = emu_cxx_is_clang(), codegen = clang && level == EmuOptimization::Batch;
    const std::string pch = fmt::format("{}.{}", header, clang ? "pch" : "gch");
    if (run_command(fmt::format("{} {}-x c++-header '{}' -o '{}'", cxx_flags(level),
                                codegen ? "-fpch-codegen -fpch-instantiate-templates " : "", header, pch))
            .first != 0)
      return;
    if (codegen) {
      const std::string object = dir + "/tf_runtime_pch.o";
      if (run_command(fmt::format("{} -c '{}' -o '{}'", cxx_flags(level), pch, object)).first != 0) return;
      p.built.object = object;
    }
    p.built.wrapper = header;
  });
  return p.built;
}

// The link to the emulation library, with its folder on the module's run path (and the linker
// chosen at configure time: gold where found).
std::string emu_link() {
  const std::filesystem::path emu_lib(TF_EMU_LIBRARY);
  const std::string_view linker = TF_EMU_LINK_FLAGS;
  return fmt::format("{}{}'{}' -Wl,-rpath,'{}'", linker, linker.empty() ? "" : " ", emu_lib.string(), emu_lib.parent_path().string());
}

// The compile command of a module; the precompiled header (built on the first compile of the
// process) does not change what the compiler makes of it, so the disk cache's key leaves it out.
std::string cxx_command(EmuOptimization level, const std::string& src, const std::string& lib, const RuntimePch& pch) {
  const std::string include = pch.wrapper.empty() ? std::string() : fmt::format("-include '{}' ", pch.wrapper);
  const std::string object = pch.object.empty() ? std::string() : fmt::format(" '{}'", pch.object);
  return fmt::format("{} -shared {}'{}'{} -o '{}' {}", cxx_flags(level), include, src, object, lib, emu_link());
}

}  // namespace

Toolchain EmuModule::toolchain(EmuOptimization level) {
  Toolchain t;
  t.name = emu_cxx_name();
  t.extension = "cpp";
  t.command = [level](const std::string& src, const std::string& lib) { return cxx_command(level, src, lib, runtime_pch(level)); };
  t.inputs = [level] {
    static const std::string inputs[2] = {compile_inputs(cxx_command(EmuOptimization::Run, "<src>", "<lib>", {}), {TF_EMU_CXX}),
                                          compile_inputs(cxx_command(EmuOptimization::Batch, "<src>", "<lib>", {}), {TF_EMU_CXX})};
    return inputs[level == EmuOptimization::Run ? 0 : 1];
  };
  return t;
}

Result<std::unique_ptr<EmuModule>> EmuModule::compile(const std::string& source, bool keep) {
  BuildOptions options;
  options.keep = keep;
  return compile(source, options);
}

Result<std::unique_ptr<EmuModule>> EmuModule::compile(const std::string& source, const BuildOptions& options) {
  Result<std::shared_ptr<LoadedLibrary>> l = LoadedLibrary::build(source, toolchain(EmuOptimization::Run), options);
  TF_TRY(l);
  return in_library(std::move(l).value(), "");
}

std::unique_ptr<EmuModule> EmuModule::in_library(std::shared_ptr<const LoadedLibrary> library, std::string prefix) {
  return std::unique_ptr<EmuModule>(new EmuModule(std::move(library), std::move(prefix)));
}

void* EmuModule::entry_symbol(const std::string& entry) const { return library_->entry(prefix_, entry); }

bool EmuModule::has_entry(const std::string& entry) const { return entry_symbol(entry) != nullptr; }

Result<bool> EmuModule::run(const std::string& entry, const std::vector<void*>& buffers,
                            const std::vector<std::vector<std::int64_t>>& shapes, emu::EmuBudget* budget) const {
  using Entry = const char* (*)(void* const*, const std::int64_t* const*);
  auto* f = reinterpret_cast<Entry>(entry_symbol(entry));
  if (f == nullptr) return category_error(DiagCategory::Usage, fmt::format("the emitted module has no host entry `{}`", entry));
  // The emulation library the module links (this process links none of its own) takes the budget.
  using SetBudget = void (*)(emu::EmuBudget*);
  auto* set_budget = reinterpret_cast<SetBudget>(library_->symbol("tf_emu_set_budget"));
  if (set_budget == nullptr) return category_error(DiagCategory::Internal, "the emitted module does not link the emulation (no tf_emu_set_budget)");
  std::vector<const std::int64_t*> extents;
  for (const std::vector<std::int64_t>& s : shapes) extents.push_back(s.data());
  set_budget(budget);
  const char* failure = f(buffers.data(), extents.data());
  set_budget(nullptr);
  if (failure != nullptr) return category_error(DiagCategory::Eval, fmt::format("under the emulation: {}", failure));
  return true;
}

}  // namespace tf::cuda
