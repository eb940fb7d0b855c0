// SPDX-License-Identifier: MIT
// A snapshot's load or save on the terminal (stderr): nothing for an operation shorter than about
// a second (io::kProgressShowAfter), then "galaxy: loading PATH: 45% of 1.2 GiB", rewritten in
// place on a terminal (a line at each tenth where stderr is a file or a pipe), and a last line
// at 100%.
#pragma once

#include <cstdint>
#include <string>

#include "io/progress.hpp"

namespace galaxy::app {

// A Progress that prints as above; `verb` is "loading" or "saving".
io::Progress terminal_progress(const std::string& verb, const std::string& path);

// "loading PATH: 45% of 1.2 GiB": the text the terminal and the panel show.
std::string progress_text(const std::string& verb, const std::string& path, std::uint64_t done,
                          std::uint64_t total);

// "512 MiB", "1.2 GiB".
std::string byte_size(std::uint64_t bytes);

}  // namespace galaxy::app
