// SPDX-License-Identifier: MIT
// Whether this test binary is scripts/sanitize's build, and why a test that makes a GL context,
// in its own process or in a galaxy program it starts, skips there.
#pragma once

namespace galaxy::test_support {

#if defined(__SANITIZE_ADDRESS__)
inline constexpr bool kUnderAddressSanitizer = true;
#else
inline constexpr bool kUnderAddressSanitizer = false;
#endif
// Mesa's llvmpipe is slow under ASan and its JIT keeps allocations LeakSanitizer reports without
// a stack to suppress by (`<unknown module>`), some runs and not others. The plain suite runs
// every such test.
inline constexpr const char* kNoGlUnderAsan =
    "no OpenGL under AddressSanitizer (Mesa's llvmpipe JIT keeps allocations LeakSanitizer "
    "reports); the plain suite runs this test";

}  // namespace galaxy::test_support
