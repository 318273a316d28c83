#include "core/io/dh_edit.hpp"

#include <map>
#include <memory>
#include <set>

#include "core/io/vms_json.hpp"

namespace vms {

ModelDescription withDhTable(const ModelDescription& d, const DhTable& table) {
  if (!d.dh || !keepsDhForm(d))
    throw ModelError(d.dh ? "the model's DH links were edited one by one: it is no longer in "
                            "DH form (undo those edits to edit the table)"
                          : "the model has no DH table");
  if (table.links.empty()) throw ModelError("a DH table needs at least one link");
  ModelDescription old_part, new_part;
  appendDhTable(*d.dh, &old_part);
  appendDhTable(table, &new_part);

  // Old DH link names -> new ones, row by row (the base is row 0).
  std::map<std::string, std::string> renamed;
  for (size_t i = 0; i < old_part.links.size() && i < new_part.links.size(); ++i)
    if (old_part.links[i].name != new_part.links[i].name)
      renamed[old_part.links[i].name] = new_part.links[i].name;
  auto follow = [&](std::string& link) {
    if (auto it = renamed.find(link); it != renamed.end()) link = it->second;
  };

  ModelDescription out = d;
  out.links.assign(new_part.links.begin(), new_part.links.end());
  out.links.insert(out.links.end(), d.links.begin() + long(old_part.links.size()), d.links.end());
  out.joints.assign(new_part.joints.begin(), new_part.joints.end());
  out.joints.insert(out.joints.end(), d.joints.begin() + long(old_part.joints.size()),
                    d.joints.end());
  out.frames.assign(new_part.frames.begin(), new_part.frames.end());
  out.frames.insert(out.frames.end(), d.frames.begin() + long(old_part.frames.size()),
                    d.frames.end());
  for (size_t j = new_part.joints.size(); j < out.joints.size(); ++j) follow(out.joints[j].parent);
  for (size_t f = new_part.frames.size(); f < out.frames.size(); ++f) follow(out.frames[f].link);
  for (AddedMassDescription& a : out.added_mass) follow(a.link);

  // Items on a DH link that the new table drops.
  std::set<std::string> removed;
  for (size_t i = new_part.links.size(); i < old_part.links.size(); ++i)
    removed.insert(old_part.links[i].name);
  for (size_t j = new_part.joints.size(); j < out.joints.size(); ++j)
    if (removed.count(out.joints[j].parent))
      throw ModelError("joint '" + out.joints[j].name + "' is on link '" + out.joints[j].parent +
                       "', which the new table removes");
  for (size_t f = new_part.frames.size(); f < out.frames.size(); ++f)
    if (removed.count(out.frames[f].link))
      throw ModelError("frame '" + out.frames[f].name + "' is on link '" + out.frames[f].link +
                       "', which the new table removes");

  // Names of the expansion must not collide with what the model has besides it.
  std::set<std::string> names;
  for (const LinkDescription& l : out.links)
    if (!names.insert(l.name).second) throw ModelError("link '" + l.name + "' is named twice");
  for (const FrameDescription& f : out.frames)
    if (!names.insert(f.name).second)
      throw ModelError("frame '" + f.name + "' has the name of a link or another frame");
  std::set<std::string> joints;
  for (const JointDescription& j : out.joints)
    if (!joints.insert(j.name).second) throw ModelError("joint '" + j.name + "' is named twice");
  out.dh = std::make_shared<const DhTable>(table);
  return out;
}

}  // namespace vms
