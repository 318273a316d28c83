#pragma once
// The 3D view: a native-window QWidget that hands its window id to a plain vtkRenderWindow
// (Debian's VTK Qt module is Qt 5; see docs/workbench.md). Draws the links (primitives and
// meshes through Assimp), overlays, and follows SimFrames. Mouse: left drag orbits, middle
// or shift + left drag pans, right drag and the wheel zoom (ui/view3d/camera_controller); a
// left click without drag picks a link. Contract owned by the view3d module; the app depends
// on it.
#include <QImage>
#include <QPoint>
#include <QPointF>
#include <QString>
#include <QStringList>
#include <QWidget>
#include <memory>

#include "core/model/model.hpp"
#include "ui/sim/sim_frame.hpp"

namespace vms::ui {

enum class Overlay {
  LinkFrames,
  CentersOfMass,
  JointAxes,
  SystemCenterOfMass,
  MomentumArrows,  // total linear and angular momentum at the system CoM
  EndEffectorTrail,
  ManipulabilityFixed,     // velocity ellipsoid of Jm
  ManipulabilityFloating,  // velocity ellipsoid of J* (side by side with the fixed one)
  OperationalInertia,      // operational-space inertia ellipsoid
  LinkInertias,            // Lambda(k) at every link (FrameAnalysis::link_inertia_ellipsoids)
  WorldAxes,               // the world axes triad at the origin
  Grid,                    // a reference grid in the world xy plane
};
constexpr int kOverlayCount = 12;

/// What the Jm and J* ellipsoids (ManipulabilityFixed / ManipulabilityFloating) show:
/// translational velocity {J_v qd : |qd| <= 1}, rotational velocity {J_w qd : |qd| <= 1}, or
/// the translational force ellipsoid {F : |J_v^T F| <= 1} (radii 1/sigma; an unbounded axis
/// is drawn at three times the longest bounded one).
enum class EllipsoidQuantity { TranslationalVelocity, RotationalVelocity, Force };

enum class CameraFollow { None, Vehicle, SystemCenterOfMass };

class SceneView : public QWidget {
  Q_OBJECT
 public:
  explicit SceneView(QWidget* parent = nullptr);
  ~SceneView() override;

  /// Builds the scene for a model. Mesh paths are resolved against `model_dir` (the model
  /// file's folder; also package:// and file:// URIs). A missing or unreadable mesh is drawn
  /// as a placeholder box and reported once through message(); never throws.
  void setModel(const Model& model, const QString& model_dir);
  void clearModel();
  /// Moves the scene to a frame (body poses, overlays). Cheap: no scene rebuild.
  void showFrame(const SimFrame& frame);
  void clearTrail();

  void setOverlayVisible(Overlay overlay, bool visible);
  bool overlayVisible(Overlay overlay) const;
  void setEllipsoidQuantity(EllipsoidQuantity quantity);
  EllipsoidQuantity ellipsoidQuantity() const;
  /// Link ellipsoids (Lambda(k)) drawn now, and their display scale (m per kg^-1/2: a link
  /// whose effective mass along an axis is 1 kg is drawn with that radius along it).
  int linkInertiasShown() const;
  double linkInertiaScale() const;
  void setCameraFollow(CameraFollow follow);
  CameraFollow cameraFollow() const;
  void resetCamera();
  /// Frames the selected link (its drawn parts as they are now posed), looking from where the
  /// camera is; the whole model when nothing is selected. False when there is no model.
  bool frameSelected();
  /// Whether a Ctrl + drag pull is in progress, and its target (world).
  bool isPulling() const;
  Vec3 pullTarget() const;
  /// The vehicle's centre of mass in the frame shown (world).
  Vec3 vehicleCenter() const;
  /// Highlights a body (-1: none). setModel keeps it by name (a body of the same name in the
  /// new model stays highlighted).
  void setSelectedBody(int body);
  int selectedBody() const;
  /// Translucent ghost models (errata mode): one set of body poses (size model.nbodies) per
  /// ghost, drawn with the links' geometry at opacity 0.3, not pickable; an empty list removes
  /// them. Ignored while no model is shown or when a set has the wrong size.
  void setGhostPoses(const std::vector<std::vector<Pose>>& ghosts);
  int ghostCount() const;
  /// Whether the ghosts (and their legend entry) are drawn: hidden while the arm is posed in
  /// Teach mode (they follow the run, not the pose). New ghosts follow the setting.
  void setGhostsShown(bool shown);
  bool ghostsShown() const;
  /// The ghosts' actors drawn now (tests).
  int visibleGhostActors() const;
  /// The texts of the overlay legend's entries shown, bottom first (tests).
  QStringList legendTexts() const;
  /// The reachable workspace as a point cloud (world points), coloured by `values` relative to
  /// `max_value` (ui/view3d/workspace_cloud.hpp); removed by clearWorkspaceCloud or a new model.
  void setWorkspaceCloud(const std::vector<Vec3>& points, const std::vector<double>& values,
                         double max_value);
  void clearWorkspaceCloud();
  int workspaceCloudSize() const;  // points drawn
  /// Link parts drawn as placeholder boxes (mesh files not found or not readable).
  int placeholderCount() const;

