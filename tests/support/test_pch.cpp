// Compiles tests/support/test_pch.hpp once for every core and CLI test (REUSE_FROM).
