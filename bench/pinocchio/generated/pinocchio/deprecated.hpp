// Minimal stand-in for the header Pinocchio's CMake generates.
#pragma once
#define PINOCCHIO_DEPRECATED [[deprecated]]
#define PINOCCHIO_DEPRECATED_MESSAGE(message) [[deprecated(message)]]
