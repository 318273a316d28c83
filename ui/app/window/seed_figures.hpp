#pragma once
// Examples → Seed figures: one entry per figure preset of models/seed004_figures.json
// (core/io/figure_presets.hpp). An entry opens the figure's scenario, replaces the plots by
// one plot of exactly the preset's quantities (the built-in plots shown before come back when
// another file is opened), shows the caption and what to observe above the example's own note
// in the Explanation panel, and raises that panel.
#include <QString>

#include "core/io/figure_presets.hpp"

class QMenu;

namespace vms::ui {

class MainWindow;

/// The preset file of the models folder (empty if the folder has none).
QString seedFigurePresetFile(const QString& models_dir);

/// Adds the "Seed figures" submenu to `examples` (nothing if `models_dir` has no preset file;
/// a disabled entry naming the problem if the file cannot be read).
void addSeedFiguresMenu(QMenu* examples, MainWindow* window, const QString& models_dir);

/// What the menu entry does; false (with `error`) if the scenario cannot be opened or a
/// quantity is not plottable.
/// `source`: the paper (FigurePresetFile::source).
bool showFigurePreset(MainWindow& window, const FigurePreset& preset, const QString& source,
                      QString* error = nullptr);

/// The Explanation text of a preset: title, caption (marked as the paper's or as written from
/// its text), what to observe, then `note` (the example's own explanation).
QString figurePresetMarkdown(const FigurePreset& preset, const QString& source,
                             const QString& note);

}  // namespace vms::ui
