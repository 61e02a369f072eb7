"""First visits: the coach marks of Home and of the idea detail, and the opening
screens of the index. Each shows once, Next steps through, the last button
dismisses, and the browser remembers."""

import unittest

from support import BrowserTest, TwoSites, fixture_url


class FirstVisit(BrowserTest):

    home_url = fixture_url("ana/index.html")
    list_url = fixture_url("ana/ideas.html")
    index_url = fixture_url("index.html")

    def first_visit(self, name):
        return self.js("var d = document.querySelector('dialog[data-first-visit=\"%s\"]'); return !!(d && d.open);" % name)

    def visible_step_text(self):
        steps = [s for s in self.all("dialog[data-first-visit] [data-coach-step]") if s.is_displayed()]
        self.assertEqual(len(steps), 1, "one step at a time")
        return steps[0].text

    def button(self, hook):
        return self.css("dialog[data-first-visit] [%s]" % hook)

    def spot_matches(self, selector):
        """The spotlight surrounds the element the step is about."""
        return self.js("""
            var spot = document.querySelector('dialog[data-first-visit] [data-coach-spot]').getBoundingClientRect();
            var target = document.querySelector(arguments[0]).getBoundingClientRect();
            return spot.left <= target.left && spot.top <= target.top &&
                   spot.right >= target.right && spot.bottom >= target.bottom &&
                   spot.width < target.width + 20 && spot.height < target.height + 20;""", selector)

    def test_home_coach_marks_step_through_and_show_once(self):
        self.open(self.home_url)
        self.wait(lambda d: self.first_visit("home"), message="the coach marks on a first visit")
        texts = []
        steps = self.all("dialog[data-first-visit] [data-coach-step]")
        for index, step in enumerate(steps):
            texts.append(self.visible_step_text())
            target = step.get_attribute("data-target")
            if target:
                self.assertTrue(self.spot_matches(target), "spotlight on " + target)
            last = index == len(steps) - 1
            self.assertEqual(self.button("data-coach-next").is_displayed(), not last)
            self.assertEqual(self.button("data-coach-finish").is_displayed(), last)
            if not last:
                self.assertEqual(self.js("return document.activeElement.hasAttribute('data-coach-next')"), True)
                self.button("data-coach-next").click()
        self.assertEqual(len(set(texts)), len(steps), "each step says something else")
        self.assertEqual(self.button("data-coach-finish").text, "OK, Got it!")
        self.button("data-coach-finish").click()
        self.wait(lambda d: not self.first_visit("home"), message="dismissed")
        self.open(self.home_url, fresh=False)
        self.frames(5)
        self.assertFalse(self.first_visit("home"), "shown once")
        self.assertNoConsoleErrors()

    def test_escape_dismisses_the_coach_marks_and_is_remembered(self):
        self.open(self.home_url)
        self.wait(lambda d: self.first_visit("home"), message="the coach marks")
        self.actions().send_keys("\ue00c").perform()
        self.wait(lambda d: not self.first_visit("home"), message="dismissed")
        self.assertEqual(self.js("return localStorage.getItem(VantageCoach.storageKey('home'))"), "1")

    def test_idea_detail_coach_marks_on_the_first_overlay_only(self):
        self.open(self.list_url)
        self.assertFalse(self.first_visit("idea"), "not before an idea opens")
        self.css("#idea-idea-0002 .idea-card").click()
        self.wait(lambda d: self.first_visit("idea"), message="the idea coach marks over the overlay")
        self.assertTrue(self.spot_matches("[data-overlay-body] .idea-text"))
        # Escape belongs to the coach mark on top: the overlay stays.
        self.actions().send_keys("\ue00c").perform()
        self.wait(lambda d: not self.first_visit("idea"), message="dismissed")
        self.assertTrue(self.js("return document.querySelector('dialog.idea-overlay').open"))
        self.actions().send_keys("\ue00c").perform()
        self.wait(lambda d: not self.js("return document.querySelector('dialog.idea-overlay').open"),
                  message="then Escape closes the overlay")
        self.css("#idea-idea-0003 .idea-card").click()
        self.wait(lambda d: self.js("return document.querySelector('dialog.idea-overlay').open"), message="overlay")
        self.frames(5)
        self.assertFalse(self.first_visit("idea"), "shown once")

    def test_idea_coach_marks_on_an_idea_opened_from_its_address(self):
        # A link straight to an idea: the overlay opens while the page loads, before coach.js
        # runs; its tips show all the same, and hold focus once the page has loaded.
        self.open(self.index_url)
        self.driver.get(self.list_url + "#idea-idea-0002")
        self.wait(lambda d: self.first_visit("idea"), message="the idea coach marks over the overlay")
        self.assertTrue(self.js("return document.querySelector('dialog.idea-overlay').open"))
        self.frames(5)
        self.wait(lambda d: self.js("return !!document.activeElement.closest('dialog[data-first-visit]')"),
                  message="focus in the coach mark")
        # One Escape closes the tips only, as when the idea was opened by a tap (both dialogs
        # were shown without a gesture, and Chrome closed them together).
        self.actions().send_keys("\ue00c").perform()
        self.wait(lambda d: not self.first_visit("idea"), message="dismissed")
        self.frames(3)
        self.assertTrue(self.js("return document.querySelector('dialog.idea-overlay').open"), "the overlay stays")
        self.actions().send_keys("\ue00c").perform()
        self.wait(lambda d: not self.js("return document.querySelector('dialog.idea-overlay').open"),
                  message="then Escape closes the overlay")

    def test_idea_coach_done_button(self):
        self.open(self.list_url)
        self.css("#idea-idea-0001 .idea-card").click()
        self.wait(lambda d: self.first_visit("idea"), message="the idea coach marks")
        self.button("data-coach-next").click()
        self.assertEqual(self.button("data-coach-finish").text, "Done")
        self.button("data-coach-finish").click()
        self.wait(lambda d: not self.first_visit("idea"), message="dismissed")
        self.assertEqual(self.js("return localStorage.getItem(VantageCoach.storageKey('idea'))"), "1")

    def test_opening_screens_swipe_through_three_panels_once(self):
        self.open(self.index_url)
        self.wait(lambda d: self.first_visit("opening"), message="the opening screens")
        panel = lambda: self.js("return document.querySelector('dialog[data-first-visit]').getAttribute('data-panel')")
        viewport = self.css("[data-opening-viewport]")
        self.assertEqual(panel(), "1")
        self.assertEqual(len(self.all("[data-opening-panel]")), 3)
        self.assertFalse(self.button("data-opening-start").is_displayed())
        self.drag_to(viewport, -160, kind="touch", release=True)
        self.wait(lambda d: panel() == "2", message="swipe left: the second panel")
        self.drag_to(viewport, 160, kind="mouse", release=True)
        self.wait(lambda d: panel() == "1", message="swipe right: back to the first")
        self.drag_to(viewport, -160, kind="pen", release=True)
        self.wait(lambda d: panel() == "2", message="pen swipe")
        self.actions().send_keys("\ue014").perform()
        self.wait(lambda d: panel() == "3", message="ArrowRight: the third")
        inert = self.js("return Array.prototype.map.call(document.querySelectorAll('[data-opening-panel]'),"
                        " function (p) { return p.inert; })")
        self.assertEqual(inert, [True, True, False], "only the panel showing can be reached")
        self.assertFalse(self.button("data-opening-next").is_displayed())
        self.assertTrue(self.button("data-opening-start").is_displayed())
        self.button("data-opening-start").click()
        self.wait(lambda d: not self.first_visit("opening"), message="dismissed")
        self.open(self.index_url, fresh=False)
        self.frames(5)
        self.assertFalse(self.first_visit("opening"), "shown once")
        self.assertNoConsoleErrors()

    def described_step(self):
        """The element the open dialog's aria-describedby names, and whether it is in a polite
        live region: [id, text, live]."""
        return self.js("""
            var d = document.querySelector('dialog[data-first-visit]');
            var ids = (d.getAttribute('aria-describedby') || '').split(/\\s+/).filter(Boolean);
            if (ids.length !== 1) return [ids.join(' '), null, null];
            var e = document.getElementById(ids[0]);
            if (!e || !d.contains(e)) return [ids[0], null, null];
            var live = e.closest('[aria-live]');
            return [ids[0], e.textContent, live ? live.getAttribute('aria-live') : null];""")

    def test_each_coach_step_describes_the_dialog_and_is_announced(self):
        """The dialog's aria-describedby names the step shown, Next moves it on, and the steps are
        in a polite live region (the focus stays on Next, so the new step is read out)."""
        self.open(self.home_url)
        self.wait(lambda d: self.first_visit("home"), message="the coach marks")
        steps = self.all("dialog[data-first-visit] [data-coach-step]")
        for index in range(len(steps)):
            ident, text, live = self.described_step()
            self.assertEqual(text, self.visible_step_text(), "step %d" % (index + 1))
            self.assertEqual(ident, [s for s in steps if s.is_displayed()][0].get_attribute("id"))
            self.assertEqual(live, "polite")
            if index < len(steps) - 1:
                self.button("data-coach-next").click()
        self.assertEqual(self.described_step()[1], steps[-1].get_attribute("textContent"))

    def test_each_opening_panel_describes_the_dialog_and_is_announced(self):
        self.open(self.index_url)
        self.wait(lambda d: self.first_visit("opening"), message="the opening screens")
        panels = self.all("[data-opening-panel]")
        for index in range(len(panels)):
            ident, text, live = self.described_step()
            self.assertEqual(ident, panels[index].get_attribute("id"), "panel %d" % (index + 1))
            self.assertEqual(text, panels[index].get_attribute("textContent"))
            self.assertEqual(live, "polite")
            if index < len(panels) - 1:
                self.button("data-opening-next").click()

    def test_no_serious_accessibility_violations_with_first_visit_screens(self):
        for url in (self.home_url, self.index_url):
            with self.subTest(url=url):
                self.open(url)
                self.wait(lambda d: self.js("return !!document.querySelector('dialog[data-first-visit]')"),
                          message="a first-visit screen")
                self.assertAccessible()


