// Minimal stand-in for the header Pinocchio's CMake generates.
#pragma once
#define PINOCCHIO_EXTRA_DLLAPI
#define PINOCCHIO_EXTRA_LOCAL