  /// Renders now and returns the image of the view (what the user sees).
  QImage grabImage();
  /// The view rendered `scale` times its pixel size (1..8) into an offscreen window of its
  /// own (same camera and aspect; lines and text keep their pixel size); scale 1 = grabImage.
  QImage grabImage(int scale);
  /// .png / .jpg of the view at `scale` times its pixel size (grabImage(scale)).
  bool saveScreenshot(const QString& path, QString* error = nullptr, int scale = 1);
  bool exportGltf(const QString& path, QString* error = nullptr);  // .gltf (the scene)

  /// Video of what the view shows: .ogv (VTK's Ogg Theora writer) or .mp4 (through ffmpeg if
  /// it is installed). Frames are stamped by the simulated time of the frames shown
  /// (VideoClock, video_clock.hpp): `video_seconds_per_simulated_second` 1 records the run at
  /// real time, 1 / f as shown at f times real time, 0 one video frame per showFrame().
  bool startRecording(const QString& path, int fps, QString* error = nullptr,
                      double video_seconds_per_simulated_second = 1.0);
  /// Changes the recording's rate from the next frame on (the playback speed changed).
  void setRecordingRate(double video_seconds_per_simulated_second);
  /// Seconds of video recorded so far, and seconds skipped (VideoClock::kMaxCopies).
  double recordedVideoSeconds() const;
  double skippedVideoSeconds() const;
  bool stopRecording(QString* error = nullptr);
  bool isRecording() const;
  int framesRecorded() const;

  /// Number of render calls since construction (self-measurement).
  long framesRendered() const;

  /// The body drawn at a widget position (pixels, origin top-left), or -1. Renders first.
  int pickBody(const QPoint& position);
  /// Where a world point appears in the widget under the current camera (pixels, top-left).
  QPointF projectToWidget(const Vec3& world);
  /// The model's characteristic length (m) that sizes overlays and the initial camera.
  double modelSize() const;

 signals:
  void bodyPicked(int body);  // -1 when the click hit nothing
  void message(const QString& text);
  /// Ctrl + left drag on a link: pull the point `point_body` (in `body`'s frame) towards
  /// `target_world` (on the plane through the picked point facing the camera), repeated as the
  /// mouse moves; perturbationReleased() when the button is let go. Drawn as a red arrow from
  /// the point to the target while it lasts.
  void perturbationRequested(int body, const vms::Vec3& point_body, const vms::Vec3& target_world);
  void perturbationReleased();

 protected:
  QPaintEngine* paintEngine() const override;
  bool event(QEvent* event) override;  // re-binds VTK when the native window changes
  void showEvent(QShowEvent* event) override;
  void resizeEvent(QResizeEvent* event) override;
  void paintEvent(QPaintEvent* event) override;
  void mousePressEvent(QMouseEvent* event) override;
  void mouseReleaseEvent(QMouseEvent* event) override;
  void mouseMoveEvent(QMouseEvent* event) override;
  void wheelEvent(QWheelEvent* event) override;

 private:
  bool startPull(const QPoint& position);
  void movePull(const QPoint& position);
  void endPull();
  bool render();  // binds to the native window if needed; false when nothing can be drawn
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace vms::ui
