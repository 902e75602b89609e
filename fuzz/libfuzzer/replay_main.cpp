// The standalone driver of the fuzz targets (the OSS-Fuzz regression practice): linked with a
// target's LLVMFuzzerTestOneInput into the default build (any compiler, no libFuzzer), it
//  - replays every file of the given folders (sorted) and every given file exactly: the seed
//    corpus and the crash reproducers under fuzz/regressions/;
//  - with --mutations N, then runs N inputs made from them by a seeded byte mutator: a short,
//    deterministic fuzz run without coverage feedback (libFuzzer's clang build has that).
//
//   NAME_replay [--mutations N] [--seed S] [--max-len L] [--only K --save FILE] PATH...
//
// A finding aborts inside the target, as under libFuzzer. Before that the driver's handler (of
// SIGABRT and SIGSEGV, and the sanitizers' death callback) prints which input was running: a
// file, or mutation K of seed S, which `--only K --save FILE` writes out as a reproducer to
// check in under fuzz/regressions/NAME/.
#include <algorithm>
#include <csignal>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>
#include <string_view>
#include <vector>

#include <unistd.h>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size);

#if defined(__has_feature)
#if __has_feature(address_sanitizer) || __has_feature(undefined_behavior_sanitizer)
#define TF_HAS_SANITIZER 1
#endif
#endif
#if defined(__SANITIZE_ADDRESS__)
#define TF_HAS_SANITIZER 1
#endif
#ifdef TF_HAS_SANITIZER
extern "C" void __sanitizer_set_death_callback(void (*callback)(void));
#endif

namespace {

namespace fs = std::filesystem;

// What is running, for the crash handler (written before each input; read only there).
char running[512] = "no input yet";

void say_what_was_running() {
  const char prefix[] = "\nreplay driver: the failing input is ";
  (void)!::write(2, prefix, sizeof prefix - 1);
  (void)!::write(2, running, std::strlen(running));
  (void)!::write(2, "\n", 1);
}

void on_fatal_signal(int sig) {
  say_what_was_running();
  std::signal(sig, SIG_DFL);
  std::raise(sig);
}

// splitmix64: small, fast, and the same sequence everywhere.
class Random {
 public:
  explicit Random(std::uint64_t seed) : state_(seed) {}
  std::uint64_t next() {
    std::uint64_t z = (state_ += 0x9e3779b97f4a7c15ull);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
  }
  std::size_t below(std::size_t n) { return n == 0 ? 0 : static_cast<std::size_t>(next() % n); }

 private:
  std::uint64_t state_;
};

// Bytes and words that the text formats give meaning to (tfir, literals, layouts, .npy headers,
// command lines) and numbers at the edges of every integer and float range.
constexpr std::string_view kBytes = std::string_view("\0\n \t\"'`{}()[]<>,:;=#@-+*/._0123456789xeEnN\x01\x7f\x80\xff", 43);
const char* const kWords[] = {
    "99999999999999999999", "-9223372036854775808", "9223372036854775807", "4294967296",
    "2147483648", "-1", "0", "1e999", "-1e-999", "0x1p-1074", "nan", "-inf", "inf", "1.5",
    "((((((((", "))))))))", ", ", "Tensor[(", "), f32]", "Tuple[", "f16", "bf16", "fp8e4m3",
    "mxfp4", "nvfp4", "i64", "bool", "random(seed=1)", "splat(", "range(0, 100000000, 1)",
    "func ", "return ", "yield ", "carry (", "case \"", "expect output = ", "expect error ",
    "input x = ", "dim N = ", "Layout(", "Mesh(", "names=", "composition(", "--to", "--shape",
    "--def", "--json", "'descr': '<f4'", "'shape': (", "'fortran_order': False", "\x93NUMPY"};

std::string mutate(const std::vector<std::string>& corpus, Random& rng, std::size_t max_len) {
  std::string s = corpus[rng.below(corpus.size())];
  const std::size_t edits = 1 + rng.below(6);
  for (std::size_t e = 0; e < edits; ++e) {
    const std::size_t at = rng.below(s.size() + 1);
    switch (rng.below(7)) {
      case 0:  // flip a bit
        if (!s.empty()) s[rng.below(s.size())] ^= static_cast<char>(1u << rng.below(8));
        break;
      case 1:  // replace a byte with a meaningful one
        if (!s.empty()) s[rng.below(s.size())] = kBytes[rng.below(kBytes.size())];
        break;
      case 2:  // insert a meaningful byte
        s.insert(at, 1, kBytes[rng.below(kBytes.size())]);
        break;
      case 3:  // erase a run
        if (at < s.size()) s.erase(at, 1 + rng.below(16));
        break;
      case 4: {  // duplicate a run somewhere
        if (s.empty()) break;
        const std::size_t from = rng.below(s.size());
        const std::string run = s.substr(from, 1 + rng.below(32));
        s.insert(rng.below(s.size() + 1), run);
        break;
      }
      case 5:  // insert a word
        s.insert(at, kWords[rng.below(std::size(kWords))]);
        break;
      default: {  // splice: this input's head, another input's tail
        const std::string& other = corpus[rng.below(corpus.size())];
        s = s.substr(0, at) + other.substr(rng.below(other.size() + 1));
        break;
      }
    }
  }
  if (s.size() > max_len) s.resize(max_len);
  return s;
}

void run_one(const std::string& input) {
  LLVMFuzzerTestOneInput(reinterpret_cast<const std::uint8_t*>(input.data()), input.size());
}

int usage(const char* why) {
  std::fprintf(stderr,
               "%s\nusage: REPLAY [--mutations N] [--seed S] [--max-len L] [--only K --save FILE] "
               "PATH...\n(PATH: a corpus folder or an input file; see the header of "
               "fuzz/libfuzzer/replay_main.cpp)\n",
               why);
  return 2;
}

}  // namespace

