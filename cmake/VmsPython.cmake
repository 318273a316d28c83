# The Python package `vms` (python/): pybind11 against Debian's python3 and numpy. Sets
# VMS_BUILD_PYTHON when VMS_PYTHON is on and pybind11 and Python's development files are found
# (Debian: pybind11-dev, python3-dev, python3-numpy; scripts/debian-packages.txt). Not in a
# sanitizer build: the extension would need the sanitizer runtimes preloaded into python3.
set(VMS_BUILD_PYTHON OFF)
if(VMS_PYTHON AND NOT VMS_SANITIZE)
  # Debian's python3 (where python3-numpy is installed), not a pyenv or venv interpreter that
  # comes first on PATH; -DPython3_EXECUTABLE=... chooses another.
  if(NOT DEFINED Python3_EXECUTABLE AND EXISTS /usr/bin/python3)
    set(Python3_EXECUTABLE /usr/bin/python3)
  endif()
  find_package(Python3 3.9 COMPONENTS Interpreter Development.Module)
  if(Python3_FOUND)
    find_package(pybind11 2.6 CONFIG QUIET)
  endif()
  if(Python3_FOUND AND pybind11_FOUND)
    set(VMS_BUILD_PYTHON ON)
    # Where Debian's python3 finds the package under the install prefix (/usr/local and /usr
    # both put lib/python3.X/dist-packages on sys.path); relative, so that
    # `cmake --install --prefix DIR` and CPack follow it.
    set(VMS_PYTHON_INSTALL_DIR
        lib/python${Python3_VERSION_MAJOR}.${Python3_VERSION_MINOR}/dist-packages)
    math(EXPR VMS_PYTHON_NEXT_MINOR "${Python3_VERSION_MINOR} + 1")
    message(STATUS "Python package vms: ${Python3_EXECUTABLE} ${Python3_VERSION}, "
                   "pybind11 ${pybind11_VERSION}")
  else()
    message(STATUS "Python package vms: not built (needs pybind11-dev, python3-dev; "
                   "scripts/ensure-packages.sh installs them)")
  endif()
endif()
