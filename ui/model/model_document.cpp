// Placeholder so the module builds before its implementation lands; replaced by it.
#include "ui/model/model_document.hpp"
