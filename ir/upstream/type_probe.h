// The types of the names of a function being imported, asked of the tfir reader (importer.h's
// design note). A TypeProbe reads the file so far (the `tfir 1` header, the declarations and the
// earlier functions, whose bodies it leaves unread) once per function, then the function's
// bindings, loops flattened, into a text::PartialHirBody as the importer writes them: each line
// is read once (a retyped constant is read once more), so a function costs one read however
// many types it asks, and a type is the IRType the reader built, spelled whole by
// type_print.h, never text taken from a diagnostic.
#pragma once

#include <cstddef>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "ir/core/context.h"
#include "ir/text/hir_reader.h"

namespace tf::upstream {

/// A type as the translation uses it.
struct ProbedType {
  std::string text;                ///< its tfir spelling: `Tensor[(4, N), bf16]`, `Tuple[...]`
  std::string dtype;               ///< a tensor's dtype name (`bf16`); empty for a tuple
  std::vector<std::string> shape;  ///< a tensor's extents, each in tfir (`4`, `N + 1`)
  std::string storage;             ///< a tensor's storage (`gmem`, `smem`, ..., `None`); empty for a tuple
  bool shard_layout = false;       ///< whether a tensor's layout is a ShardLayout
};

/// The reader's view of one function being imported (header comment). Not copyable: the
/// reader's environment points into it.
class TypeProbe {
 public:
  /// The probe of a function whose parameters are `params` (tfir, without parentheses), in a
  /// file of `prelude`; ops and atoms resolve in `context`, which must outlive it. Nothing is
  /// read before the first type_of.
  TypeProbe(std::string prelude, std::string params, const Context& context);
  TypeProbe(const TypeProbe&) = delete;
  TypeProbe& operator=(const TypeProbe&) = delete;

  /// The type of `expr` (a tfir value: a name, or a tuple of names) after the lines `body` of
  /// the function (bindings, loops flattened); nullopt when the reader does not give it (the
  /// prelude, the parameters, a line of the body or `expr` does not read). The lines an earlier
  /// call read are not read again: between calls `body` only grows, save for lines rewritten().
  std::optional<ProbedType> type_of(const std::vector<std::string>& body, const std::string& expr);

  /// Says that line `index` of `body` has been replaced by a binding of the same name to a value
  /// that names nothing bound (a typed constant: `c = bf16(2.0)`). If it was read, it is read
  /// again: as one more line when no later line read mentions its name, else with the whole body.
  void rewrote(const std::vector<std::string>& body, std::size_t index);

 private:
  /// Reads the prelude and the parameters' prototype into file_ (left empty when they do not
  /// read), the signatures, the atoms and the parameters.
  void open();

  std::string prelude_, params_;
  const Context& context_;
  bool opened_ = false;                       // open() was called
  std::optional<text::ParsedFile> file_;      // the prelude and the parameters' prototype
  std::map<std::string, text::Signature> signatures_;
  std::map<std::string, Atom> atoms_;
  std::vector<VarRef> param_vars_;
  std::optional<text::PartialHirBody> body_;  // made at the first type_of after open or rewrote
  std::size_t read_ = 0;                      // the lines of the body read into body_
  bool failed_ = false;                       // one of those lines did not read
};

}  // namespace tf::upstream
