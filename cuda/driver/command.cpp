#include "cuda/driver/command.h"

#include <sys/wait.h>

#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <sstream>

namespace tf::cuda {

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

std::string make_scratch_dir() {
  std::error_code ec;  // TMPDIR naming a file or a device is a failure to report, not an exception
  const std::filesystem::path base = std::filesystem::temp_directory_path(ec);
  if (ec) return std::string();
  std::string dir = (base / "tf-cuda-XXXXXX").string();
  return ::mkdtemp(dir.data()) == nullptr ? std::string() : dir;
}

}  // namespace tf::cuda
