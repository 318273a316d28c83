#pragma once
// The main() of a test group (cmake/VmsTestGroups.cmake): several test files in one
// executable, each still a QtTest program of its own. `group NAME [QtTest arguments]` runs the
// test file NAME as its own executable ran before: argv[0] becomes NAME, so QtTest's output and
// the application name are the file's.
#include <cstddef>
#include <cstdio>
#include <cstring>

#include "test_program.hpp"

namespace vms_test_group {

struct GroupedTest {
  const char* name;
  int (*run)(int argc, char** argv);
};

template <std::size_t N>
int runGroupedTest(int argc, char** argv, const GroupedTest (&tests)[N]) {
  if (argc >= 2) {
    for (const GroupedTest& test : tests)
      if (std::strcmp(argv[1], test.name) == 0) {
        g_running_test = test.name;
        return test.run(argc - 1, argv + 1);
      }
  }
  std::fprintf(stderr, "usage: %s TEST [QtTest arguments], where TEST is one of:\n",
               argc > 0 ? argv[0] : "test group");
  for (const GroupedTest& test : tests) std::fprintf(stderr, "  %s\n", test.name);
  return 2;
}

}  // namespace vms_test_group
