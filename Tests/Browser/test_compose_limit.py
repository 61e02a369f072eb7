"""The compose screens count what the import will count: the text as the screen saves it
(trimmed), so spaces around the words take nothing from the limit.

Runs on a build of the sample content, as test_compose.py does (VANTAGE_BIN, else
.build/debug/vantage; skipped without it)."""

import unittest

from selenium.webdriver.common.keys import Keys

from test_compose import READY, VIEWER, ComposeTest


@unittest.skipUnless(READY, "needs the built vantage binary and the sample content")
class CountedAsImported(ComposeTest):
    """The screen saves the text trimmed (VantageText.cleaned) and the import counts what is
    saved: spaces and line breaks around the words are no characters of the limit."""

    def insert_text(self, text):
        self.driver.execute_cdp_cmd("Input.insertText", {"text": text})

    def screens(self):
        """Each compose screen opened in turn, with its limit and its text box focused."""
        for path, limit in ((VIEWER + "/ideas/submit.html", 160), (VIEWER + "/quotes/add.html", 280)):
            self.open(self.page(path))
            textarea = self.css("form[data-compose] textarea")
            textarea.click()
            yield path, limit, textarea

    def test_spaces_around_the_words_take_nothing_from_the_limit(self):
        for path, limit, textarea in self.screens():
            with self.subTest(page=path):
                self.insert_text("  ")
                self.assertEqual(self.remaining(), limit, "spaces alone are nothing yet")
                self.insert_text("Plant")
                self.assertEqual(self.remaining(), limit - 5)
                textarea.send_keys(Keys.ENTER)
                self.assertEqual(self.remaining(), limit - 5, "a line break at the end is not saved")
                # Up to the limit after the leading spaces: every letter goes in.
                self.insert_text("a" * (limit - 7))
                self.insert_text("b")
                value = self.js("return arguments[0].value", textarea)
                self.assertEqual(value, "  Plant\n" + "a" * (limit - 7) + "b")
                self.assertEqual(self.remaining(), 0)
                self.assertEqual(self.error(), ("", ""), "at the limit, no message")
                # A space at the end fits (it is not saved); a letter after it does not.
                self.insert_text(" ")
                self.assertEqual(self.error(), ("", ""))
                self.assertEqual(self.remaining(), 0)
                self.insert_text("c")
                self.assertEqual(self.js("return arguments[0].value", textarea), value + " ")
                self.assertEqual(self.error(), ("long", self.message("long")))
                # What is saved is what was counted: the limit's worth of characters.
                if "submit" in path:
                    self.css("[data-compose-submit]").click()
                    self.wait(lambda d: self.css("[data-thanks]").is_displayed(), message="the limit is accepted")
                    stored = self.js("return window.VantageCompose.exportDocument(arguments[0])", VIEWER)
                    self.assertEqual(stored["ideas"][-1]["text"], "Plant\n" + "a" * (limit - 7) + "b")
                else:
                    self.css("[data-quote-it]").click()
                    self.wait(lambda d: self.css('[data-compose-step="review"]').is_displayed(), message="the limit is accepted")

    def test_blank_text_around_the_words_is_bounded_too(self):
        # Spaces around the words are not saved, but the box holds no more than twice the limit
        # as typed: a paste of 5,000 spaces had no end, and each key after it was slow.
        for path, limit, textarea in self.screens():
            with self.subTest(page=path):
                self.insert_text("a" + " " * 5000)
                value = self.js("return arguments[0].value", textarea)
                self.assertTrue(value.startswith("a "), value[:10])
                self.assertEqual(value.strip(), "a")
                self.assertLessEqual(len(value), 2 * limit)
                self.assertEqual(self.error(), ("long", self.message("long")))
                self.assertEqual(self.remaining(), limit - 1)
                # A letter after the spaces would make them saved, past the limit: refused.
                self.insert_text("b")
                self.assertEqual(self.js("return arguments[0].value", textarea), value)
                # A blank paste into a box with room for it goes in whole.
                self.js("arguments[0].value = ''; arguments[0].dispatchEvent(new Event('input'))", textarea)
                self.insert_text(" " * (limit + 20) + "c")
                self.assertEqual(self.js("return arguments[0].value", textarea), " " * (limit + 20) + "c")
                self.assertEqual(self.remaining(), limit - 1)


if __name__ == "__main__":
    unittest.main()
