#include "cuda/driver/loaded_library.h"

#include <dlfcn.h>
#include <fmt/format.h>

#include <filesystem>
#include <fstream>

#include "cuda/driver/command.h"

namespace tf::cuda {

Result<std::unique_ptr<LoadedLibrary>> LoadedLibrary::build(const std::string& source, const std::string& extension,
                                                            const std::string& compiler, const Command& command) {
  std::unique_ptr<LoadedLibrary> l(new LoadedLibrary());
  l->dir_ = make_scratch_dir();
  if (l->dir_.empty()) return category_error(DiagCategory::Usage, fmt::format("cannot make a temporary directory for {}", compiler));
  const std::string src = l->dir_ + "/module." + extension, lib = l->dir_ + "/module.so";
  std::ofstream(src) << source;
  const auto [status, output] = run_command(command(src, lib));
  if (status != 0) {
    Diagnostic d = category_error(DiagCategory::Internal, fmt::format("{} failed on the emitted source {} (kept for reading)", compiler, src));
    d.notes.push_back(first_lines(output, 12));
    l->dir_.clear();  // keep the files
    return d;
  }
  l->handle_ = ::dlopen(lib.c_str(), RTLD_NOW | RTLD_LOCAL);
  if (l->handle_ == nullptr) return category_error(DiagCategory::Internal, fmt::format("cannot load {}: {}", lib, ::dlerror()));
  return l;
}

LoadedLibrary::~LoadedLibrary() {
  if (handle_ != nullptr) ::dlclose(handle_);
  if (!dir_.empty()) {
    std::error_code ignored;
    std::filesystem::remove_all(dir_, ignored);
  }
}

void* LoadedLibrary::symbol(const std::string& name) const { return ::dlsym(handle_, name.c_str()); }

}  // namespace tf::cuda
