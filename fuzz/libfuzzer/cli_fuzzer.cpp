// Fuzz target: any bytes as a `tf` command line, one argument per line, run by run_tf
// (tools/tf/tf_app.h) exactly as main() runs it (value_arguments included). Only the commands
// that read nothing but their arguments run: dtypes, cast, quantize, layout and ops, which hold
// the CLI's value, dtype, shape, rounding and scale-method readers and the layout and mesh
// expression readers with the layout algebra; any argument naming --svg (a file to write) makes
// the input uninteresting. A finding (fuzz_target.h): exit code 3 (an internal error) or
// anything that kills the process.
//   corpus: fuzz/corpus/cli (one command line per file)
#include <cstddef>
#include <cstdint>
#include <iostream>
#include <sstream>
#include <string>
#include <string_view>
#include <vector>

#include "driver/report.h"
#include "fuzz/libfuzzer/fuzz_target.h"
#include "tools/tf/cli_value.h"
#include "tools/tf/tf_app.h"

namespace {

constexpr std::size_t kMaxArguments = 64;

bool runs_offline(const std::vector<std::string>& args) {
  if (args.empty()) return false;
  const std::string& command = args.front();
  if (command != "dtypes" && command != "cast" && command != "quantize" && command != "layout" &&
      command != "ops")
    return false;
  for (const std::string& a : args)
    if (a.find("svg") != std::string::npos) return false;
  return true;
}

// Discards what the commands print (an input may ask for a large table).
class Silence {
 public:
  Silence() : out_(std::cout.rdbuf(&sink_)), err_(std::cerr.rdbuf(&sink_)) {}
  ~Silence() {
    std::cout.rdbuf(out_);
    std::cerr.rdbuf(err_);
  }
  Silence(const Silence&) = delete;
  Silence& operator=(const Silence&) = delete;

 private:
  struct Sink : std::streambuf {
    int overflow(int c) override { return c == EOF ? 0 : c; }
    std::streamsize xsputn(const char*, std::streamsize n) override { return n; }
  } sink_;
  std::streambuf* out_;
  std::streambuf* err_;
};

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  std::vector<std::string> lines{"tf"};
  std::string_view text(reinterpret_cast<const char*>(data), size);
  while (!text.empty() && lines.size() <= kMaxArguments) {
    const std::size_t end = text.find('\n');
    lines.emplace_back(text.substr(0, end));
    text = end == std::string_view::npos ? std::string_view() : text.substr(end + 1);
  }
  std::vector<const char*> argv;
  for (const std::string& l : lines) argv.push_back(l.c_str());
  std::vector<std::string> args = tf::cli::value_arguments(static_cast<int>(argv.size()), argv.data());
  args.erase(args.begin());
  if (!runs_offline(args)) return 0;
  int code = 0;
  {
    Silence quiet;
    code = tf::cli::run_tf(args);
  }
  if (code == tf::cli::kExitInternalError) {
    std::string line;
    for (const std::string& a : args) line += " '" + a + "'";
    tf::fuzz::finding("cli", "tf" + line + " exited with an internal error");
  }
  return 0;
}
