#include "ui/plots/plot_export.hpp"

#include <qcustomplot.h>

#include <QFileInfo>
#include <QSvgGenerator>

#include "ui/plots/plot_style.hpp"

namespace vms::ui {

namespace {

bool fail(QString* error, const QString& message) {
  if (error) *error = message;
  return false;
}

bool saveSvg(QCustomPlot* plot, const QString& path, QSize size) {
  QSvgGenerator svg;
  svg.setFileName(path);
  svg.setSize(size);
  svg.setViewBox(QRect(QPoint(0, 0), size));
  svg.setTitle(QStringLiteral("VMS Workbench plot"));
  svg.setDescription(QStringLiteral("Rendered by VMS Workbench (QCustomPlot)"));
  QCPPainter painter;
  if (!painter.begin(&svg)) return false;
  painter.setMode(QCPPainter::pmVectorized);
  painter.setMode(QCPPainter::pmNoCaching);
  plot->toPainter(&painter, size.width(), size.height());
  return painter.end();
}

}  // namespace

QStringList supportedPlotFormats() {
  return {QStringLiteral("png"), QStringLiteral("svg"), QStringLiteral("pdf")};
}

QString plotFormatOf(const QString& path) {
  const QString suffix = QFileInfo(path).suffix().toLower();
  return supportedPlotFormats().contains(suffix) ? suffix : QString();
}

bool savePlot(QCustomPlot* plot, const QString& path, QSize size, QString* error) {
  if (!plot) return fail(error, QStringLiteral("no plot"));
  const QString format = plotFormatOf(path);
  if (format.isEmpty())
    return fail(error, path + ": unsupported figure format (expected .png, .svg or .pdf)");
  if (size.width() < 16 || size.height() < 16 || size.width() > 20000 || size.height() > 20000)
    return fail(error, QStringLiteral("figure size %1 x %2 is out of range (16 .. 20000 pixels)")
                           .arg(size.width())
                           .arg(size.height()));
  QFile::remove(path);  // so that a failed write is not mistaken for an old file
  const AntialiasedExport antialiased(plot);
  bool ok = false;
  if (format == "png")
    ok = plot->savePng(path, size.width(), size.height());
  else if (format == "pdf")
    ok = plot->savePdf(path, size.width(), size.height(), QCP::epNoCosmetic,
                       QStringLiteral("VMS Workbench"));
  else
    ok = saveSvg(plot, path, size);
  if (!ok || QFileInfo(path).size() == 0) return fail(error, path + ": cannot write the figure");
  return true;
}

}  // namespace vms::ui
