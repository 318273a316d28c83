#pragma once
// What may name a link, joint, frame or actuator, and how any text is shown in a one-line
// message. Every reader and the model compiler apply the same rule.
#include <cstddef>
#include <string>

namespace vms {

/// Longest link/joint/frame/actuator name, in bytes.
inline constexpr size_t kMaxNameBytes = 256;

/// Why `name` cannot name a link, joint, frame or actuator ("" when it can): empty, longer than
/// kMaxNameBytes, not valid UTF-8, or containing a control character (a newline would break
/// every one-line message and CSV header that shows the name).
std::string nameProblem(const std::string& name);

/// Text safe to print on one line: control characters and bytes that are not valid UTF-8 are
/// written as \n, \t, \xNN; text longer than max_bytes is cut with "...".
std::string printableText(const std::string& s, size_t max_bytes = 200);

}  // namespace vms
