#pragma once
// Structural edits of a model and the scenario around it, as pure transformations: add, delete,
// duplicate and re-parent links, rename links / joints / frames, change a joint's type, add and
// delete frames. Each function edits `d` (and the scenario's references to its names, when
// `s` is given) and returns "" or why the edit is refused; a refused edit may have changed
// `d` and `s` halfway, so callers work on copies (ModelDocument does, and then compiles the
// result: what compileModel or scenario assembly rejects is refused there).
//
// What the scenario names (kept in step): thrusters' and hydrodynamic bodies' links, the
// rooted solver's "root" link, the resolved-rate controller's frame, "analysis.end_effector",
// the joint controllers' joint lists, and the initial state's joint_names and q / qd / tau
// (one value per moving joint: a value is kept with its joint, a new joint starts at 0, a
// STATE file is then written inline). What cannot be kept in step (a trajectory or per-joint
// gains sized by the joint count) refuses the edit with a message naming it.
#include <string>
#include <vector>

#include "core/model/model_description.hpp"
#include "core/scenario/scenario_description.hpp"

namespace vms::ui {

enum class StructureItem { Link, Joint, Frame };

/// Default shape of a new link: a cylinder of this radius along its x axis, of this length.
constexpr double kNewLinkLength = 0.3;
constexpr double kNewLinkRadius = 0.04;
constexpr double kNewLinkMass = 1.0;

/// The link no joint has as child (the vehicle); "" if none or several.
std::string rootLinkName(const ModelDescription& d);

/// The link compileModel takes as the root: the first one without a parent joint ("" if none).
/// In a draft other links may have no parent joint either.
std::string firstLinkWithoutParent(const ModelDescription& d);

/// `stem` followed by the smallest number >= 1 that no link, joint, frame, reaction wheel or
/// thruster uses ("link4").
std::string uniqueName(const ModelDescription& d, const ScenarioDescription* s,
                       const std::string& stem);

/// Adds a link as child of `parent` through a new joint of `kind`: names "linkN" / "jointN",
/// the joint at the far end of the parent's first visual (else 0.3 m along x), axis z,
/// revolute limits [-pi, pi]; a 1 kg cylinder of kNewLinkLength along x with its inertia and
/// a matching cylinder visual. `created` receives the new link's name.
std::string addChildLink(ModelDescription& d, ScenarioDescription* s, const std::string& parent,
                         JointKind kind, std::string* created = nullptr);

/// Deletes `link` with its subtree (joints, frames, added mass; the scenario's thrusters and
/// hydrodynamic bodies on them). The root link (the first link without a parent joint) cannot
/// be deleted; nor can a link the scenario's root, resolved-rate frame or analysis end-effector
/// names. (A draft's other links without a parent joint can.)
std::string deleteLink(ModelDescription& d, ScenarioDescription* s, const std::string& link);

/// Added (drafts): deletes the joint only, not its child: what fixes a second parent joint (a
/// kinematic loop). Deleting a link's only parent joint leaves the link unattached, which
/// compiling refuses (a draft keeps it).
std::string deleteJoint(ModelDescription& d, ScenarioDescription* s, const std::string& joint);

/// Copies the subtree of `link` (not the root) with unique names ("<name>_copy", ...) on the
/// same parent, its joint 0.25 m beside the original's along the parent's y axis; frames and
/// added mass of the subtree are copied too. `created`: the copy of `link`.
std::string duplicateSubtree(ModelDescription& d, ScenarioDescription* s, const std::string& link,
                             std::string* created = nullptr);

/// The links `link` may be moved under: every link outside its subtree (none for the root).
std::vector<std::string> validParents(const ModelDescription& d, const std::string& link);

/// Makes `new_parent` the parent of `link`'s joint (origin unchanged).
std::string reparentLink(ModelDescription& d, ScenarioDescription* s, const std::string& link,
                         const std::string& new_parent);

/// Renames a link, joint or frame and every reference to it. Link and frame names share one
/// namespace (a frame may name either); joint names another; a reaction wheel's name is both.
std::string renameItem(ModelDescription& d, ScenarioDescription* s, StructureItem kind,
                       const std::string& old_name, const std::string& new_name);

/// Changes a joint's type. Becoming movable: axis kept (z if zero), revolute limits [-pi, pi]
/// unless it has limits already. From revolute or continuous to prismatic or back, the
/// position, velocity and effort limits are dropped (their unit changes); a revolute joint then
/// gets [-pi, pi].
std::string changeJointType(ModelDescription& d, ScenarioDescription* s, const std::string& joint,
                            JointKind kind);

/// Adds a frame "frameN" on `link` at the far end of its first visual (else its origin).
std::string addFrame(ModelDescription& d, ScenarioDescription* s, const std::string& link,
                     std::string* created = nullptr);

/// Deletes a frame and its added-mass entries; refused if the scenario names it.
std::string deleteFrame(ModelDescription& d, ScenarioDescription* s, const std::string& frame);

// Actuators are scenario items (a bare model's default scenario has none: refused there by the
// document). Names are unique among links, joints, frames, wheels and thrusters.

/// Adds a reaction wheel "wheelN" at the vehicle origin, its axis x, y, z in turn (the k-th
/// wheel: axis k mod 3), 2 kg, spin inertia 0.02, transverse 0.012 kg m^2, 0.2 N m, 600 rad/s.
std::string addReactionWheel(const ModelDescription& d, ScenarioDescription* s,
                             std::string* created = nullptr);
std::string deleteReactionWheel(ScenarioDescription* s, const std::string& name);

/// Adds a thruster "thrusterN" on `link` at the far end of its first visual, pushing along
/// the link's x, 10 N, proportional.
std::string addThruster(const ModelDescription& d, ScenarioDescription* s, const std::string& link,
                        std::string* created = nullptr);
std::string deleteThruster(ScenarioDescription* s, const std::string& name);

/// Keeps the scenario's joint-indexed values in step with a change of the moving joints from
/// `before` to `after` (matched by name: a renamed joint is not a change). "" or why not.
std::string syncScenarioJoints(const ModelDescription& before, const ModelDescription& after,
                               ScenarioDescription* s);

}  // namespace vms::ui
