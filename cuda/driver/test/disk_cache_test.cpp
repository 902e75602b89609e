// The disk cache of compiled shared objects (cuda/driver/disk_cache.h) without a compiler: its
// folder, its key, an entry stored and fetched only for exactly its text, the bound kept by
// evicting the least recently used entries, and a folder it cannot use being no error.
#include "cuda/driver/disk_cache.h"

#include <gtest/gtest.h>

#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <optional>
#include <set>
#include <sstream>
#include <string>

#include "cuda/driver/command.h"
#include "cuda/driver/content_hash.h"
#include "cuda/driver/test/temp_dir.h"

namespace tf::cuda {
namespace {

namespace fs = std::filesystem;


// Sets (or, for nullopt, unsets) an environment variable for the life of the object.
class EnvVar {
 public:
  EnvVar(const char* name, std::optional<std::string> value) : name_(name) {
    if (const char* old = std::getenv(name)) old_ = old;
    if (value)
      ::setenv(name, value->c_str(), 1);
    else
      ::unsetenv(name);
  }
  ~EnvVar() {
    if (old_)
      ::setenv(name_, old_->c_str(), 1);
    else
      ::unsetenv(name_);
  }

 private:
  const char* name_;
  std::optional<std::string> old_;
};

std::string read(const fs::path& p) {
  std::ifstream in(p, std::ios::binary);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

void write(const fs::path& p, const std::string& text) { std::ofstream(p, std::ios::binary) << text; }

std::set<std::string> names_in(const std::string& dir) {
  std::set<std::string> names;
  for (const fs::directory_entry& e : fs::directory_iterator(dir)) names.insert(e.path().filename().string());
  return names;
}

void age(const fs::path& p, std::chrono::hours by) {
  fs::last_write_time(p, fs::file_time_type::clock::now() - by);
}

TEST(ContentHash, TheDigestIsOfTheSequenceOfStringsFramedByTheirLengths) {
  const std::string a = ContentHash().add("ab").add("c").hex();
  EXPECT_EQ(a.size(), 32u);
  EXPECT_EQ(a.find_first_not_of("0123456789abcdef"), std::string::npos) << a;
  EXPECT_EQ(a, ContentHash().add("ab").add("c").hex());
  EXPECT_NE(a, ContentHash().add("a").add("bc").hex());
  EXPECT_NE(a, ContentHash().add("abc").hex());
  EXPECT_NE(ContentHash().add("x").hex(), ContentHash().add("y").hex());
  EXPECT_NE(ContentHash().hex(), ContentHash().add("").hex());
  std::set<std::string> digests;  // one byte changed anywhere: another digest
  std::string text(200, 'q');
  for (std::size_t i = 0; i < text.size(); ++i) {
    std::string t = text;
    t[i] = 'r';
    digests.insert(ContentHash().add(t).hex());
  }
  EXPECT_EQ(digests.size(), text.size());
}

TEST(DiskCache, TheKeyIsOfTheUnitAndTheCompilesOtherInputs) {
  const std::string k = DiskCache::key("int x;", "g++ 12");
  EXPECT_EQ(k.size(), 32u);
  EXPECT_EQ(k, DiskCache::key("int x;", "g++ 12"));
  EXPECT_NE(k, DiskCache::key("int x; ", "g++ 12"));
  EXPECT_NE(k, DiskCache::key("int x;", "g++ 13"));
  EXPECT_NE(DiskCache::key("ab", "c"), DiskCache::key("a", "bc"));
}

TEST(DiskCache, TheFolderIsTheOptionsElseTheEnvironmentsAndOffIsNone) {
  EnvVar tf("TF_CACHE_DIR", std::nullopt), xdg("XDG_CACHE_HOME", std::nullopt), home("HOME", "/home/u");
  EXPECT_EQ(DiskCache::folder(""), "/home/u/.cache/tilefoundry");
  EXPECT_EQ(DiskCache::folder("/given"), "/given");
  EXPECT_EQ(DiskCache::folder("off"), "");
  {
    EnvVar x("XDG_CACHE_HOME", "/xdg");
    EXPECT_EQ(DiskCache::folder(""), "/xdg/tilefoundry");
    EnvVar t("TF_CACHE_DIR", "/tf");
    EXPECT_EQ(DiskCache::folder(""), "/tf");
    EXPECT_EQ(DiskCache::folder("/given"), "/given");
    EnvVar off("TF_CACHE_DIR", "off");
    EXPECT_EQ(DiskCache::folder(""), "");
    EXPECT_EQ(DiskCache::folder("/given"), "/given");  // the options' folder overrides
  }
  {
    EnvVar empty("TF_CACHE_DIR", "");  // set but empty: not chosen
    EXPECT_EQ(DiskCache::folder(""), "/home/u/.cache/tilefoundry");
  }
  EnvVar no_home("HOME", std::nullopt);
  EXPECT_EQ(DiskCache::folder(""), "");
}

TEST(DiskCache, AnEntryIsFetchedOnlyForExactlyItsText) {
  TempDir tmp;
  ASSERT_FALSE(tmp.path.empty());
  const std::string dir = tmp.path + "/cache/nested";  // made by the first store
  DiskCache cache(dir);
  const std::string unit = "// a unit\nint f() { return 1; }\n", lib = tmp.path + "/built.so", to = tmp.path + "/fetched.so";
  write(lib, std::string("\x7f" "ELF and then some bytes\0\1\2", 28));
  const std::string key = DiskCache::key(unit, "inputs");
  EXPECT_FALSE(cache.fetch(key, unit, to));  // nothing stored yet (no folder either)
  cache.store(key, unit, lib);
  EXPECT_EQ(names_in(dir), (std::set<std::string>{key + ".so", key + ".cpp"}));  // no temporary left
  EXPECT_EQ(read(dir + "/" + key + ".cpp"), unit);
  ASSERT_TRUE(cache.fetch(key, unit, to));
  EXPECT_EQ(read(to), read(lib));
  // The same key asked for with another text (a collision, or a file changed by hand): a miss.
  EXPECT_FALSE(cache.fetch(key, unit + " ", tmp.path + "/other.so"));
  EXPECT_FALSE(cache.fetch(key, unit.substr(1), tmp.path + "/other.so"));
  write(dir + "/" + key + ".cpp", "// a unit\nint f() { return 2; }\n");
  EXPECT_FALSE(cache.fetch(key, unit, tmp.path + "/other.so"));
  write(dir + "/" + key + ".cpp", unit);
  fs::remove(dir + "/" + key + ".so");  // evicted by another process since: a miss
  EXPECT_FALSE(cache.fetch(key, unit, tmp.path + "/other.so"));
  // Not a key: never a path outside the folder.
  EXPECT_FALSE(cache.fetch("../" + key.substr(3), unit, tmp.path + "/other.so"));
  cache.store("../escape", unit, lib);
  EXPECT_FALSE(fs::exists(dir + "/../escape.so"));
}

TEST(DiskCache, AHitRenewsTheEntryAndTheLeastRecentlyUsedGoFirst) {
  TempDir tmp;
  const std::string dir = tmp.path + "/c";
  DiskCache cache(dir, 1000);  // two entries of 400 bytes fit, three do not
  const std::string lib = tmp.path + "/lib.so";
  write(lib, std::string(300, 'L'));
  auto unit = [](char c) { return std::string(100, c); };
  const std::string a = DiskCache::key(unit('a'), "i"), b = DiskCache::key(unit('b'), "i"), c = DiskCache::key(unit('c'), "i");
  cache.store(a, unit('a'), lib);
  cache.store(b, unit('b'), lib);
  for (const std::string ext : {".so", ".cpp"}) {
    age(dir + "/" + a + ext, std::chrono::hours(3));
    age(dir + "/" + b + ext, std::chrono::hours(2));
  }
  write(dir + "/notes.txt", std::string(5000, 'n'));  // not the cache's: neither counted nor removed
  write(dir + "/" + a + ".so.tmp99_0", "x");          // a stale temporary of a process that died
  age(dir + "/" + a + ".so.tmp99_0", std::chrono::hours(2));
  write(dir + "/" + b + ".so.tmp98_0", "y");  // a fresh one: another process is writing it
  ASSERT_TRUE(cache.fetch(a, unit('a'), tmp.path + "/a.so"));  // a is now the most recently used
  cache.store(c, unit('c'), lib);  // 1,200 bytes: b, the least recently used, goes
  EXPECT_EQ(names_in(dir), (std::set<std::string>{a + ".so", a + ".cpp", c + ".so", c + ".cpp", "notes.txt", b + ".so.tmp98_0"}));
  EXPECT_TRUE(cache.fetch(a, unit('a'), tmp.path + "/a.so"));
  EXPECT_FALSE(cache.fetch(b, unit('b'), tmp.path + "/b.so"));
  EXPECT_TRUE(cache.fetch(c, unit('c'), tmp.path + "/c.so"));
}

TEST(DiskCache, AFolderThatCannotBeUsedIsAMissAndNoStore) {
  TempDir tmp;
  write(tmp.path + "/file", "a regular file");
  DiskCache cache(tmp.path + "/file/cache");  // its parent is a file: never made
  const std::string lib = tmp.path + "/lib.so";
  write(lib, "bytes");
  const std::string key = DiskCache::key("u", "i");
  cache.store(key, "u", lib);  // nothing thrown, nothing stored
  EXPECT_FALSE(cache.fetch(key, "u", tmp.path + "/out.so"));
  DiskCache none("");
  none.store(key, "u", lib);
  EXPECT_FALSE(none.fetch(key, "u", tmp.path + "/out.so"));
  cache.store(key, "u", tmp.path + "/no-such-lib.so");  // a library that is not there: no entry
}

}  // namespace
}  // namespace tf::cuda
