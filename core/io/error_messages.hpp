#pragma once
// The form of every reader's and checker's error message: "<source>: <element>: <problem>",
// with names quoted and made printable. Public: the scenario assembly and the solvers name
// what they refuse the same way the file readers do.
#include <string>

#include "core/io/input_checks.hpp"

namespace vms::io {

/// "'name'" (printable: a name can never break an error message over two lines)
inline std::string quote(const std::string& s) { return "'" + printable(s) + "'"; }

/// Throws ModelError("<source>: <element>: <problem>").
[[noreturn]] void fail(const std::string& source, const std::string& element,
                       const std::string& problem);

}  // namespace vms::io
