// The test file the tf command tests write their programs to.
#pragma once

#include <gtest/gtest.h>

#include <fstream>
#include <string>

namespace tf::cli {

/// Writes `text` to `name` in gtest's temporary folder and gives its path.
inline std::string write_temp(const std::string& name, const std::string& text) {
  std::string path = testing::TempDir() + name;
  std::ofstream(path) << text;
  return path;
}

}  // namespace tf::cli
