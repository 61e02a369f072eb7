"""Shared pieces of the browser tests: a real headless Chromium driven by Selenium.

Debian's chromium and chromedriver are used explicitly (SE_AVOID_STATS keeps
Selenium Manager off the network). Pages are opened from file://, as a
reviewer opens a built site, so whatever works here works without a server.
"""

import colorsys
import functools
import http.server
import json
import os
import pathlib
import re
import shutil
import subprocess
import tempfile
import threading
import time
import unittest

from selenium import webdriver
from selenium.common.exceptions import TimeoutException
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.actions import interaction
from selenium.webdriver.common.actions.action_builder import ActionBuilder
from selenium.webdriver.common.actions.pointer_input import PointerInput
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

os.environ.setdefault("SE_AVOID_STATS", "true")

HERE = pathlib.Path(__file__).resolve().parent
FIXTURES = HERE / "fixtures"
REPO = HERE.parent.parent
# The `vantage` the tests build sites with: VANTAGE_BIN, else the checkout's debug build.
BIN = pathlib.Path(os.environ.get("VANTAGE_BIN") or REPO / ".build" / "debug" / "vantage")
CHROMIUM = os.environ.get("VANTAGE_CHROMIUM", "/usr/bin/chromium")
CHROMEDRIVER = os.environ.get("VANTAGE_CHROMEDRIVER", "/usr/bin/chromedriver")
AXE_SCRIPT = None
try:  # axe-selenium-python ships axe-core's script; it runs offline.
    import axe_selenium_python

    AXE_SCRIPT = pathlib.Path(axe_selenium_python.__file__).parent / "node_modules" / "axe-core" / "axe.min.js"
    if not AXE_SCRIPT.exists():
        AXE_SCRIPT = None
except ImportError:
    pass


def build_site(content, out, db, what="vantage build"):
    """Builds `content` into `out` (store `db`) with BIN and the checkout's templates; a failed
    build is an AssertionError that starts with `what` and gives the build's messages."""
    result = subprocess.run(
        [str(BIN), "build", "--content", str(content), "--templates", str(REPO / "templates"),
         "--out", str(out), "--db", str(db)], capture_output=True, text=True, timeout=600)
    if result.returncode != 0:
        raise AssertionError(what + " failed:\n" + result.stderr)
    return result


def site_dir():
    """The built site under test (VANTAGE_SITE), or None when not given."""
    value = os.environ.get("VANTAGE_SITE")
    return pathlib.Path(value).resolve() if value else None


def fixture_url(name):
    return (FIXTURES / name).as_uri()


def new_driver(width=390, height=844, reduced_motion=False, download_dir=None, javascript=True, font_size=None):
    options = webdriver.ChromeOptions()
    options.binary_location = CHROMIUM
    for argument in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                     "--allow-file-access-from-files", "--window-size=%d,%d" % (width, height),
                     "--force-device-scale-factor=1", "--lang=en-US", "--hide-scrollbars"):
        options.add_argument(argument)
    if reduced_motion:
        options.add_argument("--force-prefers-reduced-motion")
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    prefs = {}
    if download_dir:
        prefs.update({
            "download.default_directory": str(download_dir),
            "download.prompt_for_download": False,
            "download.directory_upgrade": True,
            "safebrowsing.enabled": False,
        })
    if not javascript:
        prefs["profile.managed_default_content_settings.javascript"] = 2
    if font_size:  # the browser's own text size setting (Chrome's "Very large" is 24 px)
        prefs["webkit.webprefs.default_font_size"] = font_size
    if prefs:
        options.add_experimental_option("prefs", prefs)
    driver = webdriver.Chrome(options=options, service=Service(CHROMEDRIVER))
    # A headless window is at least 500 px wide; a phone is narrower.
    driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                           {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": False})
    if download_dir:
        driver.execute_cdp_cmd("Browser.setDownloadBehavior",
                               {"behavior": "allow", "downloadPath": str(download_dir)})
    driver.set_script_timeout(30)
    return driver


def colour_name(css):
    """Names the colour family of a CSS rgb()/rgba() value: gray, green, red, yellow or brown."""
    numbers = [float(n) for n in re.findall(r"[\d.]+", css)[:3]]
    if len(numbers) < 3:
        return "none"
    r, g, b = (n / 255 for n in numbers)
    hue, saturation, value = colorsys.rgb_to_hsv(r, g, b)
    hue *= 360
    if saturation < 0.15:
        return "gray"
    if hue < 15 or hue >= 345:
        return "red"
    if 15 <= hue < 45:
        return "brown" if value < 0.8 else "orange"
    if 45 <= hue < 70:
        return "yellow"
    if 80 <= hue < 160:
        return "green"
    return "other(%.0f)" % hue


class _Quiet(http.server.SimpleHTTPRequestHandler):
    def log_message(self, *args):
        pass


def serve(directory):
    """A threaded HTTP server for `directory` on a free port of 127.0.0.1, serving until
    `stop(server)`; its port is `server.server_port`. Quiet: no request is logged."""
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(_Quiet, directory=str(directory)))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server


