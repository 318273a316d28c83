#pragma once
// Getting pictures out of the render window: the rendered image as a QImage, the scene as
// glTF (vtkGLTFExporter, buffers inlined), and video recording (.ogv through VTK's Ogg
// Theora writer, .mp4 by piping raw frames to ffmpeg when it is on PATH).
#include <vtkRenderWindow.h>
#include <vtkSmartPointer.h>

#include <QImage>
#include <QString>
#include <memory>

class QProcess;
class vtkImageData;
class vtkOggTheoraWriter;

namespace vms::ui {

/// The window's last rendered frame (RGB, top row first); null image if the window is empty.
QImage captureRenderWindow(vtkRenderWindow* window);

bool exportSceneGltf(vtkRenderWindow* window, const QString& path, QString* error);

class VideoRecorder {
 public:
  VideoRecorder();
  ~VideoRecorder();
  /// Frame size is fixed here (rounded down to even); later frames are scaled to it.
  bool start(const QString& path, int fps, QSize frame_size, QString* error);
  bool addFrame(const QImage& image, QString* error = nullptr);
  bool stop(QString* error);
  bool isRecording() const { return ogg_ != nullptr || ffmpeg_ != nullptr; }
  int framesWritten() const { return frames_; }

 private:
  QImage fit(const QImage& image) const;
  QSize size_;
  int frames_ = 0;
  QString path_;
  vtkSmartPointer<vtkOggTheoraWriter> ogg_;
  vtkSmartPointer<vtkImageData> ogg_image_;
  std::unique_ptr<QProcess> ffmpeg_;
};

}  // namespace vms::ui
