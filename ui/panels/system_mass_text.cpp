#include "ui/panels/system_mass_text.hpp"

#include <QObject>

#include "core/algorithms/momentum.hpp"
#include "core/model/data.hpp"

namespace vms::ui {

QString systemMassText(const Scenario& scenario) {
  const Model& model = scenario.model;
  if (model.nbodies <= 0) return {};
  Data data(model);
  const Vec3 c = centerOfMass(model, data, scenario.initial_state);
  auto n = [](double x) { return QString::number(x, 'g', 4); };
  return QObject::tr("Total mass %1 kg · CoM (%2, %3, %4) m at the initial state")
      .arg(n(model.total_mass), n(c.x()), n(c.y()), n(c.z()));
}

}  // namespace vms::ui
