// cpp_text: the one door from the IR's strings to the text of the generated C++.
//
// Design note. Emitted code is data: a name, a comment or a message of a tfir file (or of IR built
// by any other means) must never become C++ that runs. So every string the emitter takes from the
// IR reaches its output through this file, in one of three forms:
//  - a name becomes an identifier of the emitter's own: `tf_u_` and the name's ASCII letters and
//    digits (every run of other bytes one `_`). No user name can then be a keyword, a macro
//    (`NULL`, `EOF`, `assert`), a symbol of the runtime or of the C library (`main`, `errno`), or
//    a name the emitter generates (those start `tf_` and never `tf_u_`). The identifiers of one
//    scope come from one CppNames table, which also keeps each one's derived forms (`x_ptr`,
//    `x_shape`, ... of a tensor `x`) apart from every other name: `x` beside `x_ptr` is two names.
//  - a function's name (the verifier makes it an identifier) is kept as it is inside the fixed
//    prefixes of FunctionSymbols, so that the entry a host program loads is `tf_entry_<name>`
//    (`tf_entry_tf_b<k>_<name>` in a batch translation unit: the namespace and the prefix are
//    the driver's, made here by batch_namespace and symbol_prefix, never from the IR).
//  - text for a reader (the tfir of a statement, a mesh, a dispatch's name) goes into `//`
//    comments through comment_text, which writes every byte that is not printable ASCII, and the
//    backslash, as `\xHH`: a comment then ends where its line ends (no carriage return, line
//    separator or backslash-newline can continue it into code).
//  - a message (an Abort's) is a string literal through string_literal, every byte outside
//    printable ASCII and the quote and backslash escaped.
#pragma once

#include <string>
#include <string_view>
#include <unordered_set>

namespace tf::cuda::detail {

/// The IR name `name` as an identifier stem: its ASCII letters and digits, each run of other bytes
/// (underscores included) one `_`, none leading or trailing; `v` when nothing is left.
std::string identifier_stem(std::string_view name);

/// `text` as the contents of a `//` comment: printable ASCII kept except the backslash; the
/// backslash and every other byte (control characters, DEL, bytes of UTF-8) as `\xHH`.
std::string comment_text(std::string_view text);

/// `// ` and comment_text(text): a whole comment, to end a line.
std::string comment(std::string_view text);

/// `text` as a C++ string literal (quotes included): printable ASCII kept but `"` and `\`
/// escaped, every other byte as a three-digit octal escape.
std::string string_literal(std::string_view text);

/// The namespace-scope identifiers of the function `name` (an identifier: the IR's functions are
/// verified so).
struct FunctionSymbols {
  std::string kernel;  ///< the TF_GLOBAL kernel: tf_u_<name>
  std::string device;  ///< the TF_DEV function its callers' kernels call: tf_fn_<name>
  std::string launch;  ///< the extern "C" launch shim: tf_launch_<name>
  std::string entry;   ///< the extern "C" host entry: tf_entry_<name>
  std::string kernel_tables;  ///< the stem of the kernel's TF_CONST tables (tf_mesh_<stem>_0, ...): u_<name>
  std::string device_tables;  ///< the same for the device function: fn_<name>
};

/// The symbols of function `name`; empty strings when `name` is not an identifier (the emitter
/// refuses such a function before it writes anything), or when `prefix` is neither empty nor a
/// batch's symbol_prefix. The extern "C" symbols (launch, entry) carry `prefix` after their fixed
/// part (`tf_entry_<prefix><name>`): C linkage ignores C++ namespaces, so the modules of one
/// batch translation unit keep their entries apart by it; the others live in the batch
/// namespace and need none.
FunctionSymbols function_symbols(std::string_view name, std::string_view prefix = {});
/// function_symbols(name) for the copy of device function `name` emitted for the module's
/// `kernel`-th kernel (one that reaches named barriers, whose ids are the kernel's): device
/// `tf_fnk<kernel>_<name>`, tables `fnk<kernel>_<name>`. No user name gives these, as every
/// user function's device symbol starts with `tf_fn_`.
FunctionSymbols function_symbols_in_kernel(std::string_view name, std::size_t kernel);

/// The namespace of the `k`-th module of a batch translation unit: `tf_b<k>`. Only the driver
/// names batch namespaces, and only through this (never from the IR).
std::string batch_namespace(std::size_t k);
/// True when `ns` is a batch_namespace (`tf_b` and decimal digits).
bool is_batch_namespace(std::string_view ns);
/// The prefix of the extern "C" symbols of a module emitted in batch namespace `ns`: `ns` and `_`
/// (`tf_b3_`); "" for "" (a translation unit of its own). Prefixes of distinct batch namespaces
/// never make one symbol of two names: `tf_b<k>_` ends at the first `_` after its digits.
std::string symbol_prefix(std::string_view ns);

/// The identifiers of one C++ scope (a kernel's body): each issued once, with room for the forms
/// derived from it (`<id>_ptr`, `<id>_shape`, `<id>_regs`, `<id>_leaves`, `<id>_leaf_extents`,
/// `<id>_local_strides`, `<id>_strides`, `<id>_reduced`), which no later identifier takes.
class CppNames {
 public:
  /// A fresh identifier for the IR name `name`: `tf_u_<stem>`, or `tf_u_<stem>_1`, `_2`, ... when
  /// it or one of its derived forms is taken.
  std::string user(std::string_view name);
  /// A fresh identifier for a name of the emitter's own, `hint` (which starts with `tf_`), or
  /// `hint_1`, ... when taken.
  std::string generated(std::string_view hint);

 private:
  std::string issue(const std::string& base);
  bool free_with_derived(const std::string& id) const;
  std::unordered_set<std::string> taken_;
};

}  // namespace tf::cuda::detail
