"""Fixtures shared by the browser test modules: one headless Chromium per module, and the
sample site (SITE_DIR, built by run.sh) served on a free local port. A module that serves
another site (test_i18n.py) defines its own `site`."""
import os
import sys

import pytest

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from harness import serve, start_browser  # noqa: E402


@pytest.fixture(scope="module")
def driver():
    drv = start_browser()
    yield drv
    drv.quit()


@pytest.fixture(scope="module")
def site():
    httpd, root = serve(os.environ["SITE_DIR"])
    yield root
    httpd.shutdown()
