#include "ui/view3d/tessellation.hpp"

#include <vtkCellArray.h>
#include <vtkCellLocator.h>
#include <vtkCleanPolyData.h>
#include <vtkGenericCell.h>
#include <vtkPolyDataNormals.h>
#include <vtkQuadricDecimation.h>
#include <vtkTriangleFilter.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <map>
#include <numeric>
#include <utility>
#include <vector>

#include "core/spatial/se3.hpp"

namespace vms::ui {

namespace {
// `data` with points a millionth of its size apart merged (faces that collapse dropped) and
// every polygon split into triangles: the common first stage of the closed-surface check and
// of decimation.
vtkSmartPointer<vtkTriangleFilter> mergedTriangles(vtkPolyData* data, bool strips_to_polys) {
  auto clean = vtkSmartPointer<vtkCleanPolyData>::New();
  clean->SetInputData(data);
  clean->ToleranceIsAbsoluteOff();
  clean->SetTolerance(1e-6);
  clean->ConvertPolysToLinesOff();
  clean->ConvertLinesToPointsOff();
  clean->SetConvertStripsToPolys(strips_to_polys);
  auto triangles = vtkSmartPointer<vtkTriangleFilter>::New();
  triangles->SetInputConnection(clean->GetOutputPort());
  return triangles;
}
}  // namespace

bool isClosedOutward(vtkPolyData* data) {
  if (!data || data->GetNumberOfPolys() == 0 || data->GetNumberOfLines() > 0 ||
      data->GetNumberOfVerts() > 0)
    return false;
  // Points a millionth of the size apart count as one (an STL capsule's pole is 24 points
  // 1e-17 apart); the faces that collapse are dropped.
  auto triangles = mergedTriangles(data, /*strips_to_polys=*/false);
  triangles->Update();
  vtkPolyData* mesh = triangles->GetOutput();
  const vtkIdType n = mesh->GetNumberOfPoints();
  if (mesh->GetNumberOfPolys() == 0 || mesh->GetNumberOfLines() > 0) return false;

  // Directed edges: a closed, consistently wound surface has each one once, and its reverse.
  std::map<std::pair<vtkIdType, vtkIdType>, int> edges;
  std::vector<vtkIdType> root(static_cast<size_t>(n));
  std::iota(root.begin(), root.end(), vtkIdType(0));
  auto find = [&root](vtkIdType i) {
    while (root[size_t(i)] != i) i = root[size_t(i)] = root[size_t(root[size_t(i)])];
    return i;
  };
  std::vector<std::array<vtkIdType, 3>> faces;
  vtkCellArray* polys = mesh->GetPolys();
  vtkIdType count = 0;
  const vtkIdType* ids = nullptr;
  for (polys->InitTraversal(); polys->GetNextCell(count, ids);) {
    if (count != 3) return false;
    faces.push_back({ids[0], ids[1], ids[2]});
    for (int k = 0; k < 3; ++k) {
      const vtkIdType a = ids[k], b = ids[(k + 1) % 3];
      if (a == b) return false;
      if (++edges[{a, b}] > 1) return false;
      root[size_t(find(a))] = find(b);
    }
  }
  for (const auto& [edge, uses] : edges)
    if (!edges.count({edge.second, edge.first})) return false;
  // Every connected part encloses a positive volume.
  std::map<vtkIdType, double> volume;
  for (const auto& f : faces) {
    double p[3][3];
    for (int k = 0; k < 3; ++k) mesh->GetPoint(f[size_t(k)], p[k]);
    const Vec3 a(p[0][0], p[0][1], p[0][2]), b(p[1][0], p[1][1], p[1][2]),
        c(p[2][0], p[2][1], p[2][2]);
    volume[find(f[0])] += a.dot(b.cross(c)) / 6.0;
  }
  for (const auto& [part, v] : volume)
    if (!(v > 0.0)) return false;
  return true;
}

vtkSmartPointer<vtkPolyData> decimated(vtkPolyData* data, double keep) {
  // Points split along sharp edges (the loader's normals) and points a millionth of the size
  // apart are merged first: decimation would open the seams.
  auto triangles = mergedTriangles(data, /*strips_to_polys=*/true);
  auto decimate = vtkSmartPointer<vtkQuadricDecimation>::New();
  decimate->SetInputConnection(triangles->GetOutputPort());
  decimate->SetTargetReduction(1.0 - keep);
  decimate->VolumePreservationOn();
  auto normals = vtkSmartPointer<vtkPolyDataNormals>::New();
  normals->SetInputConnection(decimate->GetOutputPort());
  normals->SetFeatureAngle(40.0);
  normals->SplittingOn();
  normals->ConsistencyOn();
  normals->Update();
  if (normals->GetOutput()->GetNumberOfPolys() == 0) return data;
  auto out = vtkSmartPointer<vtkPolyData>::New();
  out->ShallowCopy(normals->GetOutput());
  return out;
}

double relativeDeviation(vtkPolyData* fine, vtkPolyData* coarse) {
  double b[6];
  fine->GetBounds(b);
  const double diagonal = Vec3(b[1] - b[0], b[3] - b[2], b[5] - b[4]).norm();
  if (!(diagonal > 0.0) || coarse->GetNumberOfCells() == 0) return INFINITY;
  double largest = 0.0;
  auto cell = vtkSmartPointer<vtkGenericCell>::New();
  for (auto [from, to] : {std::pair{fine, coarse}, std::pair{coarse, fine}}) {
    auto locator = vtkSmartPointer<vtkCellLocator>::New();
    locator->SetDataSet(to);
    locator->BuildLocator();
    for (vtkIdType i = 0; i < from->GetNumberOfPoints(); ++i) {
      double p[3], closest[3], d2 = 0.0;
      vtkIdType cell_id = -1;
      int sub_id = 0;
      from->GetPoint(i, p);
      locator->FindClosestPoint(p, closest, cell, cell_id, sub_id, d2);
      largest = std::max(largest, d2);
    }
  }
  return std::sqrt(largest) / diagonal;
}

}  // namespace vms::ui
