"""The idea detail overlay on idea list pages: tap to open, swipe or arrow keys
to page through the list (across pages), swipe up for the full detail, down to
return, Escape or close back to the list at the same scroll position."""

import time
import unittest

from support import BrowserTest, fixture_url


class OverlayTest(BrowserTest):
    """What the overlay's tests share."""

    def list_url(self, page=1):
        return fixture_url("ana/ideas.html" if page == 1 else "ana/ideas-%d.html" % page)

    def open_list(self, page=1):
        self.open(self.list_url(page))
        self.js("localStorage.setItem('vantage.seen.idea', '1')")  # the coach marks have their own tests

    def overlay_open(self, driver=None):
        return self.js("var d = document.querySelector('dialog.idea-overlay'); return !!(d && d.open);")

    def shown_id(self):
        return self.js("var e = document.querySelector('[data-overlay-open]'); return e && e.getAttribute('data-id');")

    def hash(self):
        return self.js("return location.hash")

    def body(self):
        return self.css("[data-overlay-body]")

    def tap_idea(self, number):
        card = self.css("#idea-idea-%04d .idea-card" % number)
        self.js("arguments[0].scrollIntoView({block: 'center'})", card)
        card.click()
        self.wait(lambda d: self.shown_id() == "idea-%04d" % number, message="overlay on idea %d" % number)

    def swipe(self, dx=0, dy=0, kind="mouse"):
        self.drag_to(self.body(), dx, dy=dy, kind=kind, release=True)


