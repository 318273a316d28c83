#pragma once
// A matrix as a labelled heat map (QCustomPlot's QCPColorMap, row 0 at the top, a diverging
// colour scale symmetric about zero), the value of the cell under the mouse in a label and its
// tooltip, and "Copy as CSV" (one line per row, full precision) to the clipboard.
#include <QString>
#include <QWidget>

#include "core/spatial/types.hpp"

class QCustomPlot;
class QCPColorMap;
class QLabel;
class QPushButton;

namespace vms::ui {

class MatrixHeatMap : public QWidget {
  Q_OBJECT
 public:
  explicit MatrixHeatMap(QWidget* parent = nullptr);
  /// Shows `value` titled `title` (e.g. "crba: M"); an empty matrix clears the map.
  void setMatrix(const MatX& value, const QString& title);
  const MatX& matrix() const { return matrix_; }
  /// The matrix as CSV: rows on lines, entries separated by commas, %.17g.
  QString csv() const;
  /// Copies csv() to the clipboard.
  void copyCsv() const;
  /// The text of the hover label for cell (row, column) ("" outside the matrix).
  QString cellText(int row, int column) const;
  QCustomPlot* plot() const { return plot_; }
  QLabel* valueLabel() const { return value_; }

 private:
  void hover(const QPointF& pos);

  MatX matrix_;
  QString title_;
  QCustomPlot* plot_;
  QCPColorMap* map_;
  QLabel* value_;
  QPushButton* copy_;
};

}  // namespace vms::ui
