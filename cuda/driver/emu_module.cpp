#include "cuda/driver/emu_module.h"

#include "cuda/driver/command.h"

#include <dlfcn.h>
#include <fmt/format.h>

#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>

namespace tf::cuda {

Result<std::unique_ptr<EmuModule>> EmuModule::compile(const std::string& source) {
  std::unique_ptr<EmuModule> m(new EmuModule());
  m->dir_ = make_scratch_dir();
  if (m->dir_.empty()) return category_error(DiagCategory::Usage, "cannot make a temporary directory for the emulation");
  const std::string src = m->dir_ + "/module.cpp", lib = m->dir_ + "/module.so";
  std::ofstream(src) << source;
  const std::filesystem::path emu_lib(TF_EMU_LIBRARY);
  const std::string command = fmt::format(
      "g++ -std=c++20 -O1 -fPIC -shared -fno-fast-math -ffp-contract=off -w -I'{}' -isystem '{}' '{}' -o '{}' '{}' -Wl,-rpath,'{}'",
      TF_SOURCE_ROOT, TF_CUDA_INCLUDE_DIR, src, lib, emu_lib.string(), emu_lib.parent_path().string());
  const auto [status, output] = run_command(command);
  if (status != 0) {
    Diagnostic d = category_error(DiagCategory::Internal,
                                  fmt::format("g++ failed on the emitted source {} (kept for reading)", src));
    d.notes.push_back(first_lines(output, 12));
    m->dir_.clear();  // keep the files
    return d;
  }
  m->handle_ = ::dlopen(lib.c_str(), RTLD_NOW | RTLD_LOCAL);
  if (m->handle_ == nullptr) return category_error(DiagCategory::Internal, fmt::format("cannot load {}: {}", lib, ::dlerror()));
  return m;
}

EmuModule::~EmuModule() {
  if (handle_ != nullptr) ::dlclose(handle_);
  if (!dir_.empty()) {
    std::error_code ignored;
    std::filesystem::remove_all(dir_, ignored);
  }
}

Result<bool> EmuModule::run(const std::string& entry, const std::vector<void*>& buffers,
                            const std::vector<std::vector<std::int64_t>>& shapes) const {
  using Entry = const char* (*)(void* const*, const std::int64_t* const*);
  auto* f = reinterpret_cast<Entry>(::dlsym(handle_, ("tf_entry_" + entry).c_str()));
  if (f == nullptr) return category_error(DiagCategory::Usage, fmt::format("the emitted module has no host entry `{}`", entry));
  std::vector<const std::int64_t*> extents;
  for (const std::vector<std::int64_t>& s : shapes) extents.push_back(s.data());
  if (const char* failure = f(buffers.data(), extents.data())) return category_error(DiagCategory::Eval, fmt::format("under the emulation: {}", failure));
  return true;
}

}  // namespace tf::cuda