class IdeaOverlay(OverlayTest):

    def test_tapping_an_idea_opens_it_and_escape_returns_to_the_same_scroll(self):
        self.open_list()
        card = self.css("#idea-idea-0004 .idea-card")
        self.js("window.scrollTo(0, 260)")
        scroll = self.js("return window.scrollY")
        self.assertGreater(scroll, 0, "the list is long enough to scroll")
        card.click()
        self.wait(self.overlay_open, message="the overlay opens")
        self.assertEqual(self.shown_id(), "idea-0004")
        self.assertEqual(self.hash(), "#idea-idea-0004")
        self.assertIn("Call my grandmother", self.body().text)
        self.actions().send_keys("\ue00c").perform()
        self.wait(lambda d: not self.overlay_open(), message="Escape closes")
        self.wait(lambda d: self.hash() == "", message="the address returns to the list")
        self.assertEqual(self.js("return window.scrollY"), scroll)
        entry = self.css("#idea-idea-0004")
        self.assertIn("Call my grandmother", entry.text, "the entry has its content back")
        self.assertNoConsoleErrors()

    def test_the_close_button_and_the_back_link_close(self):
        self.open_list()
        self.tap_idea(2)
        self.css("[data-overlay-close]").click()
        self.wait(lambda d: not self.overlay_open(), message="the close button closes")
        self.tap_idea(3)
        self.body().find_element("css selector", ".idea-close").click()
        self.wait(lambda d: not self.overlay_open(), message="the back link closes")
        self.assertFalse(self.css("#idea-idea-0003 .idea-screen").is_displayed(), "the list shows summaries")

    def test_quick_presses_each_move_one_idea_and_escape_mid_turn_stays_closed(self):
        """Three ArrowRight presses faster than the page turn move three ideas (they moved
        one); Escape while a turn is running closes the overlay for good (the turn's end
        reopened it 220 ms later)."""
        self.open_list()
        self.tap_idea(1)
        self.actions().send_keys("\ue014", "\ue014", "\ue014").perform()
        self.pause_for_motion(1.0)
        self.assertEqual(self.shown_id(), "idea-0004")
        self.assertEqual(self.hash(), "#idea-idea-0004")
        self.js("document.activeElement.dispatchEvent(new KeyboardEvent('keydown', {key: 'ArrowRight', bubbles: true}));"
                "document.activeElement.dispatchEvent(new KeyboardEvent('keydown', {key: 'Escape', bubbles: true}));")
        self.wait(lambda d: not self.overlay_open(), message="Escape closes")
        self.pause_for_motion(1.0)
        self.assertFalse(self.overlay_open(), "the overlay stays closed")
        self.assertIsNone(self.shown_id())
        self.assertEqual(self.hash(), "")
        for number in (4, 5):
            self.assertFalse(self.css("#idea-idea-%04d .idea-screen" % number).is_displayed(), "the list shows summaries")
        self.assertNoConsoleErrors()

    def quick_swipe(self, kind, x0, y, dx):
        """A swipe as a quick thumb makes it: down, three moves 20 ms apart, up (through the
        DevTools protocol, as W3C actions take longer than a page turn)."""
        cdp = self.driver.execute_cdp_cmd
        path = [x0 + dx * k / 3 for k in (1, 2, 3)]
        if kind == "touch":
            cdp("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": [{"x": x0, "y": y, "id": 1}]})
            for x in path:
                cdp("Input.dispatchTouchEvent", {"type": "touchMove", "touchPoints": [{"x": x, "y": y, "id": 1}]})
                time.sleep(0.02)
            cdp("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})
            return
        cdp("Input.dispatchMouseEvent", {"type": "mouseMoved", "x": x0, "y": y})
        cdp("Input.dispatchMouseEvent", {"type": "mousePressed", "x": x0, "y": y, "button": "left",
                                         "buttons": 1, "clickCount": 1})
        for x in path:
            cdp("Input.dispatchMouseEvent", {"type": "mouseMoved", "x": x, "y": y, "button": "left", "buttons": 1})
            time.sleep(0.02)
        cdp("Input.dispatchMouseEvent", {"type": "mouseReleased", "x": path[-1], "y": y, "button": "left",
                                         "buttons": 0, "clickCount": 1})

    def test_quick_swipes_during_a_turn_each_move_one_idea(self):
        """Three swipes faster than the page turn move three ideas, wherever the finger lands:
        a swipe that starts where the card has just slid away from (the right of the screen,
        the card 40 % to the left) was lost when only the card listened."""
        for kind in ("touch", "mouse"):
            with self.subTest(kind=kind):
                self.open_list()
                self.tap_idea(1)
                width = self.js("return document.documentElement.clientWidth")
                for _ in range(3):
                    self.quick_swipe(kind, width - 60, 400, -120)
                    time.sleep(0.05)
                self.pause_for_motion(1.0)
                self.assertEqual(self.shown_id(), "idea-0004", "three quick swipes, three ideas")
                self.assertEqual(self.hash(), "#idea-idea-0004")
                self.assertNoConsoleErrors()

    def test_swipes_page_through_the_list_with_mouse_and_touch(self):
        self.open_list()
        self.tap_idea(2)
        self.swipe(dx=-150)
        self.wait(lambda d: self.shown_id() == "idea-0003", message="swipe left: next")
        self.assertEqual(self.hash(), "#idea-idea-0003")
        self.swipe(dx=-150, kind="touch")
        self.wait(lambda d: self.shown_id() == "idea-0004", message="touch swipe left: next")
        self.swipe(dx=150, kind="touch")
        self.wait(lambda d: self.shown_id() == "idea-0003", message="swipe right: previous")
        self.swipe(dx=30)
        self.frames(10)
        self.assertEqual(self.shown_id(), "idea-0003", "a short drag stays")

    def mouse_drag_on(self, element, dx, dy):
        """A mouse drag as the DevTools protocol sends a real one (the button held on every
        move), from the middle of `element`: what starts the browser's own drag of a link."""
        self.frames()
        box = self.js("var r = arguments[0].getBoundingClientRect(); return [r.left + r.width / 2, r.top + r.height / 2];", element)
        x, y = box
        send = lambda kind, px, py, **extra: self.driver.execute_cdp_cmd(
            "Input.dispatchMouseEvent", dict({"type": kind, "x": px, "y": py, "button": "left"}, **extra))
        send("mouseMoved", x, y, buttons=0)
        send("mousePressed", x, y, clickCount=1, buttons=1)
        for i in range(1, 9):
            send("mouseMoved", x + dx * i / 8, y + dy * i / 8, buttons=1)
        send("mouseReleased", x + dx, y + dy, clickCount=1, buttons=0)
        self.frames()

    def test_a_mouse_drag_that_starts_on_the_card_is_a_swipe(self):
        # The card is a link: a mouse drag on it was the browser's drag of the link, which
        # cancels the pointer.
        self.open_list()
        self.tap_idea(2)
        self.mouse_drag_on(self.css("[data-overlay-body] .idea-card"), -150, 0)
        self.wait(lambda d: self.shown_id() == "idea-0003", message="drag left on the card: next")
        self.mouse_drag_on(self.css("[data-overlay-body] .idea-card"), 0, -120)
        self.wait(lambda d: self.js("return document.querySelector('[data-overlay-body] details').open"),
                  message="drag up on the card: the detail")

    def test_arrow_keys_page_and_the_first_idea_has_no_previous(self):
        self.open_list()
        self.tap_idea(1)
        self.actions().send_keys("\ue012").perform()  # ArrowLeft: no previous
        self.frames(10)
        self.assertEqual(self.shown_id(), "idea-0001")
        self.actions().send_keys("\ue014").perform()  # ArrowRight
        self.wait(lambda d: self.shown_id() == "idea-0002", message="ArrowRight: next")
        self.actions().send_keys("\ue014").perform()
        self.wait(lambda d: self.shown_id() == "idea-0003", message="ArrowRight: next")
        self.actions().send_keys("\ue012").perform()
        self.wait(lambda d: self.shown_id() == "idea-0002", message="ArrowLeft: previous")

    def test_paging_crosses_to_the_next_page_of_the_list_and_back(self):
        self.open_list()
        self.tap_idea(9)
        self.swipe(dx=-150)
        self.wait(lambda d: d.current_url.endswith("ideas-2.html#idea-idea-0010"), message="page 2")
        self.wait_ready()
        self.wait(lambda d: self.shown_id() == "idea-0010", message="the overlay opens on page 2")
        self.actions().send_keys("\ue012").perform()
        self.wait(lambda d: d.current_url.endswith("ideas.html#idea-idea-0009"), message="back on page 1")
        self.wait_ready()
        self.wait(lambda d: self.shown_id() == "idea-0009", message="the overlay opens on page 1")
        # Closing after arriving from another page shows the list, not a :target screen.
        self.actions().send_keys("\ue00c").perform()
        self.wait(lambda d: not self.overlay_open(), message="Escape closes")
        self.assertEqual(self.js("return getComputedStyle(document.getElementById('idea-idea-0009')).position"), "static")
        self.assertTrue(self.css("#idea-idea-0009 .idea-card").is_displayed())
        self.assertNoConsoleErrors()

    def test_back_after_a_step_to_another_page_returns_to_the_list(self):
        """A step that crosses to another page of the list takes the place of the overlay's
        history entry, as a step within the page does: Back then closes the overlay, to the list
        as it was before it opened (it reopened the idea of the page before, one entry per
        page crossed)."""
        self.open_list()
        self.js("window.scrollTo(0, 200)")
        scroll = self.js("return window.scrollY")
        self.assertGreater(scroll, 0, "the list is long enough to scroll")
        card = self.css("#idea-idea-0008 .idea-card")
        self.assertTrue(self.js("var r = arguments[0].getBoundingClientRect(); return r.top >= 0 && r.bottom <= innerHeight", card))
        card.click()
        self.wait(lambda d: self.shown_id() == "idea-0008", message="the overlay on idea 8")
        self.swipe(dx=-150)
        self.wait(lambda d: self.shown_id() == "idea-0009", message="a step within the page")
        self.swipe(dx=-150, kind="touch")
        self.wait(lambda d: d.current_url.endswith("ideas-2.html#idea-idea-0010"), message="page 2")
        self.wait_ready()
        self.wait(lambda d: self.shown_id() == "idea-0010", message="the overlay opens on page 2")
        self.driver.back()
        self.wait(lambda d: d.current_url.endswith("/ideas.html"), message="Back: the list, without an idea")
        self.wait_ready()
        self.frames(5)
        self.assertFalse(self.overlay_open(), "Back closed the overlay")
        self.assertIsNone(self.shown_id())
        self.assertEqual(self.hash(), "")
        self.assertEqual(self.js("return window.scrollY"), scroll, "the list where it was")
        self.assertNoConsoleErrors()

    def test_swipe_up_reveals_the_detail_and_down_returns(self):
        self.open_list()
        self.tap_idea(5)
        details = self.body().find_element("css selector", "details")
        self.assertFalse(details.get_attribute("open"))
        self.swipe(dy=-150, kind="touch")
        self.wait(lambda d: details.get_attribute("open") is not None, message="swipe up opens the detail")
        self.assertTrue(self.body().find_element("css selector", ".idea-author").is_displayed())
        self.swipe(dy=150, kind="touch")
        self.wait(lambda d: details.get_attribute("open") is None, message="swipe down returns to the summary")
        self.assertTrue(self.overlay_open())
        self.swipe(dy=150)
        self.wait(lambda d: not self.overlay_open(), message="swipe down on the summary closes")

    def test_arrow_up_and_down_open_and_close_the_detail(self):
        self.open_list()
        self.tap_idea(6)
        details = self.body().find_element("css selector", "details")
        self.actions().send_keys("\ue013").perform()  # ArrowUp
        self.wait(lambda d: details.get_attribute("open") is not None, message="ArrowUp opens")
        self.actions().send_keys("\ue015").perform()  # ArrowDown
        self.wait(lambda d: details.get_attribute("open") is None, message="ArrowDown closes")
        self.assertTrue(self.overlay_open())
        self.actions().send_keys("\ue015").perform()  # ArrowDown on the summary, as a swipe down
        self.wait(lambda d: not self.overlay_open(), message="ArrowDown on the summary closes")

    def test_opening_from_the_address_then_closing_shows_the_list(self):
        for load in ("new page", "same page"):
            with self.subTest(load=load):
                self.open_list(1 if load == "new page" else 2)
                self.driver.get(self.list_url(2) + "#idea-idea-0012")
                self.wait(lambda d: self.shown_id() == "idea-0012", message="the overlay opens from the fragment")
                # Focus is in it once the page has loaded (Chrome's handling of the fragment at the
                # end of loading took it to the page).
                self.frames(5)
                self.wait(lambda d: self.js("return !!document.activeElement.closest('dialog.idea-overlay')"),
                          message="focus in the overlay")
                self.actions().send_keys("\ue00c").perform()
                self.wait(lambda d: not self.overlay_open(), message="Escape closes")
                self.assertEqual(self.js("return document.querySelector(':target')"), None)
                self.assertEqual(
                    self.js("return getComputedStyle(document.getElementById('idea-idea-0012')).position"), "static")

    def test_right_to_left_pages_mirror_the_horizontal_directions(self):
        self.open_list()
        self.js("document.documentElement.dir = 'rtl'")
        self.tap_idea(2)
        self.swipe(dx=150)
        self.wait(lambda d: self.shown_id() == "idea-0003", message="swipe right: next in RTL")
        self.actions().send_keys("\ue012").perform()  # ArrowLeft
        self.wait(lambda d: self.shown_id() == "idea-0004", message="ArrowLeft: next in RTL")
        self.swipe(dx=-150, kind="touch")
        self.wait(lambda d: self.shown_id() == "idea-0003", message="swipe left: previous in RTL")

    def test_no_serious_accessibility_violations_with_the_overlay_open(self):
        self.open_list()
        self.assertAccessible()
        self.tap_idea(4)
        self.assertAccessible()


class IdeaOverlayOnASmallScreen(OverlayTest):
    """A phone held sideways (844 x 390): the full detail opens below the fold of the overlay's
    body. Swipe up scrolls it into view, and a finger scrolls the body (the overlay took every
    touch gesture itself, touch-action: none, so the end of the detail could not be reached);
    swipes sideways still page, and a swipe down at the top still returns to the summary."""

    width, height = 844, 390

    def metrics(self):
        """[details open, body scrollTop, the most it scrolls, the detail's last line on screen]"""
        return self.js("""
            var b = document.querySelector('dialog[open] [data-overlay-body]'), det = b.querySelector('details');
            var box = b.getBoundingClientRect(), steps = b.querySelector('.idea-steps').getBoundingClientRect();
            var last = det.querySelector('dl > :last-child').getBoundingClientRect();
            return [det.open, Math.round(b.scrollTop), b.scrollHeight - b.clientHeight,
                    last.height > 0 && last.top >= box.top && last.bottom <= Math.min(box.bottom, steps.top) + 1];""")

    def finger(self, dy, y0=None):
        """A slow finger drag (touch, through the DevTools protocol) of dy px in the body."""
        x = self.width // 2
        y0 = y0 if y0 is not None else (self.height * 3 // 4 if dy < 0 else self.height // 3)
        self.pointer_down(x, y0, "touch")
        for k in range(1, 11):
            self.pointer_move(x, y0 + dy * k / 10)
            time.sleep(0.016)
        self.pointer_up()
        self.pause_for_motion(0.5)

    def test_the_opened_detail_can_be_reached_by_touch(self):
        self.open_list()
        self.tap_idea(5)
        self.assertEqual(self.metrics()[:2], [False, 0])
        self.finger(-150)
        self.wait(lambda d: self.metrics()[0], message="swipe up opens the detail")
        self.assertGreater(self.metrics()[2], 0, "the detail goes below the fold at this size")
        self.wait(lambda d: self.metrics()[3], message="the opened detail scrolled into view")
        # A finger scrolls the body: back to the top, then up again to the end of the detail.
        self.finger(200)
        self.wait(lambda d: self.metrics()[1] == 0, message="a finger scrolls the body back to the top")
        self.assertTrue(self.metrics()[0], "scrolling is not the swipe back to the summary")
        self.assertTrue(self.overlay_open())
        self.finger(-120)
        self.wait(lambda d: self.metrics()[1] > 0, message="a finger scrolls the body down")
        self.assertTrue(self.metrics()[0])
        self.js("document.querySelector('[data-overlay-body]').scrollTop = 0")
        self.frames(3)
        # At the top a swipe down is the swipe back to the summary, and sideways still pages.
        self.finger(150)
        self.wait(lambda d: not self.metrics()[0], message="swipe down at the top returns to the summary")
        self.assertTrue(self.overlay_open())
        self.finger(-150)
        self.wait(lambda d: self.metrics()[0], message="swipe up again")
        self.swipe(dx=-150, kind="touch")
        self.wait(lambda d: self.shown_id() == "idea-0006", message="a swipe sideways pages with the detail open")
        self.assertNoConsoleErrors()

    def test_the_list_under_the_overlay_does_not_scroll(self):
        self.open_list()
        self.tap_idea(5)
        scroll = self.js("return window.scrollY")
        self.finger(-150)
        self.wait(lambda d: self.metrics()[0], message="swipe up opens the detail")
        for _ in range(3):
            self.finger(-250)
        self.assertEqual(self.metrics()[1], self.metrics()[2], "scrolled to the end")
        self.assertEqual(self.js("return window.scrollY"), scroll, "the list stays where it was")


if __name__ == "__main__":
    unittest.main()
