# SPDX-License-Identifier: MIT
# Install rules for what galaxy needs at run time, and the Debian package CPack makes of them
# (scripts/package; tests/test_package.sh checks both). The shaders are compiled into the binary
# (render/embed_shaders.cmake) and nothing else is read at run time, so the program, its launcher,
# its icon and its documents are the whole install.

install(FILES ${PROJECT_SOURCE_DIR}/packaging/galaxy.desktop
        DESTINATION ${CMAKE_INSTALL_DATADIR}/applications)
install(FILES ${PROJECT_SOURCE_DIR}/packaging/galaxy.png
        DESTINATION ${CMAKE_INSTALL_DATADIR}/icons/hicolor/256x256/apps)
install(FILES ${PROJECT_SOURCE_DIR}/README.md ${PROJECT_SOURCE_DIR}/packaging/copyright
        DESTINATION ${CMAKE_INSTALL_DOCDIR})

set(CPACK_GENERATOR DEB)
set(CPACK_PACKAGE_NAME galaxy)
set(CPACK_PACKAGE_VENDOR "The Galaxy authors")
# The Maintainer field: the address the project commits under, unless a packager gives theirs.
set(GALAXY_PACKAGE_MAINTAINER
    "Galaxy maintainers <maintainers@users.noreply.a-seed-248bc070.example>"
    CACHE STRING "Maintainer field of the Debian package")
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
