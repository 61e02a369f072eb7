"""The compose screens keep what is being written: a draft for the tab (sessionStorage), so that
Back, a reload or a return to the screen finds the words, the choices, the people and WHEN as
they were left; dropped once saved to the outbox or emptied; one person's draft never on another
person's screen.

Runs on a build of the sample content, as test_compose.py does (VANTAGE_BIN, else
.build/debug/vantage; skipped without it)."""

import unittest

from selenium.webdriver.common.keys import Keys

from test_compose import READY, VIEWER, ComposeTest

OTHER = "ben-carter"


@unittest.skipUnless(READY, "needs the built vantage binary and the sample content")
class Drafts(ComposeTest):

    def draft_keys(self):
        return self.js("return Object.keys(sessionStorage).filter(function (k) {"
                       " return k.indexOf('vantage.draft.') === 0; }).sort()")

    def value(self, selector):
        return self.js("return document.querySelector(arguments[0]).value", selector)

    def reload(self):
        self.driver.refresh()
        self.wait_ready()
        self.wait(lambda d: self.css("form[data-compose]").get_attribute("data-ready") == "true", message="the screen is set up")

    def test_an_idea_survives_a_reload_and_a_return_until_it_is_sent(self):
        self.open(self.page(VIEWER + "/ideas/submit.html"))
        textarea = self.css("#idea-text")
        textarea.send_keys("Walk to work")
        self.css("[data-show-name]").click()
        self.css('input[name="for"][value="someone"]').click()
        self.reload()
        self.assertEqual(self.value("#idea-text"), "Walk to work", "the words are back after a reload")
        self.assertFalse(self.css("[data-show-name]").is_selected(), "Show my name as it was left")
        self.assertTrue(self.css("[data-profile]").get_attribute("class").find("is-anonymous") >= 0, "and greyed")
        self.assertTrue(self.css('input[name="for"][value="someone"]').is_selected())
        self.assertEqual(self.remaining(), 160 - len("Walk to work"), "the counter counts what came back")
        # Away to Home and back again by a link (a new visit of the screen, in the same tab).
        self.driver.get(self.page(VIEWER + "/index.html"))
        self.wait_ready()
        self.driver.get(self.page(VIEWER + "/ideas/submit.html"))
        self.wait_ready()
        self.assertEqual(self.value("#idea-text"), "Walk to work")
        # Kept for the tab only: nothing in localStorage but the outbox, nothing in the outbox yet.
        self.assertEqual(self.outbox(), [])
        self.assertEqual(self.js("return Object.keys(localStorage).filter(function (k) {"
                                 " return k.indexOf('draft') >= 0; })"), [])
        self.css("#idea-text").send_keys(" on Fridays")
        self.css("[data-compose-submit]").click()
        self.wait(lambda d: self.css("[data-thanks]").is_displayed(), message="the Thank You screen")
        self.assertEqual(self.draft_keys(), [], "sent: the draft is dropped")
        self.reload()
        self.assertEqual(self.value("#idea-text"), "", "a reload after sending starts afresh")
        self.assertEqual(len(self.outbox()), 1)
        self.assertNoConsoleErrors()

    def test_an_emptied_idea_leaves_no_draft(self):
        self.open(self.page(VIEWER + "/ideas/submit.html"))
        textarea = self.css("#idea-text")
        textarea.send_keys("Gone soon")
        self.assertEqual(len(self.draft_keys()), 1)
        textarea.send_keys(Keys.CONTROL, "a")
        textarea.send_keys(Keys.DELETE)
        self.assertEqual(self.draft_keys(), [], "the words deleted: nothing kept")
        self.reload()
        self.assertEqual(self.value("#idea-text"), "")

    def test_a_quote_comes_back_with_its_step_people_and_when(self):
        self.open(self.page(VIEWER + "/quotes/add.html"))
        self.css("#quote-text").send_keys("Build's at noon.")
        self.css("[data-quote-it]").click()
        self.wait(lambda d: self.css('[data-compose-step="review"]').is_displayed(), message="the review step")
        self.css("#said-input").send_keys("lea", Keys.ENTER)
        self.css("#heard-input").send_keys("ben", Keys.ENTER)
        self.css("#heard-input").send_keys("zoe", Keys.ENTER)
        self.set_text("#quote-when", "2026-05-09T10:00")
        self.reload()
        self.assertTrue(self.css('[data-compose-step="review"]').is_displayed(), "back at the step it was left on")
        self.assertEqual(self.css("[data-preview-text]").text, "Build's at noon.")
        self.assertEqual(self.chips("said"), ["lea-martin"])
        self.assertEqual(self.chips("heard"), ["ben-carter", "zoe-adams"])
        self.assertEqual(self.value("#quote-when"), "2026-05-09T10:00")
        self.assertEqual(self.shown_people("heard"), [], "the list stays closed")
        # Edit goes back to the words, and a reload keeps that step too.
        self.css("[data-compose-edit]").click()
        self.reload()
        self.assertTrue(self.css('[data-compose-step="text"]').is_displayed())
        self.assertEqual(self.value("#quote-text"), "Build's at noon.")
        self.css("[data-quote-it]").click()
        self.assertEqual(self.chips("heard"), ["ben-carter", "zoe-adams"])
        self.css("[data-compose-submit]").click()
        self.wait(lambda d: self.css("[data-thanks]").is_displayed(), message="the Thank You screen")
        stored = self.js("return window.VantageCompose.exportDocument(arguments[0])", VIEWER)
        self.assertEqual([(q["saidBy"], q["heardBy"]) for q in stored["quotes"]], [("lea-martin", ["ben-carter", "zoe-adams"])])
        self.assertEqual(self.draft_keys(), [], "saved: the draft is dropped")
        self.reload()
        self.assertEqual(self.value("#quote-text"), "")
        self.assertEqual(self.chips("said"), [])
        self.assertNoConsoleErrors()

    def test_people_picked_in_another_part_are_not_brought_back(self):
        """The handles name people in the part they were picked in; after a rebuild that changed
        the part (its signature), a kept handle could name someone else: only the words return."""
        self.open(self.page(VIEWER + "/quotes/add.html"))
        self.css("#quote-text").send_keys("Tea first")
        self.css("[data-quote-it]").click()
        self.css("#said-input").send_keys("lea", Keys.ENTER)
        key = self.draft_keys()[0]
        self.js("var d = JSON.parse(sessionStorage.getItem(arguments[0])); d.part = '0000000000000000';"
                "sessionStorage.setItem(arguments[0], JSON.stringify(d));", key)
        self.reload()
        self.assertEqual(self.value("#quote-text"), "Tea first")
        self.assertEqual(self.chips("said"), [])

    def test_one_persons_draft_never_shows_on_anothers_screen(self):
        for screen, box in (("ideas/submit.html", "#idea-text"), ("quotes/add.html", "#quote-text")):
            with self.subTest(screen=screen):
                self.open(self.page(VIEWER + "/" + screen))
                self.css(box).send_keys("Only mine")
                self.driver.get(self.page(OTHER + "/" + screen))
                self.wait_ready()
                self.assertEqual(self.value(box), "", "another person's screen, in the same tab")
                self.assertTrue(all(("/" + VIEWER + "/") in k for k in self.draft_keys()), self.draft_keys())
                self.driver.get(self.page(VIEWER + "/" + screen))
                self.wait_ready()
                self.assertEqual(self.value(box), "Only mine", "and the person's own again")


if __name__ == "__main__":
    unittest.main()
