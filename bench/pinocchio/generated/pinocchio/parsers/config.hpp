// Minimal stand-in for the header Pinocchio's CMake generates.
#pragma once
#define PINOCCHIO_PARSERS_DLLAPI
#define PINOCCHIO_PARSERS_LOCAL
