// Minimal stand-in for the header Pinocchio's CMake generates (header-only use in vms_bench).
#pragma once
#define PINOCCHIO_MAJOR_VERSION 3
#define PINOCCHIO_MINOR_VERSION 7
#define PINOCCHIO_PATCH_VERSION 0
#define PINOCCHIO_VERSION "3.7.0"
#define PINOCCHIO_VERSION_AT_LEAST(major, minor, patch)                                    \
  (PINOCCHIO_MAJOR_VERSION > (major) ||                                                    \
   (PINOCCHIO_MAJOR_VERSION == (major) &&                                                  \
    (PINOCCHIO_MINOR_VERSION > (minor) ||                                                  \
     (PINOCCHIO_MINOR_VERSION == (minor) && PINOCCHIO_PATCH_VERSION >= (patch)))))
#define PINOCCHIO_VERSION_AT_MOST(major, minor, patch)                                     \
  (PINOCCHIO_MAJOR_VERSION < (major) ||                                                    \
   (PINOCCHIO_MAJOR_VERSION == (major) &&                                                  \
    (PINOCCHIO_MINOR_VERSION < (minor) ||                                                  \
     (PINOCCHIO_MINOR_VERSION == (minor) && PINOCCHIO_PATCH_VERSION <= (patch)))))
#define PINOCCHIO_DLLAPI
#define PINOCCHIO_LOCAL
#define PINOCCHIO_EXPLICIT_INSTANTIATION_DECLARATION_DLLAPI
#define PINOCCHIO_EXPLICIT_INSTANTIATION_DEFINITION_DLLAPI
#include "pinocchio/deprecated.hpp"
#include "pinocchio/warning.hpp"