def stop(server):
    server.shutdown()
    server.server_close()


class BrowserTest(unittest.TestCase):
    """One browser per test class; storage cleared before each test."""

    width, height, reduced_motion = 390, 844, False
    javascript = True  # False: the page's scripts never run (what a reader without them sees)
    font_size = None  # the browser's default text size in px (None: Chromium's 16)
    driver = None

    @classmethod
    def setUpClass(cls):
        cls.downloads = pathlib.Path(tempfile.mkdtemp(prefix="vantage-downloads-"))
        cls.driver = new_driver(cls.width, cls.height, cls.reduced_motion, cls.downloads, cls.javascript, cls.font_size)

    @classmethod
    def tearDownClass(cls):
        if cls.driver:
            cls.driver.quit()
        shutil.rmtree(cls.downloads, ignore_errors=True)

    def setUp(self):
        self.driver.get("about:blank")
        self.console()  # drop what earlier tests logged

    # -- navigation and state

    def open(self, url, fresh=True):
        """Opens url; with fresh, forgets everything earlier tests kept in storage."""
        self.driver.get(url)
        if fresh and self.javascript:
            self.driver.execute_script("localStorage.clear(); sessionStorage.clear();")
            self.driver.get(url)
        self.wait_ready()

    def wait_ready(self):
        self.wait(lambda d: d.execute_script("return document.readyState") == "complete")

    def close_other_windows(self, first):
        """Closes every window but `first` (tabs a test opened) and returns to it."""
        for handle in self.driver.window_handles:
            if handle != first:
                self.driver.switch_to.window(handle)
                self.driver.close()
        self.driver.switch_to.window(first)

    def wait(self, condition, timeout=5, message=""):
        try:
            return WebDriverWait(self.driver, timeout, poll_frequency=0.05).until(condition)
        except TimeoutException:
            self.fail("timed out waiting: " + message)

    def css(self, selector):
        return self.driver.find_element(By.CSS_SELECTOR, selector)

    def all(self, selector):
        return self.driver.find_elements(By.CSS_SELECTOR, selector)

    def js(self, script, *args):
        return self.driver.execute_script(script, *args)

    def console(self):
        """Browser log entries since the last call."""
        return self.driver.get_log("browser")

    def assertNoConsoleErrors(self):
        errors = [e for e in self.console() if e["level"] in ("SEVERE", "ERROR")]
        self.assertEqual(errors, [], "console errors")

    def axe_violations(self, impacts=("serious", "critical")):
        if AXE_SCRIPT is None:
            self.skipTest("axe-core is not installed (pip install axe-selenium-python)")
        self.driver.execute_script(AXE_SCRIPT.read_text(encoding="utf-8"))
        # axe-core 3.1 predates HTML 5.2's <div> groups inside <dl>: such dt/dd are not
        # "dlitem" violations, so those nodes are dropped (and only those).
        result = self.driver.execute_async_script("""
            var done = arguments[arguments.length - 1];
            function grouped(target) {
              var el = document.querySelector(target[0]);
              var parent = el && el.parentElement;
              return !!(parent && parent.tagName === 'DIV' && parent.parentElement && parent.parentElement.tagName === 'DL');
            }
            axe.run(document, {resultTypes: ['violations']}).then(function (r) {
              done(r.violations.map(function (v) {
                if (v.id === 'dlitem') v.nodes = v.nodes.filter(function (n) { return !grouped(n.target); });
                return v;
              }).filter(function (v) { return v.nodes.length > 0; }));
            }, function (e) { done([{id: 'axe-error', impact: 'critical', description: String(e), nodes: []}]); });""")
        return [v for v in result if v.get("impact") in impacts]

    def color_scheme(self, scheme):
        """Emulates prefers-color-scheme: "light" or "dark" ("" for the browser's own)."""
        features = [{"name": "prefers-color-scheme", "value": scheme}] if scheme else []
        self.driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"media": "", "features": features})

    def overflowing(self):
        """The elements that stick out of the viewport sideways: [(description, left, right)].
        Left out: what is not rendered, the skip link and visually hidden text (off screen on
        purpose), and what a scrolling or clipping box on screen holds (the tabs scroll)."""
        return self.js("""
            var width = document.documentElement.clientWidth, out = [];
            function clippedOnScreen(el) {
              for (var box = el.parentElement; box && box !== document.documentElement; box = box.parentElement) {
                var style = getComputedStyle(box);
                if (style.overflowX !== 'visible' && box !== document.body) {
                  var r = box.getBoundingClientRect();
                  return r.left >= -0.5 && r.right <= width + 0.5;
                }
              }
              return false;
            }
            document.querySelectorAll('body *').forEach(function (el) {
              if (el.closest('.skip, .visually-hidden, template, dialog:not([open])')) return;
              var r = el.getBoundingClientRect();
              if (r.width < 1 || r.height < 1) return;
              if (r.right <= width + 0.5 && r.left >= -0.5) return;
              if (clippedOnScreen(el)) return;
              out.push([el.tagName.toLowerCase() + (el.className && el.className.baseVal === undefined ? '.' + el.className.trim().split(/\\s+/).join('.') : '') +
                        ' "' + (el.textContent || '').trim().slice(0, 30) + '"', Math.round(r.left), Math.round(r.right)]);
            });
            return out;""")

    def broken_words(self, selector):
        """The words of the visible elements matching `selector` that are broken across lines:
        lines may break between words and after a hyphen, and a CJK text between characters."""
        return self.js("""
            var out = [];
            document.querySelectorAll(arguments[0]).forEach(function (element) {
              if (!element.getClientRects().length) return;
              var walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT), node;
              while ((node = walker.nextNode())) {
                var words = /[^\\s\\-\\u2010]+[\\-\\u2010]?/g, m;
                while ((m = words.exec(node.data))) {
                  if (/[\\u3000-\\u9fff\\uff00-\\uffef]/.test(m[0])) continue;
                  var range = document.createRange();
                  range.setStart(node, m.index);
                  range.setEnd(node, m.index + m[0].length);
                  var tops = [];
                  Array.prototype.forEach.call(range.getClientRects(), function (r) {
                    if (r.width > 0 && tops.every(function (t) { return Math.abs(t - r.top) > 3; })) tops.push(r.top);
                  });
                  if (tops.length > 1) out.push(m[0]);
                }
              }
            });
            return out;""", selector)

    def assertNoSidewaysScroll(self, where=""):
        """Nothing on the page is wider than the screen."""
        scroll, client = self.js("return [document.documentElement.scrollWidth, document.documentElement.clientWidth]")
        self.assertLessEqual(scroll, client, "%s scrolls sideways (%d > %d px): %s" % (where, scroll, client, self.overflowing()[:5]))
        self.assertEqual(self.overflowing(), [], "%s: wider than the %d px screen" % (where, client))

    def assertAccessible(self):
        found = self.axe_violations()
        report = "\n".join("%s (%s): %s %s" % (v["id"], v["impact"], v["description"],
                                                [n.get("target") for n in v.get("nodes", [])][:5])
                           for v in found)
        self.assertEqual(found, [], "axe violations:\n" + report)

    # -- pointers

    def pointer(self, kind):
        """A W3C action builder whose pointer is a mouse, touch or pen."""
        types = {"mouse": interaction.POINTER_MOUSE, "touch": interaction.POINTER_TOUCH,
                 "pen": interaction.POINTER_PEN}
        return ActionBuilder(self.driver, mouse=PointerInput(types[kind], kind), duration=50)

    def point_in(self, element, dx):
        """Where a thumb presses to drag element by dx: near the edge it leaves
        from, so that 300 px still fits on a phone-sized screen."""
        rect = self.js("arguments[0].scrollIntoView({block: 'center'});"
                       "var r = arguments[0].getBoundingClientRect();"
                       "return [r.left, r.top, r.width, r.height];", element)
        left, top, width, height = rect
        y = top + height / 2
        if dx > 0:
            return left + 12, y
        if dx < 0:
            return left + width - 12, y
        return left + width / 2, y

    def pointer_down(self, x, y, kind="mouse"):
        self._pointer = [kind, x, y]
        if kind == "touch":
            # chromedriver does not keep a touch pressed between two action
            # sequences, so touches go through the DevTools protocol.
            self.driver.execute_cdp_cmd("Input.dispatchTouchEvent", {
                "type": "touchStart", "touchPoints": [{"x": x, "y": y, "id": 1}]})
            return
        builder = self.pointer(kind)
        builder.pointer_action.move_to_location(int(x), int(y)).pointer_down()
        builder.perform()

    def pointer_move(self, x, y):
        kind = self._pointer[0]
        self._pointer[1:] = [x, y]
        if kind == "touch":
            self.driver.execute_cdp_cmd("Input.dispatchTouchEvent", {
                "type": "touchMove", "touchPoints": [{"x": x, "y": y, "id": 1}]})
            return
        builder = self.pointer(kind)
        builder.pointer_action.move_to_location(int(x), int(y))
        builder.perform()

    def pointer_up(self):
        kind = self._pointer[0]
        if kind == "touch":
            self.driver.execute_cdp_cmd("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})
            return
        builder = self.pointer(kind)
        builder.pointer_action.pointer_up()
        builder.perform()

    def drag_to(self, element, dx, kind="mouse", steps=5, release=False, dy=0):
        """Presses on element and moves (dx, dy) in steps, as a hand does; the
        pointer stays down unless release. Two frames first, so that the press lands where
        the element is once the page has laid out what its scripts changed after loading."""
        self.frames()
        x, y = self.point_in(element, dx)
        self.pointer_down(x, y, kind)
        for i in range(1, steps + 1):
            self.pointer_move(x + dx * i / steps, y + dy * i / steps)
        self.frames()
        if release:
            self.pointer_up()
            self.frames()

    def frames(self, count=2):
        """Waits for the page to paint `count` frames: input events are delivered by then."""
        self.driver.execute_async_script(
            "var done = arguments[arguments.length - 1], n = arguments[0];"
            "(function tick() { if (n-- <= 0) done(); else requestAnimationFrame(tick); })();", count)

    def release_pointer(self):
        self.pointer_up()
        self.frames()

    def actions(self):
        return ActionChains(self.driver)

    def pause_for_motion(self, seconds=0.6):
        time.sleep(seconds)


class TwoSites(BrowserTest):
    """Two copies of the fixture site (the fixture pages and the scripts they load, in the same
    layout) in one browser: on file:// (every page there shares one storage origin) and served
    on two sub-paths of one host (one origin too). `site_url(site, page, served)`."""

    @classmethod
    def setUpClass(cls):
        super().setUpClass()
        cls.sites = pathlib.Path(tempfile.mkdtemp(prefix="vantage-sites-"))
        for name in ("one", "two"):
            shutil.copytree(FIXTURES, cls.sites / name / "Tests" / "Browser" / "fixtures")
            shutil.copytree(REPO / "templates" / "assets", cls.sites / name / "templates" / "assets")
        cls.server = serve(cls.sites)

    @classmethod
    def tearDownClass(cls):
        stop(cls.server)
        shutil.rmtree(cls.sites, ignore_errors=True)
        super().tearDownClass()

    def site_url(self, site, page, served=False):
        if served:
            return "http://127.0.0.1:%d/%s/Tests/Browser/fixtures/%s" % (self.server.server_port, site, page)
        return (self.sites / site / "Tests" / "Browser" / "fixtures" / page).as_uri()

    def places(self):
        """(where, served) for subTest: file:// and the sub-paths of one host."""
        return (("file://", False), ("sub-paths of one host", True))

    def keys(self, prefix):
        return self.js("return Object.keys(localStorage).filter(function (k) { return k.indexOf(arguments[0]) === 0; }).sort()", prefix)


def read_json(path):
    with open(path, encoding="utf-8") as handle:
        return json.load(handle)
