#include "cuda/driver/emu_module.h"

#include <fmt/format.h>

#include <filesystem>

namespace tf::cuda {

Result<std::unique_ptr<EmuModule>> EmuModule::compile(const std::string& source) {
  const std::filesystem::path emu_lib(TF_EMU_LIBRARY);
  Result<std::unique_ptr<LoadedLibrary>> l =
      LoadedLibrary::build(source, "cpp", "g++", [&](const std::string& src, const std::string& lib) {
        return fmt::format(
            "g++ -std=c++20 -O1 -fPIC -shared -fno-fast-math -ffp-contract=off -w -I'{}' -isystem '{}' '{}' -o '{}' '{}' -Wl,-rpath,'{}'",
            TF_SOURCE_ROOT, TF_CUDA_INCLUDE_DIR, src, lib, emu_lib.string(), emu_lib.parent_path().string());
      });
  TF_TRY(l);
  return std::unique_ptr<EmuModule>(new EmuModule(std::move(l).value()));
}

Result<bool> EmuModule::run(const std::string& entry, const std::vector<void*>& buffers,
                            const std::vector<std::vector<std::int64_t>>& shapes) const {
  using Entry = const char* (*)(void* const*, const std::int64_t* const*);
  auto* f = reinterpret_cast<Entry>(library_->symbol("tf_entry_" + entry));
  if (f == nullptr) return category_error(DiagCategory::Usage, fmt::format("the emitted module has no host entry `{}`", entry));
  std::vector<const std::int64_t*> extents;
  for (const std::vector<std::int64_t>& s : shapes) extents.push_back(s.data());
  if (const char* failure = f(buffers.data(), extents.data())) return category_error(DiagCategory::Eval, fmt::format("under the emulation: {}", failure));
  return true;
}

}  // namespace tf::cuda
