#include "ui/document/model_templates.hpp"

#include <cmath>

namespace vms::ui {

namespace {

/// A solid box of `size` (x, y, z) and `mass`, centred on the link origin, with its visual.
LinkDescription boxLink(const std::string& name, double mass, const Vec3& size,
                        const Eigen::Vector4d& rgba) {
  LinkDescription l;
  l.name = name;
  l.inertial.mass = mass;
  const Vec3 s2 = size.cwiseProduct(size);
  l.inertial.inertia =
      (mass / 12.0 * Vec3(s2.y() + s2.z(), s2.x() + s2.z(), s2.x() + s2.y())).asDiagonal();
  Visual v;
  v.shape = Visual::Shape::Box;
  v.size = size;
  v.rgba = rgba;
  l.visuals.push_back(v);
  return l;
}

/// A link that is a solid cylinder from its origin along +x (its joint at the origin).
LinkDescription rodLink(const std::string& name, double mass, double length, double radius) {
  LinkDescription l;
  l.name = name;
  l.inertial.mass = mass;
  l.inertial.com = Vec3(0.5 * length, 0.0, 0.0);
  const double axial = 0.5 * mass * radius * radius;
  const double transverse = mass * (3.0 * radius * radius + length * length) / 12.0;
  l.inertial.inertia = Vec3(axial, transverse, transverse).asDiagonal();
  Visual v;
  v.shape = Visual::Shape::Cylinder;
  v.size = Vec3(radius, length, 0.0);
  v.origin.R << 0, 0, 1, 0, 1, 0, -1, 0, 0;  // the cylinder's z onto x
  v.origin.p = Vec3(0.5 * length, 0.0, 0.0);
  v.rgba = Eigen::Vector4d(0.85, 0.55, 0.2, 1.0);
  l.visuals.push_back(v);
  return l;
}

JointDescription revolute(const std::string& name, const std::string& parent,
                          const std::string& child, const Vec3& at, const Vec3& axis) {
  JointDescription j;
  j.name = name;
  j.kind = JointKind::Revolute;
  j.parent = parent;
  j.child = child;
  j.origin.p = at;
  j.axis = axis;
  j.has_limits = true;
  j.lower = -M_PI;
  j.upper = M_PI;
  return j;
}

struct ArmLink {
  double length, mass;
  Vec3 axis;
};

/// A serial arm of rods on `base` at `mount` (prefix for names: "<prefix>link1", ...), each
/// joint at the end of the previous rod; a tool frame "<prefix>tool" at the last rod's end.
void addArm(ModelDescription& d, const std::string& base, const Vec3& mount,
            const std::vector<ArmLink>& arm, const std::string& prefix) {
  std::string parent = base;
  Vec3 at = mount;
  for (size_t k = 0; k < arm.size(); ++k) {
    const std::string n = std::to_string(k + 1);
    d.links.push_back(rodLink(prefix + "link" + n, arm[k].mass, arm[k].length, 0.04));
    d.joints.push_back(
        revolute(prefix + "joint" + n, parent, prefix + "link" + n, at, arm[k].axis));
    parent = prefix + "link" + n;
    at = Vec3(arm[k].length, 0.0, 0.0);
  }
  d.frames.push_back({prefix + "tool", parent, Pose{Mat3::Identity(), at}});
}

const Eigen::Vector4d kHullColour(0.75, 0.78, 0.85, 1.0);

ModelDescription emptyVehicle() {
  ModelDescription d;
  d.name = "vehicle";
  d.links.push_back(boxLink("vehicle", 100.0, Vec3(1.0, 1.0, 1.0), kHullColour));
  return d;
}

ModelDescription spacecraftArm() {
  ModelDescription d;
  d.name = "spacecraft_arm";
  d.links.push_back(boxLink("spacecraft", 500.0, Vec3(1.2, 1.2, 1.2), kHullColour));
  addArm(d, "spacecraft", Vec3(0.6, 0.0, 0.0),
         {{0.15, 5.0, Vec3::UnitZ()},
          {0.5, 8.0, Vec3::UnitY()},
          {0.5, 6.0, Vec3::UnitY()},
          {0.1, 2.0, Vec3::UnitX()},
          {0.1, 2.0, Vec3::UnitY()},
          {0.1, 1.0, Vec3::UnitX()}},
         "");
  return d;
}

ModelDescription rover2R() {
  ModelDescription d;
  d.name = "rover_2r";
  d.base_type = BaseType::Planar;
  d.links.push_back(boxLink("rover", 50.0, Vec3(0.8, 0.5, 0.3), kHullColour));
  addArm(d, "rover", Vec3(0.4, 0.0, 0.0), {{0.5, 4.0, Vec3::UnitZ()}, {0.4, 3.0, Vec3::UnitZ()}},
         "");
  return d;
}

ModelDescription underwaterArm() {
  ModelDescription d;
  d.name = "underwater_arm";
  d.links.push_back(boxLink("auv", 200.0, Vec3(1.5, 1.0, 0.8), Eigen::Vector4d(0.95, 0.8, 0.1, 1)));
  addArm(d, "auv", Vec3(0.75, 0.0, -0.2),
         {{0.2, 6.0, Vec3::UnitZ()},
          {0.45, 8.0, Vec3::UnitY()},
          {0.4, 6.0, Vec3::UnitY()},
          {0.15, 2.0, Vec3::UnitY()}},
         "");
  // Hydrodynamic added mass of the hull (Fossen's M_A, diagonal, hull frame): neutrally
  // buoyant, so the model's gravity stays zero.
  AddedMassDescription hull;
  hull.link = "auv";
  Vec6 diag;
  diag << 60.0, 150.0, 180.0, 15.0, 30.0, 25.0;
  hull.matrix = diag.asDiagonal();
  d.added_mass.push_back(hull);
  return d;
}

ModelDescription dualArmSpacecraft() {
  ModelDescription d;
  d.name = "dual_arm_spacecraft";
  d.links.push_back(boxLink("spacecraft", 800.0, Vec3(1.5, 1.5, 1.5), kHullColour));
  const std::vector<ArmLink> arm = {
      {0.15, 5.0, Vec3::UnitZ()}, {0.6, 8.0, Vec3::UnitY()}, {0.5, 6.0, Vec3::UnitY()}};
  addArm(d, "spacecraft", Vec3(0.75, 0.45, 0.0), arm, "left_");
  addArm(d, "spacecraft", Vec3(0.75, -0.45, 0.0), arm, "right_");
  return d;
}

}  // namespace

const std::vector<ModelTemplate>& modelTemplates() {
  static const std::vector<ModelTemplate> templates = {
      {"vehicle", "Empty vehicle", "one 100 kg box, free-floating: add links to it", emptyVehicle},
      {"spacecraft_arm", "Spacecraft + 6-DoF arm", "500 kg spacecraft, 6 revolute joints",
       spacecraftArm},
      {"rover_2r", "Rover + 2R arm", "planar vehicle (x, y, yaw) with a 2-link planar arm",
       rover2R},
      {"underwater_arm", "Underwater vehicle + 4-link arm",
       "200 kg hull with added mass, 4 revolute joints", underwaterArm},
      {"dual_arm_spacecraft", "Dual-arm spacecraft", "800 kg spacecraft, two 3-joint arms",
       dualArmSpacecraft},
  };
  return templates;
}

const ModelTemplate* findModelTemplate(const std::string& id) {
  for (const ModelTemplate& t : modelTemplates())
    if (t.id == id) return &t;
  return nullptr;
}

}  // namespace vms::ui
