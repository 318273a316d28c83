// Minimal stand-in for the header Pinocchio's CMake generates.
#pragma once
#define PINOCCHIO_COLLISION_DLLAPI
#define PINOCCHIO_COLLISION_LOCAL
