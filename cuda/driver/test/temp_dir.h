// TempDir: a fresh scratch folder for a test, removed with everything in it when the test ends.
#pragma once

#include <filesystem>
#include <string>
#include <system_error>

#include "cuda/driver/command.h"

namespace tf::cuda {

/// A folder made by make_scratch_dir (command.h), removed with its contents on destruction.
struct TempDir {
  TempDir() : path(make_scratch_dir()) {}
  ~TempDir() {
    std::error_code ignored;
    std::filesystem::remove_all(path, ignored);
  }
  TempDir(const TempDir&) = delete;
  TempDir& operator=(const TempDir&) = delete;
  std::string path;
};

}  // namespace tf::cuda
