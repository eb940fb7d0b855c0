// SPDX-License-Identifier: MIT
#include "formats.hpp"

#include <algorithm>
#include <bit>
#include <cctype>
#include <stdexcept>

#include "csv.hpp"
#include "gxy.hpp"
#include "hdf5.hpp"
#include "hdf5_plan.hpp"
#include "tipsy.hpp"

namespace galaxy::io {

namespace {

std::optional<std::uint64_t> hdf5_body_count(const std::filesystem::path& path) {
  try {  // every particle type: the most a load of it can bring
    return h5::plan_snapshot(path, 0xff).bodies;
  } catch (const std::runtime_error&) {
    return std::nullopt;  // the load will say what is wrong
  }
}

// The rows. Their order is the help's, and the order in which content is recognised on a load
// (a .gxy magic before the HDF5 signature).
std::vector<Format> make_formats() {
  std::vector<Format> t;
  t.push_back({.name = "gxy",
               .extensions = {".gxy"},
               .saves = "exact resume, colours",
               .units = FormatUnits::kOwn,
               .read_by_run = true,
               .recognise = has_gxy_magic,
               .load = [](const std::filesystem::path& p,
                          const LoadOptions& o) { return load_gxy(p, o.progress); },
               .save = save_gxy,
               .body_count = gxy_body_count,
               .fuzz = "gxy"});
  // Both Tipsy rows read either byte order (the header tells); they differ in what they write.
  const auto tipsy = [](const std::filesystem::path& p, const LoadOptions& o) {
    return load_tipsy(p, o.progress);
  };
  t.push_back({.name = "tipsy",
               .extensions = {".tipsy", ".std"},
               .saves = "Tipsy, big-endian",
               .loads = "Tipsy, either byte order",
               .any_name = true,
               .load = tipsy,
               .save = [](const std::filesystem::path& p, const Snapshot& s,
                          const Progress& pr) { save_tipsy(p, s, std::endian::big, pr); },
               .body_count = tipsy_body_count,
               .fuzz = "tipsy"});
  t.push_back({.name = "tipsy-le",
               .extensions = {".tipsy-le"},
               .saves = "Tipsy, little-endian",
               .loads = "Tipsy, either byte order",
               .load = tipsy,
               .save = [](const std::filesystem::path& p, const Snapshot& s,
                          const Progress& pr) { save_tipsy(p, s, std::endian::little, pr); },
               .body_count = tipsy_body_count,
               .fuzz = "tipsy"});
  t.push_back({.name = "csv",
               .extensions = {".csv"},
               .load = [](const std::filesystem::path& p,
                          const LoadOptions& o) { return load_csv(p, o.progress); },
               .save = [](const std::filesystem::path& p, const Snapshot& s,
                          const Progress& pr) { save_csv(p, s.bodies, pr); },
               .fuzz = "csv"});  // no body count: a row a line, known only by reading them
  // Not fuzzed here: the HDF5 C library parses the file.
  t.push_back({.name = "hdf5",
               .extensions = {".hdf5", ".h5"},
               .saves = "GADGET-4 layout with units",
               .loads = "GADGET, AREPO or SWIFT",
               .units = FormatUnits::kStated,
               .recognise = has_hdf5_signature,
               .load = load_hdf5,
               .save = [](const std::filesystem::path& p, const Snapshot& s,
                          const Progress&) { save_hdf5(p, s); },
               .body_count = hdf5_body_count});
  return t;
}

bool has_extension(const Format& f, const std::string& e) {
  return std::find(f.extensions.begin(), f.extensions.end(), e) != f.extensions.end();
}

// "a", "a or b", "a, b or c".
std::string join_or(const std::vector<std::string>& items) {
  std::string out;
  for (std::size_t i = 0; i < items.size(); ++i) {
    if (i > 0) out += i + 1 == items.size() ? " or " : ", ";
    out += items[i];
  }
  return out;
}

std::string joined(const std::vector<std::string>& items, const char* between) {
  std::string out;
  for (const std::string& s : items) out += (out.empty() ? "" : between) + s;
  return out;
}

std::string item(const std::vector<std::string>& extensions, const std::string& phrase) {
  return joined(extensions, "/") + (phrase.empty() ? "" : " (" + phrase + ")");
}

[[noreturn]] void unknown(const std::filesystem::path& path, bool savable,
                          std::span<const Format> table) {
  throw std::runtime_error(path.string() + ": unknown snapshot format '" + lower_extension(path) +
                           "' (use " + extension_list(savable, table) + ")");
}

}  // namespace

std::span<const Format> formats() {
  static const std::vector<Format> table = make_formats();
  return table;
}

const std::string& default_extension() {
  return formats().front().extensions.front();
}

std::string lower_extension(const std::filesystem::path& path) {
  std::string e = path.extension().string();
  for (char& c : e) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return e;
}

const Format* format_of_name(const std::filesystem::path& path, std::span<const Format> table) {
  const std::string e = lower_extension(path);
  for (const Format& f : table) {
    if (has_extension(f, e)) return &f;
  }
  return nullptr;
}

const Format& format_to_save(const std::filesystem::path& path, std::span<const Format> table) {
  const Format* f = format_of_name(path, table);
  if (!f) unknown(path, true, table);
  if (!f->save) {
    throw std::runtime_error(path.string() + ": " + f->name + " files are read, not written (use " +
                             extension_list(true, table) + ")");
  }
  return *f;
}

const Format& format_to_load(const std::filesystem::path& path, std::span<const Format> table) {
  const std::string e = lower_extension(path);
  // Content first: a .gxy file is recognised by its magic whatever its name (a file named as
  // one of these formats goes to its loader, which says what is wrong with it).
  for (const Format& f : table) {
    if (f.recognise && (has_extension(f, e) || f.recognise(path))) return f;
  }
  if (const Format* f = format_of_name(path, table)) return *f;
  for (const Format& f : table) {
    if (f.any_name) return f;
  }
  unknown(path, false, table);
}

std::string extension_list(bool savable, std::span<const Format> table) {
  std::vector<std::string> all;
  for (const Format& f : table) {
    if (savable && !f.save) continue;
    all.insert(all.end(), f.extensions.begin(), f.extensions.end());
  }
  return join_or(all);
}

std::string save_formats_help(std::span<const Format> table) {
  std::vector<std::string> items;
  for (const Format& f : table) {
    if (!f.save) continue;
    const bool first = items.empty();  // the default of a name without an extension
    const std::string phrase = first && !f.saves.empty() ? "the default; " + f.saves
                               : first                   ? "the default"
                                                         : f.saves;
    items.push_back(item(f.extensions, phrase));
  }
  return join_or(items);
}

std::string load_formats_help(std::span<const Format> table) {
  // Neighbours read alike share one item: ".tipsy/.std/.tipsy-le (Tipsy, either byte order)".
  std::vector<std::string> items, by_content;
  std::vector<std::string> group;
  std::string fallback;
  for (std::size_t i = 0; i < table.size(); ++i) {
    const Format& f = table[i];
    group.insert(group.end(), f.extensions.begin(), f.extensions.end());
    if (f.recognise) by_content.push_back("a " + f.extensions.front());
    if (f.any_name) fallback = f.extensions.front();
    if (i + 1 < table.size() && !f.loads.empty() && table[i + 1].loads == f.loads) continue;
    items.push_back(item(group, f.loads));
    group.clear();
  }
  std::string help = join_or(items);
  if (!by_content.empty()) {
    help += "; " + join_or(by_content) + " file is known by its content whatever its name";
  }
  if (!fallback.empty()) {
    help += (by_content.empty() ? "; " : ", and ") + std::string("any other name is read as ") +
            fallback;
  }
  return help;
}

std::string wrap_lines(std::string text, std::size_t width) {
  std::size_t line_start = 0, space = std::string::npos;
  for (std::size_t i = 0; i < text.size(); ++i) {
    if (text[i] == '\n') {
      line_start = i + 1;
      space = std::string::npos;
      continue;
    }
    if (text[i] == ' ') space = i;
    if (i - line_start >= width && space != std::string::npos) {
      text[space] = '\n';
      line_start = space + 1;
      space = std::string::npos;
    }
  }
  return text;
}

}  // namespace galaxy::io
