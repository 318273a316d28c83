// The one source of the precompiled-header targets vms_test_pch (support/test_pch.hpp, core and
// CLI tests) and vms_ui_test_pch (support/ui_test_pch.hpp, desktop tests): REUSE_FROM needs a
// target that compiles the header once.
