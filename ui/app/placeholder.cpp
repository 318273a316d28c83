// Placeholder; replaced by the main window.
namespace vms::ui {}
