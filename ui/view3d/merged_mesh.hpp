#pragma once
// Many rigid pieces drawn as one actor. Each piece is a copy of a source vtkPolyData (its
// cells, normals and point colours); every frame the pieces' points and normals are written
// in world coordinates on the CPU, and the actor draws them all in one call. Under software
// OpenGL (Mesa llvmpipe) every actor costs a draw call with its own state set-up; a
// 100-link model with one actor per link and per overlay glyph spent most of its frame there
// (150 ms), one actor per material instead keeps it to a few.
#include <vtkActor.h>
#include <vtkFloatArray.h>
#include <vtkPoints.h>
#include <vtkPolyData.h>
#include <vtkSmartPointer.h>

#include <vector>

#include "core/spatial/se3.hpp"

namespace vms::ui {

class MergedMesh {
 public:
  MergedMesh();
  /// Adds a piece (a copy of `source`); returns its index. The pieces of one mesh share the
  /// actor's property: normals and point colours are kept only if every piece has them.
  int add(vtkPolyData* source);
  /// Builds the merged data after the last add() (placing every piece at the identity).
  void build();
  /// Removes every piece (the actor stays, drawing nothing).
  void clear();

  vtkActor* actor() const { return actor_; }
  vtkPolyData* data() const { return data_; }
  int pieceCount() const { return int(pieces_.size()); }
  bool hasNormals() const { return normals_ != nullptr; }
  bool hasColors() const { return has_colors_; }

  /// World placement of a piece: p -> linear p + offset. Normals follow the inverse transpose
  /// of `linear` (as VTK does for an actor's matrix), renormalised. A singular `linear` (a
  /// hidden piece scaled to zero) keeps the normals as they were.
  void place(int piece, const Mat3& linear, const Vec3& offset);
  /// Marks the points (and normals) modified: call once after placing a frame's pieces.
  void commit();

 private:
  struct Piece {
    vtkSmartPointer<vtkPolyData> source;
    vtkIdType first = 0, count = 0;  // point range in the merged data
  };
  std::vector<Piece> pieces_;
  std::vector<float> local_points_, local_normals_;  // the sources' own coordinates
  vtkSmartPointer<vtkActor> actor_;
  vtkSmartPointer<vtkPolyData> data_;
  vtkSmartPointer<vtkPoints> points_;
  vtkSmartPointer<vtkFloatArray> normals_;
  bool has_colors_ = false;
};

}  // namespace vms::ui
