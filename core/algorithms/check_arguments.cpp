#include "core/algorithms/check_arguments.hpp"

#include <stdexcept>
#include <string>

namespace vms::detail {

// Out of line and cold: the string building stays off the checked functions' good path.

void throwArgumentSizeError(const char* function, const char* argument, long long actual,
                            long long expected, const char* expected_expression) {
  throw std::invalid_argument(std::string(function) + ": " + argument + " has size " +
                              std::to_string(actual) + ", expected " + std::to_string(expected) +
                              " (" + expected_expression + ")");
}

void throwArgumentIndexError(const char* function, const char* argument, long long index,
                             long long count, const char* count_expression) {
  throw std::invalid_argument(std::string(function) + ": " + argument + " is " +
                              std::to_string(index) + ", expected 0 <= " + argument + " < " +
                              std::to_string(count) + " (" + count_expression + ")");
}

}  // namespace vms::detail
