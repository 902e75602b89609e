#include "cuda/driver/emu_module.h"

#include <dlfcn.h>
#include <fmt/format.h>
#include <sys/wait.h>

#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>

namespace tf::cuda {

namespace {

// Runs `command` through the shell; its exit status and combined output.
std::pair<int, std::string> run_command(const std::string& command) {
  std::string out;
  FILE* p = ::popen((command + " 2>&1").c_str(), "r");
  if (p == nullptr) return {-1, "popen failed"};
  char buf[4096];
  while (std::fgets(buf, sizeof buf, p) != nullptr) out += buf;
  const int status = ::pclose(p);
  return {WIFEXITED(status) ? WEXITSTATUS(status) : -1, out};
}

std::string first_lines(const std::string& text, int n) {
  std::istringstream in(text);
  std::string line, out;
  for (int i = 0; i < n && std::getline(in, line); ++i) out += line + "\n";
  return out;
}

}  // namespace

Result<std::unique_ptr<EmuModule>> EmuModule::compile(const std::string& source) {
  std::string dir_template = (std::filesystem::temp_directory_path() / "tf-emu-XXXXXX").string();
  if (::mkdtemp(dir_template.data()) == nullptr) return category_error(DiagCategory::Usage, "cannot make a temporary directory for the emulation");
  std::unique_ptr<EmuModule> m(new EmuModule());
  m->dir_ = dir_template;
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

Result<bool> EmuModule::run(const std::string& entry, const std::vector<void*>& buffers) const {
  using Entry = const char* (*)(void* const*);
  auto* f = reinterpret_cast<Entry>(::dlsym(handle_, ("tf_entry_" + entry).c_str()));
  if (f == nullptr) return category_error(DiagCategory::Usage, fmt::format("the emitted module has no host entry `{}`", entry));
  if (const char* failure = f(buffers.data())) return category_error(DiagCategory::Eval, fmt::format("under the emulation: {}", failure));
  return true;
}

}  // namespace tf::cuda
