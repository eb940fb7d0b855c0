# SPDX-License-Identifier: MIT
# Install rules for what galaxy needs at run time, and the Debian package CPack makes of them
# (scripts/package; tests/test_package.sh checks both). The shaders are compiled into the binary
# (render/embed_shaders.cmake) and nothing else is read at run time, so the program, its launcher,
# its icon, its man page and its documents are the whole install.

install(FILES ${PROJECT_SOURCE_DIR}/packaging/galaxy.desktop
        DESTINATION ${CMAKE_INSTALL_DATADIR}/applications)
install(FILES ${PROJECT_SOURCE_DIR}/packaging/galaxy.png
        DESTINATION ${CMAKE_INSTALL_DATADIR}/icons/hicolor/256x256/apps)
install(FILES ${PROJECT_SOURCE_DIR}/README.md ${PROJECT_SOURCE_DIR}/packaging/copyright
        DESTINATION ${CMAKE_INSTALL_DOCDIR})

# The manual (docs/: its pages, pictures and the lessons' files) beside the README, as in the
# source tree, so that the README's links and the manual's own work where they are installed.
install(DIRECTORY ${PROJECT_SOURCE_DIR}/docs DESTINATION ${CMAKE_INSTALL_DOCDIR})

# The man page, made at build time from the program's own --help by help2man, so that it lists
# what the program takes, with the manual's command-line page (docs/command-line.md, turned into
# help2man's include format by packaging/man_from_markdown.awk) and packaging/galaxy.h2m;
# gzipped, as Debian ships man pages.
find_program(GALAXY_HELP2MAN help2man)
find_program(GALAXY_AWK NAMES awk mawk gawk)
if(GALAXY_HELP2MAN AND GALAXY_AWK)
  set(galaxy_man ${CMAKE_BINARY_DIR}/galaxy.1)
  set(galaxy_cli_page ${PROJECT_SOURCE_DIR}/docs/command-line.md)
  set(galaxy_cli_h2m ${CMAKE_BINARY_DIR}/command-line.h2m)
  add_custom_command(
    OUTPUT ${galaxy_man}.gz
    COMMAND ${GALAXY_AWK} -v out=${galaxy_cli_h2m}
            -f ${PROJECT_SOURCE_DIR}/packaging/man_from_markdown.awk ${galaxy_cli_page}
    COMMAND ${GALAXY_HELP2MAN} --no-info --include ${galaxy_cli_h2m}
            --include ${PROJECT_SOURCE_DIR}/packaging/galaxy.h2m
            --name "real-time Barnes-Hut galaxy simulator and visualizer" --output ${galaxy_man}
            $<TARGET_FILE:galaxy>
    COMMAND gzip -9nf ${galaxy_man}
    DEPENDS galaxy ${PROJECT_SOURCE_DIR}/packaging/galaxy.h2m ${galaxy_cli_page}
            ${PROJECT_SOURCE_DIR}/packaging/man_from_markdown.awk
    COMMENT "Man page galaxy.1 from galaxy --help (help2man)"
    VERBATIM)
  add_custom_target(galaxy_man ALL DEPENDS ${galaxy_man}.gz)
  install(FILES ${galaxy_man}.gz DESTINATION ${CMAKE_INSTALL_MANDIR}/man1)
else()
  message(WARNING "help2man or awk not found: no man page is made (scripts/setup installs help2man; "
                  "the package's test fails without it)")
endif()

set(CPACK_GENERATOR DEB)
set(CPACK_PACKAGE_NAME galaxy)
set(CPACK_PACKAGE_VENDOR "The Galaxy authors")
# The Maintainer field: the project's own name and a local address (the repository names no
# public one: its commits' address is under .example, a placeholder domain), unless a packager
# gives theirs (scripts/package -D CPACK_DEBIAN_PACKAGE_MAINTAINER=..., or this cache entry).
set(GALAXY_PACKAGE_MAINTAINER "Galaxy developers <galaxy@localhost>"
    CACHE STRING "Maintainer field of the Debian package")
if(GALAXY_PACKAGE_MAINTAINER MATCHES "\\.example>$")  # the placeholder a build tree may have cached
  set_property(CACHE GALAXY_PACKAGE_MAINTAINER PROPERTY VALUE "Galaxy developers <galaxy@localhost>")
endif()
set(CPACK_PACKAGE_CONTACT "${GALAXY_PACKAGE_MAINTAINER}")
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY "real-time Barnes-Hut galaxy simulator and visualizer")
string(CONCAT CPACK_PACKAGE_DESCRIPTION
    "Galaxy simulates colliding disk galaxies, Plummer spheres and cold collapses with a\n"
    "Barnes-Hut tree code (quadrupole cells, an error-based opening test) on a CUDA GPU or,\n"
    "without one, on every CPU core, and draws the bodies live with OpenGL. A panel changes\n"
    "the parameters while it runs. Snapshots load and save as .gxy, Tipsy or CSV. It also\n"
    "renders headless to PNG frames or video and benchmarks the force calculation.")
set(CPACK_STRIP_FILES ON)  # Debian ships stripped binaries

set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT)  # galaxy_<version>_<arch>.deb
set(CPACK_DEBIAN_PACKAGE_SECTION science)
set(CPACK_DEBIAN_PACKAGE_PRIORITY optional)
# dpkg-shlibdeps turns the libraries the binary links into the Debian packages that hold them.
# OpenGL and EGL are not linked but loaded at run time (the glad loader dlopens libGL.so.1 and
# libEGL.so.1), so shlibdeps cannot see them: they are named here. Mesa's drivers give the
# llvmpipe software renderer for headless runs on machines without a GPU; a GPU's own driver
# serves otherwise. The CUDA runtime is linked statically (sim/, render/): no Debian package
# holds the toolkit's libcudart, and the NVIDIA driver (libcuda) is loaded only when present.
set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS ON)
set(CPACK_DEBIAN_PACKAGE_DEPENDS "libegl1, libgl1")
set(CPACK_DEBIAN_PACKAGE_RECOMMENDS "libgl1-mesa-dri")
set(CPACK_DEBIAN_PACKAGE_SUGGESTS "ffmpeg")  # --record FILE.mp4
include(CPack)
