# SPDX-License-Identifier: MIT
# docs/python.md is the page scripts/python_docs.py makes from the docstrings.
import os
import subprocess
import sys

from conftest import ROOT


def test_the_api_page_is_current():
    made = subprocess.run([sys.executable, os.path.join(ROOT, "scripts", "python_docs.py"),
                           "--stdout"], check=True, capture_output=True, text=True).stdout
    with open(os.path.join(ROOT, "docs", "python.md")) as f:
        assert f.read() == made, "docs/python.md is stale: run scripts/python_docs.py"
