# MuJoCo (libmujoco-dev): the independent reference engine of the cross-check tests and the
# benchmark, never used by the product's own dynamics.
find_package(mujoco QUIET)
# Debian 12's libmujoco-dev exports /usr/include/libqhull_r/ (from libqhull-dev, which it does
# not depend on) as an include directory of mujoco::mujoco, which breaks the generate step when
# that directory is missing. MuJoCo's public headers do not need it: keep only those that exist.
if(TARGET mujoco::mujoco)
  get_target_property(_vms_mj_inc mujoco::mujoco INTERFACE_INCLUDE_DIRECTORIES)
  set(_vms_mj_inc_ok "")
  foreach(_dir IN LISTS _vms_mj_inc)
    if(EXISTS "${_dir}")
      list(APPEND _vms_mj_inc_ok "${_dir}")
    endif()
  endforeach()
  set_target_properties(mujoco::mujoco PROPERTIES INTERFACE_INCLUDE_DIRECTORIES "${_vms_mj_inc_ok}")
endif()