class FirstVisitPerSite(TwoSites):
    """The first-visit screens show once per site: two sites in one browser (file://, or
    sub-paths of one host) each show their own (one flag was shared by every site of the
    origin, so a second site never showed them)."""

    def first_visit(self, name):
        return self.js("var d = document.querySelector('dialog[data-first-visit=\"%s\"]'); return !!(d && d.open);" % name)

    def dismiss(self, name):
        self.wait(lambda d: self.first_visit(name), message="the %s first-visit screen" % name)
        self.actions().send_keys("\ue00c").perform()
        self.wait(lambda d: not self.first_visit(name), message="dismissed")

    def test_each_site_shows_its_first_visit_screens_once(self):
        for where, served in self.places():
            with self.subTest(where=where):
                self.open(self.site_url("one", "ana/index.html", served))
                self.dismiss("home")
                self.open(self.site_url("one", "ana/ideas.html", served), fresh=False)
                self.css("#idea-idea-0002 .idea-card").click()
                self.dismiss("idea")
                self.open(self.site_url("two", "ana/index.html", served), fresh=False)
                self.wait(lambda d: self.first_visit("home"), message="the other site's first visit")
                self.open(self.site_url("two", "ana/ideas.html", served), fresh=False)
                self.css("#idea-idea-0002 .idea-card").click()
                self.wait(lambda d: self.first_visit("idea"), message="the other site's idea coach marks")
                self.open(self.site_url("one", "ana/index.html", served), fresh=False)
                self.frames(5)
                self.assertFalse(self.first_visit("home"), "shown once on the first site")
                self.assertEqual(len(self.keys("vantage.seen.")), 2, self.keys("vantage."))

    def test_a_flag_kept_by_an_earlier_version_is_taken_over_once(self):
        self.open(self.site_url("one", "ana/index.html"))
        self.dismiss("home")
        self.js("localStorage.clear(); localStorage.setItem('vantage.seen.home', '1')")
        self.open(self.site_url("one", "ana/index.html"), fresh=False)
        self.frames(5)
        self.assertFalse(self.first_visit("home"), "seen before, with the earlier version")
        self.assertIsNone(self.js("return localStorage.getItem('vantage.seen.home')"), "taken over once")
        self.assertEqual(self.js("return localStorage.getItem(VantageCoach.storageKey('home'))"), "1")
        self.open(self.site_url("two", "ana/index.html"), fresh=False)
        self.wait(lambda d: self.first_visit("home"), message="the other site's first visit")


if __name__ == "__main__":
    unittest.main()
