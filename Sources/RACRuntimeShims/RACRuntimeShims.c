// Declarations only (see include/RACRuntimeShims.h); a C target needs one source file.
#include "RACRuntimeShims.h"
