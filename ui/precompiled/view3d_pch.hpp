#pragma once
// Precompiled header of vms_ui_view3d (ui/CMakeLists.txt): the VTK, Qt and core headers most
// 3D-view files include. X11/xcb headers (macros such as None and Bool) must stay out.
#include <vtkActor.h>
#include <vtkCellArray.h>
#include <vtkMatrix4x4.h>
#include <vtkPoints.h>
#include <vtkPolyData.h>
#include <vtkPolyDataMapper.h>
#include <vtkProperty.h>
#include <vtkRenderer.h>
#include <vtkSmartPointer.h>
#include <vtkUnsignedCharArray.h>

#include <QString>
#include <algorithm>
#include <cmath>
#include <memory>
#include <vector>

#include "core/model/model.hpp"
#include "core/spatial/se3.hpp"
