#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# The install rules and the Debian package (cmake/packaging.cmake), checked on a built tree:
#   1. cmake --install into a temporary prefix gives the program, the launcher, the icon, the man
#      page and the documents (the README with the manual beside it, docs/, so that their links
#      work), and the installed program runs and reports the project's version;
#   2. cpack makes galaxy_<version>_<arch>.deb holding the same files under /usr, with a launcher
#      whose Exec and Icon name what the package installs, and Depends that are all Debian
#      packages installed here (dpkg-shlibdeps found them), OpenGL/EGL (loaded at run time)
#      among them, and no CUDA runtime, and a Maintainer that is a name and an address, not a
#      placeholder;
#   3. the program unpacked from the .deb runs.
# Usage: test_package.sh BUILD_DIR VERSION. Exit 77 (ctest: skipped) when a Debian tool is missing.
set -euo pipefail
build=$1 version=$2
fail() { echo "FAIL: $*" >&2; exit 1; }
# The README and the manual in folder $1 (the share/doc/galaxy of an install): the manual's pages
# and the lessons' files are there, and every link of them names a file there (test_links.sh).
links_resolve() {
  local dir=$1 f
  for f in docs/README.md docs/command-line.md docs/lessons/README.md \
           docs/lessons/tidal-tails/prograde.toml; do
    [ -f "$dir/$f" ] || fail "the manual's $f is not installed beside the README"
  done
  "$(dirname "$0")/test_links.sh" "$dir" >/dev/null || fail "the installed README and manual have broken links"
}
# The man page: section 1, gzipped as Debian ships them, naming the options.
man_page_ok() {
  [ -f "$1" ] || fail "no man page at $1"
  zcat "$1" | grep -q '^\.TH GALAXY "1"' || fail "$1 is not galaxy's section-1 man page"
  zcat "$1" | grep -q 'frames' || fail "$1 does not list the options"
}
for tool in cpack dpkg-deb dpkg-shlibdeps dpkg-query readelf; do
  if ! command -v "$tool" >/dev/null; then
    echo "SKIP: $tool is not installed (scripts/setup installs it)"
    exit 77
  fi
done
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# 1. cmake --install
cmake --install "$build" --prefix "$tmp/prefix" >/dev/null
for f in bin/galaxy share/applications/galaxy.desktop share/icons/hicolor/256x256/apps/galaxy.png \
         share/doc/galaxy/README.md share/doc/galaxy/copyright share/man/man1/galaxy.1.gz; do
  [ -f "$tmp/prefix/$f" ] || fail "cmake --install did not install $f"
done
links_resolve "$tmp/prefix/share/doc/galaxy"
man_page_ok "$tmp/prefix/share/man/man1/galaxy.1.gz"
reported=$("$tmp/prefix/bin/galaxy" --version) || fail "installed galaxy --version failed"
[ "$reported" = "galaxy $version" ] ||
  fail "installed galaxy reports '$reported', the project is $version"

# 2. the package
cpack --config "$build/CPackConfig.cmake" -G DEB -B "$tmp/deb" >"$tmp/cpack.log" 2>&1 ||
  { cat "$tmp/cpack.log" >&2; fail "cpack failed"; }
arch=$(dpkg --print-architecture)
deb="$tmp/deb/galaxy_${version}_${arch}.deb"
[ -f "$deb" ] || fail "no $(basename "$deb") in $(ls "$tmp/deb")"
echo "package: $(basename "$deb"), $(stat -c %s "$deb") bytes"
[ "$(dpkg-deb -f "$deb" Package)" = galaxy ] || fail "package name is not galaxy"
[ "$(dpkg-deb -f "$deb" Version)" = "$version" ] || fail "package version is not $version"
for field in Maintainer Description Section; do
  [ -n "$(dpkg-deb -f "$deb" "$field")" ] || fail "the package has no $field"
done
maintainer=$(dpkg-deb -f "$deb" Maintainer)
grep -qE '^[^<>]+ <[^<>@ ]+@[^<> ]+>$' <<<"$maintainer" || fail "Maintainer '$maintainer' is not 'Name <address>'"
case $maintainer in *example*) fail "Maintainer '$maintainer' is a placeholder" ;; esac

contents=$(dpkg-deb -c "$deb" | awk '{print $NF}')
for f in ./usr/bin/galaxy ./usr/share/applications/galaxy.desktop \
         ./usr/share/icons/hicolor/256x256/apps/galaxy.png ./usr/share/doc/galaxy/copyright \
         ./usr/share/man/man1/galaxy.1.gz; do
  grep -qxF "$f" <<<"$contents" || fail "the package lacks $f; it holds:"$'\n'"$contents"
done

depends=$(dpkg-deb -f "$deb" Depends)
echo "Depends: $depends"
names=$(tr ',|' '\n\n' <<<"$depends" | sed 's/(.*)//; s/ //g' | grep -v '^$')
for lib in libc6 libglfw3 libpng16-16 libegl1 libgl1; do
  grep -qxF "$lib" <<<"$names" || fail "Depends lacks $lib: $depends"
done
for name in $names; do  # every one a Debian package, none the toolkit's CUDA runtime
  case $name in *cuda*) fail "Depends names $name: $depends" ;; esac
  dpkg-query -W "$name" >/dev/null 2>&1 || fail "Depends names $name, which no installed package is"
done

# 3. what the package unpacks
dpkg-deb -x "$deb" "$tmp/root"
links_resolve "$tmp/root/usr/share/doc/galaxy"
man_page_ok "$tmp/root/usr/share/man/man1/galaxy.1.gz"
exe="$tmp/root/usr/bin/galaxy"
if readelf -d "$exe" | grep -q 'NEEDED.*libcudart'; then
  fail "the packaged binary needs a shared libcudart, which no Debian package holds"
fi
[ "$("$exe" --version)" = "galaxy $version" ] || fail "the packaged galaxy does not run"
desktop="$tmp/root/usr/share/applications/galaxy.desktop"
grep -qx 'Exec=galaxy' "$desktop" || fail "the launcher does not run plain 'galaxy' (the window)"
icon=$(sed -n 's/^Icon=//p' "$desktop")
[ -f "$tmp/root/usr/share/icons/hicolor/256x256/apps/$icon.png" ] || fail "no icon named '$icon'"
if command -v desktop-file-validate >/dev/null; then
  desktop-file-validate "$desktop" || fail "desktop-file-validate rejects galaxy.desktop"
else
  echo "note: desktop-file-validate not installed (desktop-file-utils); launcher not validated"
fi
echo "package checks passed"
