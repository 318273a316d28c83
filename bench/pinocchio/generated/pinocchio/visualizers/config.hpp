// Minimal stand-in for the header Pinocchio's CMake generates.
#pragma once
#define PINOCCHIO_VISUALIZERS_DLLAPI
#define PINOCCHIO_VISUALIZERS_LOCAL
