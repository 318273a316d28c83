// The translation unit that compiles core/precompiled/core_pch.hpp (core/CMakeLists.txt).
