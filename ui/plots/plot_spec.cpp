#include "ui/plots/plot_spec.hpp"

#include <algorithm>

namespace vms::ui {

namespace {

const char* const kAxes[3] = {"x", "y", "z"};
// Components by colour, parts by line style: x vermillion, y green, z blue.
const int kAxisColor[3] = {1, 2, 0};

/// id_prefixes[p] + {x, y, z} for each part p (labelled parts[p]); colour by component, style
/// by part.
/// With several parts the legend is factored (legend_keys): x, y, z by colour, then the parts
/// by line style (6 entries instead of 9; the total drawn widest), readable when projected.
PaneSpec vectorPane(const QString& name, const QString& unit, const QStringList& id_prefixes,
                    const QStringList& parts, const QString& label_prefix) {
  static const Qt::PenStyle kPartStyle[3] = {Qt::SolidLine, Qt::DashLine, Qt::DotLine};
  static const double kPartWidth[3] = {2.5, 2.0, 2.0};
  PaneSpec pane{name, unit, false, {}, {}, {}};
  const bool factored = parts.size() > 1;
  for (int p = 0; p < parts.size(); ++p) {
    for (int c = 0; c < 3; ++c) {
      const QString label = label_prefix + (parts[p].isEmpty() ? "" : parts[p] + " ") + kAxes[c];
      pane.series.push_back({id_prefixes[p] + kAxes[c], label, kAxisColor[c], kPartStyle[p % 3],
                             factored ? kPartWidth[p % 3] : 1.5});
    }
  }
  if (factored) {
    for (int c = 0; c < 3; ++c)
      pane.legend_keys.push_back({QString(), kAxes[c], kAxisColor[c], Qt::SolidLine, 2.5});
    for (int p = 0; p < parts.size(); ++p)
      pane.legend_keys.push_back({QString(), parts[p], -1, kPartStyle[p % 3], kPartWidth[p % 3]});
  }
  return pane;
}

/// One series per quantity of `registry` whose id starts with `prefix`, a pane per unit.
std::vector<PaneSpec> jointPanes(const QuantityRegistry& registry, const QString& prefix,
                                 const QString& rotary_name, const QString& linear_name) {
  std::vector<PaneSpec> panes;
  int color = 0;
  for (const Quantity& q : registry.all()) {
    if (!q.id.startsWith(prefix)) continue;
    PaneSpec* pane = nullptr;
    for (auto& p : panes)
      if (p.unit == q.unit) pane = &p;
    if (!pane) {
      const bool linear = q.unit == "m" || q.unit == "m/s" || q.unit == "N";
      panes.push_back({linear ? linear_name : rotary_name, q.unit, false, {}, {}, {}});
      pane = &panes.back();
    }
    pane->series.push_back({q.id, q.id.mid(prefix.size()), color++, Qt::SolidLine});
  }
  if (panes.empty())  // no joints: empty axes
    panes.push_back({rotary_name, "", false, {}, {}, QStringLiteral("The model has no joints.")});
  return panes;
}

// Why the manipulability panes can be empty (measured on the examples: see docs/workbench.md).
constexpr const char* kManipulabilityHint =
    "w = sqrt(det(J J^T)) of the end-effector's translation is 0 when the arm has fewer "
    "joints than the directions the end-effector can move in (e.g. 1 prismatic or 2 revolute "
    "joints in 3D), or while it holds a singular pose (e.g. stretched straight, all joints "
    "at 0).";
constexpr const char* kRatioHint =
    "The ratio has no value where w(Jm) = 0: too few arm joints or a kinematic singularity.";

SeriesSpec single(const QString& id, const QString& label, int color) {
  return {id, label, color, Qt::SolidLine};
}

}  // namespace

int PlotSpec::seriesCount() const {
  int n = 0;
  for (const auto& p : panes) n += static_cast<int>(p.series.size());
  return n;
}

QStringList PlotSpec::seriesIds() const {
  QStringList ids;
  for (const auto& p : panes)
    for (const auto& s : p.series) ids << s.id;
  return ids;
}

std::vector<PlotKind> allPlotKinds() {
  return {PlotKind::Momentum,       PlotKind::MomentumDrift, PlotKind::BaseReaction,
          PlotKind::Manipulability, PlotKind::Energy,        PlotKind::JointAngles,
          PlotKind::JointRates,     PlotKind::JointTorques};
}

QString plotKindTitle(PlotKind kind) {
  switch (kind) {
    case PlotKind::Momentum:
      return QStringLiteral("Momentum (total / vehicle / arm)");
    case PlotKind::MomentumDrift:
      return QStringLiteral("Momentum drift");
    case PlotKind::BaseReaction:
      return QStringLiteral("Base reaction (arm on vehicle, world frame)");
    case PlotKind::Manipulability:
      return QStringLiteral("Manipulability");
    case PlotKind::Energy:
      return QStringLiteral("Energy");
    case PlotKind::JointAngles:
      return QStringLiteral("Joint angles");
    case PlotKind::JointRates:
      return QStringLiteral("Joint rates");
    case PlotKind::JointTorques:
      return QStringLiteral("Joint torques");
  }
  return {};
}

QString plotKindTab(PlotKind kind) {
  switch (kind) {
    case PlotKind::Momentum:
      return QStringLiteral("Momentum");
    case PlotKind::MomentumDrift:
      return QStringLiteral("Drift");
    case PlotKind::BaseReaction:
      return QStringLiteral("Reaction");
    case PlotKind::Manipulability:
      return QStringLiteral("Manipulability");
    case PlotKind::Energy:
      return QStringLiteral("Energy");
    case PlotKind::JointAngles:
      return QStringLiteral("Angles");
    case PlotKind::JointRates:
      return QStringLiteral("Rates");
    case PlotKind::JointTorques:
      return QStringLiteral("Torques");
  }
  return QStringLiteral("Plot");
}

QString plotKindSlug(PlotKind kind) {
  switch (kind) {
    case PlotKind::Momentum:
      return QStringLiteral("momentum");
    case PlotKind::MomentumDrift:
      return QStringLiteral("momentum_drift");
    case PlotKind::BaseReaction:
      return QStringLiteral("base_reaction");
    case PlotKind::Manipulability:
      return QStringLiteral("manipulability");
    case PlotKind::Energy:
      return QStringLiteral("energy");
    case PlotKind::JointAngles:
      return QStringLiteral("joint_angles");
    case PlotKind::JointRates:
      return QStringLiteral("joint_rates");
    case PlotKind::JointTorques:
      return QStringLiteral("joint_torques");
  }
  return QStringLiteral("plot");
}

PlotSpec builtInPlotSpec(PlotKind kind, const QuantityRegistry& registry) {
  PlotSpec spec;
  spec.title = plotKindTitle(kind);
  spec.slug = plotKindSlug(kind);
  spec.tab = plotKindTab(kind);
  spec.hide_silent_series = true;
  const QStringList parts = {"total", "vehicle", "arm"};
  switch (kind) {
    case PlotKind::Momentum:
      // Short axis names (P, L about the world origin): panes are ~170 px high in a dock.
      spec.panes.push_back(vectorPane("P", "N s", {"P", "P_vehicle_", "P_arm_"}, parts, ""));
      spec.panes.push_back(
          vectorPane("L about origin", "N m s", {"L", "L_vehicle_", "L_arm_"}, parts, ""));
      break;
    case PlotKind::MomentumDrift:
      spec.panes.push_back(
          {"|P - P(0)|", "N s", true, {single("drift_P", "|P - P(0)|", 0)}, {}, {}});
      spec.panes.push_back(
          {"|L - L(0)|", "N m s", true, {single("drift_L", "|L - L(0)|", 1)}, {}, {}});
      break;
    case PlotKind::BaseReaction:
      spec.panes.push_back(vectorPane("force", "N", {"reaction_f"}, {""}, "f "));
      spec.panes.push_back(vectorPane("torque", "N m", {"reaction_n"}, {""}, "n "));
      // Short axis names: a y label longer than its pane spills into the next one.
      spec.panes.push_back({"attitude",
                            "rad",
                            false,
                            {single("vehicle_attitude_deviation", "attitude deviation", 3)},
                            {},
                            {}});
      spec.panes.push_back(vectorPane("CoM shift", "m", {"vehicle_com_d"}, {""}, "vehicle CoM d"));
      break;
    case PlotKind::Manipulability:
      spec.panes.push_back({"manipulability w",
                            "",
                            false,
                            {single("manipulability_fixed", "fixed base (Jm)", 0),
                             single("manipulability_floating", "floating (J*)", 1)},
                            {},
                            QString(kManipulabilityHint)});
      // Log scale: near a kinematic singularity w(Jm) -> 0 and the ratio spikes by decades.
      spec.panes.push_back({"w(J*) / w(Jm)",
                            "",
                            true,
                            {single("dynamic_singularity", "w(J*) / w(Jm)", 2)},
                            {},
                            QString(kRatioHint)});
      break;
    case PlotKind::Energy:
      spec.panes.push_back({"energy",
                            "J",
                            false,
                            {single("T", "T (kinetic)", 0), single("energy", "E = T + V", 7),
                             single("actuator_work", "actuator work W", 1)},
                            {},
                            {}});
      spec.panes.push_back({"E - E(0) - W",
                            "J",
                            false,
                            {single("power_residual", "power-balance residual", 3)},
                            {},
                            {}});
      break;
    case PlotKind::JointAngles:
      spec.panes = jointPanes(registry, "q:", "joint angle", "joint position");
      break;
    case PlotKind::JointRates:
      spec.panes = jointPanes(registry, "qd:", "joint rate", "joint velocity");
      break;
    case PlotKind::JointTorques:
      spec.panes = jointPanes(registry, "tau:", "joint torque", "joint force");
      break;
  }
  return spec;
}

std::vector<PlotSpec> scenarioPlotSpecs(const QuantityRegistry& registry) {
  std::vector<PlotSpec> specs;
  const QStringList null_space = {"reactionless_task_residual", "reactionless_vehicle_rate",
                                  "reactionless_outside"};
  if (auto spec = customPlotSpec(null_space, registry)) {
    spec->title = QStringLiteral("Reaction null space: task residual, vehicle rate, outside");
    spec->slug = QStringLiteral("reaction_null_space");
    spec->tab = QStringLiteral("Null space");
    // One pane per quantity (their units differ), named short: the axis label is the name and
    // the unit, the legend above each pane says the whole.
    const QStringList names = {QStringLiteral("residual"), QStringLiteral("vehicle rate"),
                               QStringLiteral("outside")};
    for (std::size_t k = 0; k < spec->panes.size() && k < std::size_t(names.size()); ++k)
      spec->panes[k].name = names[int(k)];
    specs.push_back(std::move(*spec));
  }
  return specs;
}

std::optional<PlotSpec> customPlotSpec(const QStringList& ids, const QuantityRegistry& registry,
                                       QStringList* unknown) {
  QStringList missing;
  for (const QString& id : ids)
    if (!registry.find(id)) missing << id;
  if (unknown) *unknown = missing;
  if (ids.isEmpty() || !missing.isEmpty()) return std::nullopt;
  PlotSpec spec;
  // Titled with what the quantities are ("vehicle angular velocity x"), not their CSV names.
  QStringList labels;
  for (const QString& id : ids) labels << registry.find(id)->label;
  spec.title = labels.join(", ");
  if (spec.title.size() > 60) spec.title = spec.title.left(57) + "...";
  spec.slug = QStringLiteral("custom");
  int color = 0;
  for (const QString& id : ids) {
    const Quantity& q = *registry.find(id);
    PaneSpec* pane = nullptr;
    for (auto& p : spec.panes)
      if (p.unit == q.unit) pane = &p;
    if (!pane) {
      spec.panes.push_back({q.group, q.unit, false, {}, {}, {}});
      pane = &spec.panes.back();
    }
    pane->series.push_back({q.id, q.label, color++, Qt::SolidLine});
  }
  for (auto& p : spec.panes) {
    // A pane of one unit may hold quantities of several groups (a joint's rate and the
    // vehicle's): it is named after all of them.
    QStringList groups;
    for (const SeriesSpec& series : p.series)
      if (const QString group = registry.find(series.id)->group; !groups.contains(group))
        groups << group;
    p.name = groups.join(" / ");
    if (p.series.size() == 1) p.name = p.series.front().label;
    // Drifts (non-negative, spanning decades) on a log axis, as in the built-in drift plot.
    p.log = std::all_of(p.series.begin(), p.series.end(),
                        [](const SeriesSpec& s) { return s.id.startsWith("drift_"); });
  }
  return spec;
}

}  // namespace vms::ui
