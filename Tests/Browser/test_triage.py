"""The Mailbox triage gestures (OUTPUT.md's table), driven with real pointer
events in headless Chromium: mouse, touch and pen drags to ±40, ±100 and
±300 px, the arrow keys, the options sheets, reduced motion, and decisions kept
in localStorage. Runs on the fixture review page; test_site.py runs the same
checks on a built site's review page."""

import datetime
import json
import re
import time
import unittest

from support import REPO, BrowserTest, TwoSites, colour_name, fixture_url, serve, stop

# What the table in OUTPUT.md promises for each drag while the pointer is down,
# and what release leaves behind: (dx, colour, icon, decision, sheet).
TABLE = [
    (40, "gray", "archive", None, None),
    (-40, "gray", "later", None, None),
    (100, "green", "archive", "archive", None),
    (300, "red", "delete", "delete", None),
    (-100, "yellow", "later", None, "later"),
    (-300, "brown", "list", None, "list"),
]


class TriageGestures(BrowserTest):
    """The gestures on one page of reviewable items."""

    def page_url(self):
        return fixture_url("review.html")

    def first_item(self):
        self.open(self.page_url())
        items = [i for i in self.all("[data-triage][data-id]") if i.is_displayed()]
        self.assertTrue(items, "the page has reviewable items")
        return items[0]

    def backdrop_colour(self, item):
        return colour_name(self.js(
            "return getComputedStyle(arguments[0].querySelector('.triage-backdrop')).backgroundColor", item))

    def shown_icons(self, item):
        """[(name, opacity, left edge relative to the item)] of the icons showing."""
        return self.js("""
            var item = arguments[0], box = item.getBoundingClientRect();
            return Array.prototype.filter.call(item.querySelectorAll('[data-icon]'), function (icon) {
              return !icon.hidden && getComputedStyle(icon).display !== 'none';
            }).map(function (icon) {
              return [icon.getAttribute('data-icon'), parseFloat(getComputedStyle(icon).opacity),
                      icon.getBoundingClientRect().left - box.left, icon.getBoundingClientRect().right - box.left];
            });""", item)

    def face_offset(self, item):
        return self.js("""
            var item = arguments[0], face = item.querySelector('.triage-face');
            return face.getBoundingClientRect().left - item.getBoundingClientRect().left;""", item)

    def at_rest(self, item):
        return abs(self.face_offset(item)) < 0.5 and "is-settling" not in (item.get_attribute("class") or "")

    def open_sheets(self):
        return [s.get_attribute("data-sheet") for s in self.all('[role="dialog"]') if s.is_displayed()]

    def stored(self):
        raw = self.js("return localStorage.getItem(VantageReview.storageKey)")
        return json.loads(raw)["decisions"] if raw else {}

    def wait_hidden(self, item):
        self.wait(lambda d: not item.is_displayed(), message="the decided item hides")

    def test_drag_table_with_mouse_touch_and_pen(self):
        for kind in ("mouse", "touch", "pen"):
            for dx, colour, icon, decision, sheet in TABLE:
                with self.subTest(pointer=kind, dx=dx):
                    item = self.first_item()
                    item_id = item.get_attribute("data-id")
                    self.drag_to(item, dx, kind=kind)
                    self.assertEqual(self.backdrop_colour(item), colour)
                    self.assertAlmostEqual(self.face_offset(item), dx, delta=1)
                    icons = self.shown_icons(item)
                    self.assertEqual([i[0] for i in icons], [icon], "exactly one icon shows")
                    name, opacity, left, right = icons[0]
                    width = item.size["width"]
                    if abs(dx) < 60:
                        # semi-transparent, on its way to opaque, still at the edge
                        self.assertGreater(opacity, 0.3)
                        self.assertLess(opacity, 1.0)
                        if dx > 0:
                            self.assertLess(left, 30)
                        else:
                            self.assertGreater(right, width - 30)
                    else:
                        # opaque, and moving with the item: just outside its edge
                        self.assertEqual(opacity, 1.0)
                        if dx > 0:
                            self.assertTrue(dx - 60 < left < dx, (left, dx))
                        else:
                            self.assertTrue(width + dx < right < width + dx + 60, (right, dx))
                    self.release_pointer()
                    if decision:
                        self.wait(lambda d: item.get_attribute("data-decision") == decision,
                                  message="data-decision=%s" % decision)
                        self.wait_hidden(item)
                        self.assertEqual(self.stored()[item_id]["action"], decision)
                    elif sheet:
                        self.wait(lambda d: self.open_sheets() == [sheet], message="the %s sheet" % sheet)
                        self.assertIsNone(item.get_attribute("data-decision"), "decided only on the sheet")
                    else:
                        self.wait(lambda d: self.at_rest(item), message="springs back")
                        self.assertIsNone(item.get_attribute("data-decision"))
                        self.assertEqual(self.open_sheets(), [])
                        self.assertTrue(item.is_displayed())
                        self.assertEqual(self.stored(), {})
        self.assertNoConsoleErrors()

    def test_tapping_the_later_sheet_dismisses_it_and_the_item_finishes_hiding(self):
        item = self.first_item()
        item_id = item.get_attribute("data-id")
        self.drag_to(item, -120, release=True)
        self.wait(lambda d: self.open_sheets() == ["later"], message="the later sheet")
        sheet = self.css('[data-sheet="later"]')
        # Tap the sheet outside any option: the default choice (tomorrow) applies.
        self.actions().move_to_element_with_offset(sheet, 0, -sheet.size["height"] // 2 + 10).click().perform()
        self.wait(lambda d: self.open_sheets() == [], message="the sheet closes")
        self.wait_hidden(item)
        self.assertEqual(item.get_attribute("data-decision"), "later")
        stored = self.stored()[item_id]
        tomorrow = datetime.date.today() + datetime.timedelta(days=1)
        self.assertEqual(stored["until"], tomorrow.isoformat())

    def test_a_later_option_sets_until(self):
        item = self.first_item()
        self.drag_to(item, -150, kind="touch", release=True)
        self.wait(lambda d: self.open_sheets() == ["later"], message="the later sheet")
        option = self.css('[data-sheet="later"] [data-until="+1m"]')
        option.click()
        self.wait_hidden(item)
        until = self.stored()[item.get_attribute("data-id")]["until"]
        self.assertRegex(until, r"^\d{4}-\d{2}-\d{2}$")
        today = datetime.date.today()
        self.assertGreaterEqual((datetime.date.fromisoformat(until) - today).days, 28)

    def test_a_list_option_names_the_list(self):
        item = self.first_item()
        self.drag_to(item, -300, kind="pen", release=True)
        self.wait(lambda d: self.open_sheets() == ["list"], message="the list sheet")
        option = self.all('[data-sheet="list"] [data-list]')[1]
        chosen = option.get_attribute("data-list")
        option.click()
        self.wait_hidden(item)
        self.assertEqual(item.get_attribute("data-decision"), "list")
        self.assertEqual(self.stored()[item.get_attribute("data-id")]["list"], chosen)

    def test_escape_on_a_sheet_brings_the_item_back_undecided(self):
        item = self.first_item()
        self.drag_to(item, -300, release=True)
        self.wait(lambda d: self.open_sheets() == ["list"], message="the list sheet")
        self.actions().send_keys("\ue00c").perform()  # Escape
        self.wait(lambda d: self.open_sheets() == [], message="the sheet closes")
        self.wait(lambda d: self.at_rest(item), message="springs back")
        self.assertIsNone(item.get_attribute("data-decision"))
        self.assertTrue(item.is_displayed())

    def test_keyboard_arrows_move_in_steps_enter_commits_escape_cancels(self):
        item = self.first_item()
        item_id = item.get_attribute("data-id")
        self.js("arguments[0].focus()", item)
        self.assertEqual(self.js("return document.activeElement"), item, "items are focusable")
        keys = self.actions()
        keys.send_keys("\ue014").perform()  # ArrowRight: 40 px
        self.assertEqual(self.backdrop_colour(item), "gray")
        self.assertAlmostEqual(self.face_offset(item), 40, delta=1)
        # Back to rest from the keys: announced as no decision (the keys release nothing; it was
        # "Release to cancel", the pointer's words).
        self.actions().send_keys("\ue012").perform()  # ArrowLeft: 0
        said = self.js("return document.getElementById('triage-backdrop').content.firstElementChild.getAttribute('data-label')")
        self.assertEqual(self.css("[data-triage-live]").get_attribute("textContent"), said)
        self.assertTrue(said and "Release" not in said, said)
        self.actions().send_keys("\ue014").perform()  # ArrowRight: 40 px again
        self.assertAlmostEqual(self.face_offset(item), 40, delta=1)
        keys.send_keys("\ue007").perform()  # Enter below 60 px: springs back
        self.wait(lambda d: self.at_rest(item), message="springs back")
        self.assertIsNone(item.get_attribute("data-decision"))
        for expected_colour in ("gray", "green", "red"):
            self.actions().send_keys("\ue014").perform()
            self.wait(lambda d: self.backdrop_colour(item) == expected_colour, message=expected_colour)
        self.actions().send_keys("\ue00c").perform()  # Escape cancels
        self.wait(lambda d: self.at_rest(item), message="springs back")
        for expected_colour in ("gray", "yellow", "brown"):
            self.actions().send_keys("\ue012").perform()  # ArrowLeft
            self.wait(lambda d: self.backdrop_colour(item) == expected_colour, message=expected_colour)
        self.actions().send_keys("\ue007").perform()
        self.wait(lambda d: self.open_sheets() == ["list"], message="the list sheet")
        self.actions().send_keys("\ue007").perform()  # Enter on the focused (default) option
        self.wait_hidden(item)
        self.assertEqual(self.stored()[item_id]["action"], "list")
        following = self.js("return document.activeElement")
        self.assertEqual(following.get_attribute("data-triage"), "", "focus moves to the next item")
        self.actions().send_keys("\ue014\ue014\ue007").perform()  # archive it from the keyboard
        self.wait(lambda d: following.get_attribute("data-decision") == "archive", message="archived")

    def test_deciding_the_last_item_from_the_keyboard_leaves_focus_on_undo(self):
        first = self.first_item()
        self.js("arguments[0].focus()", first)
        items = [i for i in self.all("[data-triage][data-id]") if i.is_displayed()]
        for _ in items:
            # Each decision moves focus to an item still to decide.
            item = self.js("return document.activeElement")
            self.assertEqual(item.get_attribute("data-triage"), "", "focus is on an item")
            self.assertTrue(item.is_displayed(), "focus is on an item shown")
            self.assertIsNone(item.get_attribute("data-decision"))
            self.actions().send_keys("\ue014\ue014\ue007").perform()  # archive it from the keyboard
            self.wait_hidden(item)
        # Nothing left to decide on the page: focus is on Undo, not dropped to the page's top.
        self.wait(lambda d: self.js("return document.activeElement.hasAttribute('data-review-undo')"),
                  message="focus on Undo")
        self.actions().send_keys("\ue007").perform()  # Enter: undoes the last decision
        self.wait(lambda d: items[-1].is_displayed(), message="the last item back")

    def test_a_vertical_drag_is_a_scroll_not_a_triage(self):
        item = self.first_item()
        self.drag_to(item, 6, dy=120, kind="touch", release=True)
        self.assertIsNone(item.get_attribute("data-triage-zone"))
        self.assertIsNone(item.get_attribute("data-decision"))

    def test_a_drag_that_starts_on_a_link_does_not_follow_it(self):
        self.open(self.page_url())
        links = [a for a in self.all("[data-triage] a[href]") if a.is_displayed()]
        if not links:
            self.skipTest("no link inside a reviewable item on this page")
        link = links[0]
        before = self.driver.current_url
        x, y = self.js("var r = arguments[0].getBoundingClientRect(); return [r.left + 2, r.top + r.height / 2];", link)
        self.pointer_down(x, y)
        for i in range(1, 6):
            self.pointer_move(x + 20 * i, y)
        self.frames()
        self.release_pointer()
        item = self.js("return arguments[0].closest('[data-triage]')", link)
        self.wait(lambda d: item.get_attribute("data-decision") == "archive", message="archived")
        self.assertEqual(self.driver.current_url, before)

    def test_decisions_persist_and_undo_brings_an_item_back(self):
        item = self.first_item()
        item_id = item.get_attribute("data-id")
        self.drag_to(item, 120, release=True)
        self.wait_hidden(item)
        self.open(self.page_url(), fresh=False)
        again = self.css('[data-triage][data-id="%s"]' % item_id)
        self.assertEqual(again.get_attribute("data-decision"), "archive")
        self.assertFalse(again.is_displayed(), "a decided item stays out of the way")
        one = self.js("try { return new Intl.NumberFormat(document.documentElement.lang).format(1); }"
                      " catch (e) { return '1'; }")
        self.assertEqual(self.css("[data-review-count]").text, one, "the count, in the page's digits")
        self.css("[data-review-undo]").click()
        self.wait(lambda d: again.is_displayed(), message="undo brings it back")
        self.assertIsNone(again.get_attribute("data-decision"))
        self.assertEqual(self.stored(), {})
        # and it can be triaged again
        self.drag_to(again, 300, release=True)
        self.wait(lambda d: again.get_attribute("data-decision") == "delete", message="deleted")

    def test_the_count_takes_its_digits_from_data_locale(self):
        """The root's data-locale (the viewer's whole formatting locale) chooses the count's
        digits over `lang`, which carries no -u- extension."""
        item = self.first_item()
        self.js("document.documentElement.setAttribute('data-locale', 'en-US-u-nu-arab')")
        self.drag_to(item, 120, release=True)
        self.wait_hidden(item)
        self.assertEqual(self.css("[data-review-count]").get_attribute("textContent"), "\u0661")

    def test_undo_while_the_item_collapses_brings_it_back_for_good(self):
        """Undo clicked while the decided item is still collapsing: it comes back and stays
        (the collapse's end hid it again, with no decision left to explain it)."""
        item = self.first_item()
        item_id = item.get_attribute("data-id")
        self.drag_to(item, 120, release=True)
        self.wait(lambda d: "is-collapsing" in (item.get_attribute("class") or ""), message="the item collapses")
        self.js("document.querySelector('[data-review-undo]').click()")
        self.pause_for_motion()
        self.assertIsNone(item.get_attribute("data-decision"))
        self.assertTrue(item.is_displayed(), "undone, the item is back")
        self.assertEqual(self.stored(), {})
        self.assertTrue(self.at_rest(item))
        self.open(self.page_url(), fresh=False)
        self.assertTrue(self.css('[data-triage][data-id="%s"]' % item_id).is_displayed())

    def test_a_second_swipe_to_a_sheet_before_the_first_sheet_opens(self):
        """Two quick swipes to "later" and "list" on two items: one sheet, which a tap closes;
        the first item is decided and the second springs back, undecided (no sheet is left
        open that nothing can close, no item half-hidden)."""
        self.open(self.page_url())
        first, second = [i for i in self.all("[data-triage][data-id]") if i.is_displayed()][:2]
        self.drag_to(first, -150, kind="touch", steps=3, release=True)
        self.drag_to(second, -300, kind="touch", steps=3, release=True)
        self.wait(lambda d: self.open_sheets() == ["later"], message="the first item's sheet")
        self.pause_for_motion()
        self.assertEqual(self.open_sheets(), ["later"], "one sheet at a time")
        self.assertTrue(self.at_rest(second), "the second item sprang back")
        sheet = self.css('[data-sheet="later"]')
        self.actions().move_to_element_with_offset(sheet, 0, -sheet.size["height"] // 2 + 10).click().perform()
        self.wait(lambda d: self.open_sheets() == [], message="a tap closes the sheet")
        self.wait_hidden(first)
        self.assertEqual(first.get_attribute("data-decision"), "later")
        self.assertIsNone(second.get_attribute("data-decision"))
        self.assertTrue(second.is_displayed())
        self.assertEqual(list(self.stored()), [first.get_attribute("data-id")])
        # and the second item can be triaged now
        self.drag_to(second, -300, release=True)
        self.wait(lambda d: self.open_sheets() == ["list"], message="the second item's sheet")
        self.css('[data-sheet="list"] [data-list]').click()
        self.wait_hidden(second)
        self.assertEqual(self.stored()[second.get_attribute("data-id")]["action"], "list")

    def touches(self, kind, points):
        """Touch points [(id, x, y)] through the DevTools protocol: several fingers at once."""
        self.driver.execute_cdp_cmd("Input.dispatchTouchEvent", {
            "type": kind, "touchPoints": [{"id": i, "x": x, "y": y} for i, x, y in points]})

    def test_a_second_finger_let_go_while_a_sheet_is_pending_springs_back_undecided(self):
        """Two fingers: one drags an item to "later", another drags a second item right (to
        archive or delete); the first lifts, and the second lifts before or after the sheet
        opens. The second item springs back undecided, whatever its zone (archive and delete
        decided it, under the sheet)."""
        for zone, distance in (("archive", 100), ("delete", 300)):
            for wait in (0.05, 0.6):
                with self.subTest(zone=zone, wait=wait):
                    try:
                        self.second_finger(zone, distance, wait)
                    finally:
                        try:
                            self.touches("touchEnd", [])  # no finger left down for what follows
                        except Exception:
                            pass

    def second_finger(self, zone, distance, wait):
        self.open(self.page_url())
        first, second = [i for i in self.all("[data-triage][data-id]") if i.is_displayed()][:2]
        # Both on screen at once: the first near the middle, the second under it.
        self.js("arguments[0].scrollIntoView({block: 'center'})", first)
        ax, ay, bx, by = self.js("""
            var a = arguments[0].getBoundingClientRect(), b = arguments[1].getBoundingClientRect();
            return [a.right - 12, a.top + a.height / 2, b.left + 12, b.top + b.height / 2];""", first, second)
        self.touches("touchStart", [(0, ax, ay)])
        self.touches("touchStart", [(0, ax, ay), (1, bx, by)])
        for k in range(1, 11):
            self.touches("touchMove", [(0, ax - 10 * k, ay), (1, bx + distance * k / 10, by)])
            time.sleep(0.02)
        self.frames()
        self.assertEqual(second.get_attribute("data-triage-zone"), zone)
        self.touches("touchEnd", [(0, ax - 100, ay)])  # the first finger lifts
        self.frames()
        self.assertIsNone(first.get_attribute("data-decision"))
        self.assertIn("is-settling", first.get_attribute("class"), "the first item slides out")
        time.sleep(wait)
        self.touches("touchEnd", [])
        self.wait(lambda d: self.open_sheets() == ["later"], message="the first item's sheet")
        self.pause_for_motion()
        self.assertIsNone(second.get_attribute("data-decision"), "the second item is undecided")
        self.assertTrue(second.is_displayed())
        self.assertTrue(self.at_rest(second), "the second item sprang back")
        self.assertEqual(list(self.stored()), [])
        self.css('[data-sheet="later"] [data-until="+1d"]').click()
        self.wait_hidden(first)
        self.assertEqual(list(self.stored()), [first.get_attribute("data-id")])
        self.assertTrue(second.is_displayed())

    def test_a_second_finger_on_the_item_being_dragged_gives_the_drag_up(self):
        """A second finger on an item already dragged into the green zone took the drag over:
        lifting the first and then the second left the item stuck half-way, green, with no
        decision; and two fingers spreading on one item (a pinch) archived it. Now a second
        finger gives the drag up: the item springs back undecided, and a pinch decides nothing."""
        for case in ("second finger lifts last", "second finger lifts first", "pinch"):
            with self.subTest(case=case):
                try:
                    self.open(self.page_url())
                    item = self.first_item()
                    self.js("arguments[0].scrollIntoView({block: 'center'})", item)
                    x, y = self.js("""var r = arguments[0].getBoundingClientRect();
                        return [r.left + r.width / 2, r.top + r.height / 2];""", item)
                    self.touches("touchStart", [(0, x - 40, y)])
                    if case == "pinch":
                        self.touches("touchStart", [(0, x - 40, y), (1, x + 40, y)])
                        for k in range(1, 11):
                            self.touches("touchMove", [(0, x - 40 - 5 * k, y), (1, x + 40 + 15 * k, y)])
                            time.sleep(0.02)
                        self.touches("touchEnd", [(0, x - 90, y)])
                        self.touches("touchEnd", [])
                    else:
                        for k in range(1, 11):
                            self.touches("touchMove", [(0, x - 40 + 15 * k, y)])
                            time.sleep(0.02)
                        self.frames()
                        self.assertEqual(item.get_attribute("data-triage-zone"), "archive")
                        self.touches("touchStart", [(0, x + 110, y), (1, x - 60, y)])
                        if case == "second finger lifts last":
                            self.touches("touchEnd", [(1, x - 60, y)])
                        else:
                            self.touches("touchEnd", [(0, x + 110, y)])
                        self.touches("touchEnd", [])
                    self.pause_for_motion()
                    self.assertIsNone(item.get_attribute("data-decision"))
                    self.assertTrue(item.is_displayed())
                    self.assertTrue(self.at_rest(item), "the item sprang back")
                    self.assertNotIn("is-dragging", item.get_attribute("class"))
                    self.assertEqual(list(self.stored()), [])
                finally:
                    try:
                        self.touches("touchEnd", [])
                    except Exception:
                        pass

    def mouse(self, kind, x, y, buttons=1):
        self.driver.execute_cdp_cmd("Input.dispatchMouseEvent", {
            "type": kind, "x": x, "y": y, "button": "left", "buttons": buttons, "clickCount": 1})

    def test_enter_during_a_mouse_drag_is_ignored(self):
        """Enter pressed while the mouse drags the (focused) item: the drag goes on and its
        release alone decides (Enter released it too, so the item was let go twice: decided
        and never hidden, or decided twice)."""
        for back_to, wait in ((20, 0.35), (20, 0.6), (190, 0.6)):
            with self.subTest(release_at=back_to, wait=wait):
                self.open(self.page_url())
                item = [i for i in self.all("[data-triage][data-id]") if i.is_displayed()][0]
                x, y = self.point_in(item, 100)
                self.mouse("mouseMoved", x, y, 0)
                self.mouse("mousePressed", x, y)
                for k in range(1, 11):
                    self.mouse("mouseMoved", x + 10 * k, y)
                    time.sleep(0.02)
                self.frames()
                self.assertEqual(self.js("return document.activeElement"), item, "the press focused the item")
                self.actions().send_keys("\ue007").perform()  # Enter
                time.sleep(wait)
                self.assertIsNone(item.get_attribute("data-decision"), "Enter does not let go of a dragged item")
                self.assertEqual(item.get_attribute("data-triage-zone"), "archive", "the drag goes on")
                self.mouse("mouseMoved", x + back_to, y)
                self.frames()
                self.mouse("mouseReleased", x + back_to, y, 0)
                self.pause_for_motion(0.8)
                if back_to < 60:
                    self.assertIsNone(item.get_attribute("data-decision"))
                    self.assertTrue(item.is_displayed())
                    self.assertTrue(self.at_rest(item), "springs back")
                    self.assertEqual(self.stored(), {})
                    continue
                self.assertEqual(item.get_attribute("data-decision"), "archive")
                self.assertFalse(item.is_displayed(), "decided once, and hidden")
                self.assertEqual(len(self.stored()), 1)
                self.css("[data-review-undo]").click()
                self.wait(lambda d: item.is_displayed(), message="undo brings it back")
                self.pause_for_motion()
                self.assertTrue(self.at_rest(item))
                self.assertEqual(self.stored(), {})
                self.assertFalse(self.css("[data-review-undo]").is_enabled(), "nothing left to undo")

    def test_download_writes_a_reviews_file_in_the_data_format(self):
        self.open(self.page_url())
        download = self.css("[data-review-download]")
        self.assertFalse(download.is_enabled(), "nothing to download yet")
        items = [i for i in self.all("[data-triage][data-id]") if i.is_displayed()][:3]
        ids = [i.get_attribute("data-id") for i in items]
        self.drag_to(items[0], 100, release=True)
        self.wait_hidden(items[0])
        self.drag_to(items[1], -100, release=True)
        self.wait(lambda d: self.open_sheets() == ["later"], message="the later sheet")
        self.css('[data-sheet="later"] [data-until="+1d"]').click()
        self.wait_hidden(items[1])
        self.drag_to(items[2], -300, release=True)
        self.wait(lambda d: self.open_sheets() == ["list"], message="the list sheet")
        self.css('[data-sheet="list"] [data-list]').click()
        self.wait_hidden(items[2])
        # The reviewer's name is required first.
        download.click()
        self.assertEqual(self.js("return document.activeElement.hasAttribute('data-reviewer')"), True)
        self.assertEqual(list(self.downloads.glob("*.json")), [])
        # Only spaces are no name: the field is emptied and reports itself missing.
        self.css("[data-reviewer]").send_keys("   ")
        download.click()
        self.assertEqual(list(self.downloads.glob("*.json")), [])
        self.assertEqual(self.css("[data-reviewer]").get_attribute("value"), "")
        self.assertEqual(self.js("return document.querySelector('[data-reviewer]').validity.valueMissing"), True)
        # Nor is a name that shows nothing by the import's rule (a zero-width space, a bidi
        # control, a control character): the import would refuse the file and the next build.
        type_name = ("var input = document.querySelector('[data-reviewer]'); input.value = arguments[0];"
                     "input.dispatchEvent(new Event('input', { bubbles: true }));")
        for invisible in ["\u200b\u200b", "\u202e", "\u0001", " \u2060 "]:
            self.js(type_name, invisible)
            download.click()
            self.assertEqual(list(self.downloads.glob("*.json")), [], repr(invisible))
            self.assertEqual(self.css("[data-reviewer]").get_attribute("value"), "", repr(invisible))
        # A NUL inside a name is dropped, as the import would refuse it.
        self.js(type_name, "Board review,\u0000 May")
        download.click()
        self.wait(lambda d: list(self.downloads.glob("*.json")), message="the download")
        path = list(self.downloads.glob("*.json"))[0]
        time.sleep(0.2)
        document = json.loads(path.read_text(encoding="utf-8"))
        path.unlink()
        self.assertEqual(list(document), ["reviewer", "exportedAt", "decisions"])
        self.assertEqual(document["reviewer"], "Board review, May")
        stamp = document["exportedAt"].replace("-", "").replace(":", "").replace("T", "-")
        self.assertEqual(path.name, "reviews-board-review-may-%s.json" % stamp)
        instant = r"^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$"
        self.assertRegex(document["exportedAt"], instant)
        decisions = document["decisions"]
        self.assertEqual([d["item"] for d in decisions], ids)
        self.assertEqual([d["action"] for d in decisions], ["archive", "later", "list"])
        self.assertEqual(list(decisions[0]), ["item", "action", "at"])
        self.assertEqual(list(decisions[1]), ["item", "action", "until", "at"])
        self.assertEqual(list(decisions[2]), ["item", "action", "list", "at"])
        self.assertRegex(decisions[1]["until"], r"^\d{4}-\d{2}-\d{2}$")
        for d in decisions:
            self.assertRegex(d["at"], instant)
        self.assertNoConsoleErrors()

    def test_no_serious_accessibility_violations_while_a_sheet_is_open(self):
        item = self.first_item()
        self.assertAccessible()
        self.drag_to(item, -100, release=True)
        self.wait(lambda d: self.open_sheets() == ["later"], message="the later sheet")
        self.assertAccessible()


class DownloadNames(BrowserTest):
    """The reviewer's name in the reviews file's name, by text.js's one rule (fileNamePart):
    letters of any script kept, lower case, apostrophes dropped as the site's slugs drop them.
    review.js had its own, which left `s-ren-r` of Søren Ærø and `review` of any Arabic name."""

    def test_a_name_of_any_script_names_the_file(self):
        self.open(fixture_url("review.html"))
        cases = {"O'Brien": "obrien", "Sean O’Brien": "sean-obrien", "Søren Ærø": "søren-ærø",
                 "أحمد حسن": "أحمد-حسن", "Board review, May": "board-review-may", "नमस्ते जी": "नमस्ते-जी",
                 "‮Dona Cida": "dona-cida", "...": "review", "é" * 50: "é" * 40, "👍🏽": "review"}
        for name, part in cases.items():
            self.assertEqual(self.js("return window.VantageText.fileNamePart(arguments[0], 'review')", name), part, repr(name))


class SwipeToArchive:
    """`archive`: a review page's item swiped right once the list has settled, for the test
    classes that decide items on a page (over http, and on two sites at once)."""

    def archive(self, item_id):
        item = self.css('[data-triage][data-id="%s"]' % item_id)
        # An item Undo just brought back slides into place: a press during that slide can land
        # beside the item (the test once timed out here), so the swipe waits for it to settle.
        self.wait(lambda d: item.is_displayed() and not self.js(
            "return document.getAnimations().some(function (a) { return a.playState === 'running'; })"),
            message="the list settles")
        self.drag_to(item, 120, release=True)
        self.wait(lambda d: not item.is_displayed(), message="archived")


class ReviewPagesElsewhere(SwipeToArchive, BrowserTest):
    """Another page changes the decisions while this one waits: restored from the back/forward
    cache, or open in another tab, a review page shows the stored decisions and counts them,
    and Undo works. Served over http (the back/forward cache does not keep file:// pages)."""

    @classmethod
    def setUpClass(cls):
        super().setUpClass()
        cls.server = serve(REPO)

    @classmethod
    def tearDownClass(cls):
        stop(cls.server)
        super().tearDownClass()

    def page_url(self, query=""):
        return "http://127.0.0.1:%d/Tests/Browser/fixtures/review.html%s" % (self.server.server_port, query)

    def look(self, item_id):
        """[decision, hidden, the count, Undo disabled]"""
        return self.js("""
            var e = document.querySelector('[data-triage][data-id="' + arguments[0] + '"]');
            return [e.getAttribute('data-decision'), e.hidden, document.querySelector('[data-review-count]').textContent,
                    document.querySelector('[data-review-undo]').disabled];""", item_id)

    def test_a_page_back_from_the_cache_shows_what_another_page_undid(self):
        self.open(self.page_url())
        self.archive("idea-0002")
        self.js("window.vantageStillHere = true")
        self.driver.get(self.page_url("?another"))
        self.wait_ready()
        self.assertEqual(self.look("idea-0002"), ["archive", True, "1", False])
        self.css("[data-review-undo]").click()
        self.wait(lambda d: self.look("idea-0002") == [None, False, "0", True], message="undone on the other page")
        self.archive("idea-0003")
        self.driver.back()
        self.wait_ready()
        self.assertTrue(self.js("return window.vantageStillHere === true"), "restored from the back/forward cache")
        self.wait(lambda d: self.look("idea-0002") == [None, False, "1", False], message="undone there, back here")
        self.assertEqual(self.look("idea-0003"), ["archive", True, "1", False], "decided there, hidden here")
        self.css("[data-review-undo]").click()
        self.wait(lambda d: self.look("idea-0003") == [None, False, "0", True], message="Undo brings back the latest")
        self.assertEqual(json.loads(self.js("return localStorage.getItem(VantageReview.storageKey)"))["decisions"], {})
        errors = [e for e in self.console() if e["level"] == "SEVERE" and "/favicon.ico" not in e["message"]]
        self.assertEqual(errors, [], "console errors (the fixture links no icon: the server's 404 aside)")

    def test_a_page_in_another_tab_follows_the_decisions(self):
        self.open(self.page_url())
        first = self.driver.current_window_handle
        self.driver.switch_to.new_window("tab")
        try:
            self.driver.get(self.page_url())
            self.wait_ready()
            self.archive("idea-0001")
            self.driver.switch_to.window(first)
            self.wait(lambda d: self.look("idea-0001") == ["archive", True, "1", False], message="decided in the other tab")
            self.css("[data-review-undo]").click()
            self.wait(lambda d: self.look("idea-0001") == [None, False, "0", True], message="undone here")
            self.driver.switch_to.window(self.driver.window_handles[-1])
            self.wait(lambda d: self.look("idea-0001") == [None, False, "0", True], message="and back in the other tab")
        finally:
            self.close_other_windows(first)

    def test_undo_refreshes_the_bar_when_nothing_is_left_to_undo(self):
        """The stored decisions changed without this page hearing of it: Undo finds nothing
        to undo, and says so (the bar counted 1 and Undo stayed enabled, doing nothing)."""
        self.open(self.page_url())
        self.archive("idea-0002")
        self.js("localStorage.setItem(VantageReview.storageKey, JSON.stringify({reviewer: '', next: 5, decisions: {}}))")
        self.css("[data-review-undo]").click()
        self.wait(lambda d: self.look("idea-0002") == [None, False, "0", True], message="the bar counts none")


class ReviewsPerSite(SwipeToArchive, TwoSites):
    """Two sites in one browser (file://, or sub-paths of one host: one storage origin each
    time) keep their own decisions: an item decided on one site stays undecided, shown and
    uncounted on the other, and is not in its reviews file (one key was shared by every site,
    so a decision showed on another site's item with the same id)."""

    def look(self, item_id):
        """[decision, shown, the count]"""
        return self.js("""
            var e = document.querySelector('[data-triage][data-id="' + arguments[0] + '"]');
            return [e.getAttribute('data-decision'), !e.hidden, document.querySelector('[data-review-count]').textContent];""", item_id)

    def exported(self):
        return [d["item"] for d in self.js("return VantageReview.exportDocument().decisions")]

    def test_two_sites_keep_their_own_decisions(self):
        for where, served in self.places():
            with self.subTest(where=where):
                one, two = self.site_url("one", "review.html", served), self.site_url("two", "review.html", served)
                self.open(one)
                self.archive("idea-0002")
                self.open(two, fresh=False)
                self.assertEqual(self.look("idea-0002"), [None, True, "0"], "decided on the other site only")
                self.assertEqual(self.exported(), [])
                self.archive("idea-0003")
                self.assertEqual(self.exported(), ["idea-0003"])
                self.open(one, fresh=False)
                self.assertEqual(self.look("idea-0002"), ["archive", False, "1"])
                self.assertEqual(self.look("idea-0003"), [None, True, "1"])
                self.assertEqual(self.exported(), ["idea-0002"])
                self.assertEqual(len(self.keys("vantage.reviews.")), 2, self.keys("vantage."))

    def test_decisions_kept_by_an_earlier_version_are_taken_over_once(self):
        """Earlier versions kept every site's decisions under `vantage.reviews.v1`: the first
        site opened takes them over (merged with its own), the old key goes, and the other
        site does not see them."""
        one, two = self.site_url("one", "review.html"), self.site_url("two", "review.html")
        self.open(one)
        self.archive("idea-0003")
        legacy = {"reviewer": "Board", "next": 3, "decisions": {
            "idea-0002": {"action": "delete", "at": "2026-05-01T10:00:00Z", "seq": 1},
            "idea-0003": {"action": "later", "until": "2026-06-01", "at": "2026-05-01T10:00:00Z", "seq": 2}}}
        self.js("localStorage.setItem('vantage.reviews.v1', JSON.stringify(arguments[0]))", legacy)
        self.driver.refresh()
        self.wait_ready()
        self.assertEqual(self.look("idea-0002"), ["delete", False, "2"])
        self.assertEqual(self.look("idea-0003"), ["archive", False, "2"], "this site's own decision wins")
        self.assertEqual(self.exported(), ["idea-0003", "idea-0002"])
        self.assertEqual(self.css("[data-reviewer]").get_attribute("value"), "Board")
        self.assertIsNone(self.js("return localStorage.getItem('vantage.reviews.v1')"), "taken over once")
        self.open(two, fresh=False)
        self.assertEqual(self.look("idea-0002"), [None, True, "0"])
        self.assertEqual(self.exported(), [])

    def test_another_tab_of_the_same_site_follows_and_of_another_site_does_not(self):
        self.open(self.site_url("one", "review.html"))
        first = self.driver.current_window_handle
        self.driver.switch_to.new_window("tab")
        try:
            self.driver.get(self.site_url("two", "review.html"))
            self.wait_ready()
            self.driver.switch_to.new_window("tab")
            self.driver.get(self.site_url("one", "review.html"))
            self.wait_ready()
            self.archive("idea-0001")
            self.driver.switch_to.window(first)
            self.wait(lambda d: self.look("idea-0001") == ["archive", False, "1"], message="the same site's tab follows")
            self.driver.switch_to.window(self.driver.window_handles[1])
            self.frames(5)
            self.assertEqual(self.look("idea-0001"), [None, True, "0"], "the other site's tab does not")
        finally:
            self.close_other_windows(first)


class TriageMotion(BrowserTest):
    """Without the reduced-motion preference the item animates out; with it
    (the subclass below) the same decision happens without any transition."""

    expect_transitions = True

    def page_url(self):
        return fixture_url("review.html")

    def test_motion_follows_the_preference(self):
        self.open(self.page_url())
        self.assertEqual(self.js("return matchMedia('(prefers-reduced-motion: reduce)').matches"),
                         self.reduced_motion)
        self.js("window.__transitions = 0;"
                "document.addEventListener('transitionrun', function () { window.__transitions++; }, true);")
        item = [i for i in self.all("[data-triage][data-id]") if i.is_displayed()][0]
        self.drag_to(item, 100, release=True)
        self.wait(lambda d: not item.is_displayed(), message="the item hides")
        self.assertEqual(item.get_attribute("data-decision"), "archive")
        count = self.js("return window.__transitions")
        if self.expect_transitions:
            self.assertGreater(count, 0)
        else:
            self.assertEqual(count, 0)


class TriageWithReducedMotion(TriageMotion):
    reduced_motion = True
    expect_transitions = False


class LaterDates(BrowserTest):
    """The "later" sheet's dates (VantageTriage.untilDate), computed in the browser: "in a
    month" and "someday" (three months) land on the same day of the target month, or on its
    last day when it is shorter (Date's setMonth overflowed: Jan 31 + 1 month was Mar 3)."""

    CASES = [
        # (today, spec, until)
        ("2026-01-31", "+1m", "2026-02-28"),
        ("2028-01-31", "+1m", "2028-02-29"),  # leap year
        ("2026-01-30", "+1m", "2026-02-28"),
        ("2026-01-29", "+1m", "2026-02-28"),
        ("2026-01-28", "+1m", "2026-02-28"),
        ("2026-03-31", "+1m", "2026-04-30"),
        ("2026-05-31", "+1m", "2026-06-30"),
        ("2026-08-31", "+1m", "2026-09-30"),
        ("2026-10-31", "+1m", "2026-11-30"),
        ("2026-12-31", "+1m", "2027-01-31"),  # across the year
        ("2026-12-15", "+1m", "2027-01-15"),
        ("2026-02-28", "+1m", "2026-03-28"),
        ("2028-02-29", "+1m", "2028-03-29"),
        ("2026-11-30", "+3m", "2027-02-28"),  # someday
        ("2027-11-30", "+3m", "2028-02-29"),
        ("2026-05-31", "+3m", "2026-08-31"),
        ("2026-03-31", "+3m", "2026-06-30"),
        ("2026-12-31", "+3m", "2027-03-31"),
        ("2028-02-29", "+1y", "2029-02-28"),
        ("2026-01-31", "+1d", "2026-02-01"),
        ("2028-02-28", "+1d", "2028-02-29"),
        ("2026-12-31", "+1d", "2027-01-01"),
        ("2026-02-25", "+1w", "2026-03-04"),
        ("2026-05-02", "sat", "2026-05-09"),  # a Saturday: the next one
        ("2026-05-01", "sat", "2026-05-02"),
        ("2026-05-10", "mon", "2026-05-11"),
        ("2026-05-11", "mon", "2026-05-18"),
        ("2026-03-31", None, "2026-04-01"),   # no option: tomorrow
    ]

    def test_month_ends_and_leap_years(self):
        self.open(fixture_url("review.html"))
        self.wait(lambda d: d.execute_script("return !!window.VantageTriage"), message="triage.js")
        for today, spec, until in self.CASES:
            with self.subTest(today=today, spec=spec):
                year, month, day = (int(n) for n in today.split("-"))
                got = self.js("return VantageTriage.untilDate(arguments[0], new Date(arguments[1], arguments[2] - 1, arguments[3], 15, 30))",
                              spec, year, month, day)
                self.assertEqual(got, until)

    def test_every_option_of_the_sheet_from_every_day_of_a_leap_year(self):
        """Each option, from each day of 2028, gives a day after today and within its reach."""
        self.open(fixture_url("review.html"))
        specs = self.js("return Array.prototype.map.call(document.querySelectorAll('[data-until]'),"
                        " function (b) { return b.getAttribute('data-until'); })")
        self.assertTrue(specs)
        results = self.js("""
            var specs = arguments[0], out = [];
            for (var d = new Date(2028, 0, 1); d.getFullYear() === 2028; d.setDate(d.getDate() + 1)) {
              specs.forEach(function (spec) {
                out.push([d.getFullYear() + '-' + (d.getMonth() + 1) + '-' + d.getDate(), spec, VantageTriage.untilDate(spec, d)]);
              });
            }
            return out;""", specs)
        for today, spec, until in results:
            start = datetime.date(*(int(n) for n in today.split("-")))
            end = datetime.date.fromisoformat(until)
            days = (end - start).days
            match = re.match(r"^\+(\d+)([dwmy])$", spec)
            if not match:
                self.assertTrue(1 <= days <= 7, (today, spec, until))
                continue
            n, unit = int(match.group(1)), match.group(2)
            if unit in "dw":
                self.assertEqual(days, n * (7 if unit == "w" else 1), (today, spec, until))
            else:
                months = n * (12 if unit == "y" else 1)
                target = (start.year * 12 + start.month - 1 + months)
                self.assertEqual((end.year, end.month), (target // 12, target % 12 + 1), (today, spec, until))
                self.assertTrue(end.day == start.day or end.day < start.day and (end + datetime.timedelta(days=1)).day == 1,
                                (today, spec, until))


if __name__ == "__main__":
    unittest.main()