int main(int argc, char** argv) {
  std::uint64_t mutations = 0, seed = 1, only = UINT64_MAX;
  std::size_t max_len = 8192;
  std::string save;
  std::vector<std::string> paths;
  for (int i = 1; i < argc; ++i) {
    const std::string_view a = argv[i];
    const bool has_value = i + 1 < argc;
    if (a == "--mutations" && has_value) mutations = std::strtoull(argv[++i], nullptr, 10);
    else if (a == "--seed" && has_value) seed = std::strtoull(argv[++i], nullptr, 10);
    else if (a == "--max-len" && has_value) max_len = std::strtoull(argv[++i], nullptr, 10);
    else if (a == "--only" && has_value) only = std::strtoull(argv[++i], nullptr, 10);
    else if (a == "--save" && has_value) save = argv[++i];
    else if (a.starts_with("--")) return usage("unknown option");
    else paths.emplace_back(a);
  }
  if (!save.empty() && only == UINT64_MAX) return usage("--save needs --only K");

  std::vector<std::string> files;
  for (const std::string& p : paths) {
    std::error_code ec;
    if (fs::is_directory(p, ec)) {
      std::vector<std::string> found;
      for (const fs::directory_entry& e : fs::directory_iterator(p, ec))
        if (e.is_regular_file(ec)) found.push_back(e.path().string());
      std::sort(found.begin(), found.end());
      files.insert(files.end(), found.begin(), found.end());
    } else if (fs::is_regular_file(p, ec)) {
      files.push_back(p);
    } else {
      std::fprintf(stderr, "no such file or folder '%s'\n", p.c_str());
      return 2;
    }
  }
  std::vector<std::string> corpus;
  for (const std::string& f : files) {
    std::ifstream in(f, std::ios::binary);
    corpus.emplace_back(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
  }
  if (corpus.empty()) return usage("no inputs");

  std::signal(SIGABRT, on_fatal_signal);
  std::signal(SIGSEGV, on_fatal_signal);
#ifdef TF_HAS_SANITIZER
  __sanitizer_set_death_callback(say_what_was_running);
#endif
  if (only == UINT64_MAX) {
    for (std::size_t i = 0; i < corpus.size(); ++i) {
      std::snprintf(running, sizeof running, "the file %s", files[i].c_str());
      run_one(corpus[i]);
    }
  }
  Random rng(seed);
  for (std::uint64_t k = 0; k < mutations || (only != UINT64_MAX && k <= only); ++k) {
    const std::string input = mutate(corpus, rng, max_len);
    if (only != UINT64_MAX && k != only) continue;
    if (!save.empty()) {
      std::ofstream(save, std::ios::binary) << input;
      std::fprintf(stderr, "wrote mutation %llu of seed %llu (%zu bytes) to %s\n",
                   static_cast<unsigned long long>(k), static_cast<unsigned long long>(seed),
                   input.size(), save.c_str());
      return 0;
    }
    std::snprintf(running, sizeof running,
                  "mutation %llu of seed %llu (write it out: --seed %llu --only %llu --save FILE "
                  "with the same paths)",
                  static_cast<unsigned long long>(k), static_cast<unsigned long long>(seed),
                  static_cast<unsigned long long>(seed), static_cast<unsigned long long>(k));
    run_one(input);
  }
  std::printf("%zu inputs replayed, %llu mutations run (seed %llu): no finding\n",
              only == UINT64_MAX ? corpus.size() : 0, static_cast<unsigned long long>(mutations),
              static_cast<unsigned long long>(seed));
  return 0;
}
