#pragma once
// A dialog listing the registered quantities by group (checkable, filterable) for a user plot.
#include <QStringList>

class QWidget;

namespace vms::ui {

class QuantityRegistry;

/// The ids the user checked, in registry order; empty if cancelled or none checked.
QStringList pickQuantities(const QuantityRegistry& registry, QWidget* parent);

}  // namespace vms::ui
