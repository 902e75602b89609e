#include "cuda/driver/emu_module.h"
#include "cuda/emit/cpp_text.h"

#include <fmt/format.h>

#include <filesystem>
#include <fstream>
#include <mutex>

#include "cuda/driver/command.h"

namespace tf::cuda {

namespace {

// The flags every emulated module compiles with (the precompiled header must share them).
std::string gxx_flags() {
  return fmt::format("g++ -std=c++20 -O1 -fPIC -fno-fast-math -ffp-contract=off -w -I'{}' -isystem '{}'", TF_SOURCE_ROOT,
                     TF_CUDA_INCLUDE_DIR);
}

// The runtime's headers precompiled once per process (parsing the CUDA headers is two thirds of
// a module's compile: 1.7 s -> 0.6 s for a small kernel): a wrapper that includes
// cuda/runtime/tf_runtime.h, with its .gch beside it. "" when it could not be built (modules then
// compile without it, only slower).
const std::string& runtime_pch() {
  static std::once_flag once;
  static std::string wrapper;
  static struct Cleanup {
    std::string dir;
    ~Cleanup() {
      std::error_code ignored;
      if (!dir.empty()) std::filesystem::remove_all(dir, ignored);
    }
  } cleanup;
  std::call_once(once, [] {
    const std::string dir = make_scratch_dir();
    if (dir.empty()) return;
    cleanup.dir = dir;
    const std::string header = dir + "/tf_runtime_pch.h";
    std::ofstream(header) << "#include \"cuda/runtime/tf_runtime.h\"\n";
    if (run_command(fmt::format("{} -x c++-header '{}' -o '{}.gch'", gxx_flags(), header, header)).first == 0) wrapper = header;
  });
  return wrapper;
}

}  // namespace

Result<std::unique_ptr<EmuModule>> EmuModule::compile(const std::string& source, bool keep) {
  const std::filesystem::path emu_lib(TF_EMU_LIBRARY);
  const std::string& pch = runtime_pch();
  Result<std::unique_ptr<LoadedLibrary>> l =
      LoadedLibrary::build(source, "cpp", "g++", [&](const std::string& src, const std::string& lib) {
        return fmt::format("{} -shared {} '{}' -o '{}' '{}' -Wl,-rpath,'{}'", gxx_flags(),
                           pch.empty() ? std::string() : fmt::format("-include '{}'", pch), src, lib, emu_lib.string(),
                           emu_lib.parent_path().string());
      },
      keep);
  TF_TRY(l);
  return std::unique_ptr<EmuModule>(new EmuModule(std::move(l).value()));
}

Result<bool> EmuModule::run(const std::string& entry, const std::vector<void*>& buffers,
                            const std::vector<std::vector<std::int64_t>>& shapes, emu::EmuBudget* budget) const {
  using Entry = const char* (*)(void* const*, const std::int64_t* const*);
  auto* f = reinterpret_cast<Entry>(library_->symbol(detail::function_symbols(entry).entry));
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
