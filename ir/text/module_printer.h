// The canonical text of a ParsedFile (docs/tfir.md section 2): `tfir 1`, each declaration on its
// own line in file order with canonical spacing (declarations.h), then each skipped item's source
// text verbatim, each preceded by an empty line. read_tfir(print_tfir(f)) prints back the same
// text (the print -> read -> print fixed point); comments between declarations are not kept.
#pragma once

#include <string>

#include "ir/text/module_reader.h"

namespace tf::text {

/// The canonical text of `file`, ending with a newline.
std::string print_tfir(const ParsedFile& file);

}  // namespace tf::text
