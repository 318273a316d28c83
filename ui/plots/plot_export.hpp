#pragma once
// Saving a QCustomPlot as PNG (raster), PDF or SVG (vector), chosen by the file extension.
// Used by the panel's exports and by `vms plot`.
#include <QSize>
#include <QString>
#include <QStringList>

class QCustomPlot;

namespace vms::ui {

/// The default figure of the plots panel's exports and of `vms plot` (one default for both):
/// 1600 x 1000 pixels at scale 2 (laid out at 800 x 500, fonts and lines twice as large).
inline constexpr int kFigureWidth = 1600;
inline constexpr int kFigureHeight = 1000;
inline constexpr double kFigureScale = 2.0;

/// "png", "svg", "pdf".
QStringList supportedPlotFormats();
/// Lower-case suffix of `path` if supported, else empty.
QString plotFormatOf(const QString& path);

/// Renders `plot` into `path`: a PNG of exactly `size` pixels, laid out at size / scale (the
/// fonts and lines `scale` times larger than on screen: scale 2 = a "2x" / 192 dpi figure,
/// recorded in the PNG); PDF/SVG use size / scale as their page/view box. The plot is laid out
/// for that size, whatever its widget's size (plot_figure.hpp re-wraps its legends on
/// QCustomPlot::beforeReplot, which is emitted here). False with *error set if the extension
/// is unsupported or the file cannot be written.
bool savePlot(QCustomPlot* plot, const QString& path, QSize size, QString* error = nullptr,
              double scale = 1.0);

}  // namespace vms::ui
