#include "core/io/error_messages.hpp"

#include "core/model/model_error.hpp"

namespace vms::io {

void fail(const std::string& source, const std::string& element, const std::string& problem) {
  throw ModelError(source + ": " + element + ": " + problem);
}

}  // namespace vms::io
