"""Search in a real browser: results as the viewer types, from the viewer's own
index, accents and case folded, Enter blurs, Cancel goes home. test_site.py
checks on a built site that one viewer's search never finds another's quote."""

import re
import unicodedata
import unittest

from support import BrowserTest, fixture_url


class SearchBehaviour(BrowserTest):

    def page_url(self):
        return fixture_url("ana/search.html")

    def type_query(self, text):
        field = self.css('input[type="search"]')
        field.send_keys("\ue009a\ue009\ue003")  # Ctrl+A, Backspace: as a person clears it
        if text:
            field.send_keys(text)
        return field

    def result_ids(self):
        return [r.get_attribute("data-id") for r in self.all("[data-search-results] [data-id]")]

    def test_results_appear_as_the_viewer_types(self):
        self.open(self.page_url())
        self.assertFalse(self.css("[data-search-noscript]").is_displayed())
        self.assertEqual(self.result_ids(), [])
        field = self.css('input[type="search"]')
        field.send_keys("mor")
        self.assertEqual(self.result_ids(), ["idea-0003", "q-0001"])
        field.send_keys("ning pe")
        self.assertEqual(self.result_ids(), ["q-0001"])
        self.assertNoConsoleErrors()

    def test_back_from_a_result_shows_the_results_again(self):
        """Following a result and going Back: the browser puts the query back in the box
        (without an input event), and the results for it are shown again."""
        self.open(self.page_url())
        self.css('input[type="search"]').send_keys("mor")
        self.assertEqual(self.result_ids(), ["idea-0003", "q-0001"])
        self.css('[data-search-results] [data-id="idea-0003"] a').click()
        self.wait(lambda d: "ideas.html" in d.current_url, message="the result opens")
        self.driver.back()
        self.wait(lambda d: "search.html" in d.current_url, message="back on the search page")
        self.wait_ready()
        self.wait(lambda d: self.css('input[type="search"]').get_attribute("value") == "mor",
                  message="the query is back in the box")
        self.wait(lambda d: self.result_ids() == ["idea-0003", "q-0001"], message="the results are back")
        self.assertFalse(self.css("[data-search-empty]").is_displayed())
        # and typing on goes on from there
        self.css('input[type="search"]').send_keys("ning pe")
        self.assertEqual(self.result_ids(), ["q-0001"])

    def test_accents_and_case_are_folded_both_ways(self):
        self.open(self.page_url())
        for query, expected in (("CREPES", ["idea-0002"]), ("crêpes", ["idea-0002"]),
                                ("ca va", ["q-0002"]), ("ÇA VA TRÈS", ["q-0002"]),
                                ("elodie", ["q-0002"]), ("zoe", ["idea-0002"]),
                                ("bruno", ["q-0002"]), ("apprendre a", ["idea-0002"])):
            with self.subTest(query=query):
                self.type_query(query)
                self.assertEqual(self.result_ids(), expected)

    def test_every_word_must_match_and_nothing_else_is_shown(self):
        self.open(self.page_url())
        self.type_query("dad morning")
        self.assertEqual(self.result_ids(), ["q-0001"])
        self.type_query("zzz")
        self.assertEqual(self.result_ids(), [])
        self.assertTrue(self.css("[data-search-empty]").is_displayed())
        # Heard too: the status region (there from the start) says it; un-hidden text is not said.
        status = self.css("[data-search-status]")
        self.assertEqual(status.get_attribute("role"), "status")
        self.assertEqual(status.get_attribute("textContent"), "Nothing found.")
        self.type_query("")
        self.assertFalse(self.css("[data-search-empty]").is_displayed())
        self.assertEqual(status.get_attribute("textContent"), "")

    def test_the_status_says_how_many_were_found_and_the_list_is_not_live(self):
        """The list is no live region (it was read out whole at every key); the status region
        says the count, in the page's plural forms, as the viewer types."""
        self.open(self.page_url())
        results = self.css("[data-search-results]")
        self.assertIsNone(results.get_attribute("aria-live"))
        self.assertIsNone(self.js("return document.querySelector('[data-search-results]').closest('[aria-live]')"))
        status = self.css("[data-search-status]")
        for query, expected in (("mor", "2 results"), ("morning pe", "1 result"), ("zzz", "Nothing found.")):
            with self.subTest(query=query):
                self.type_query(query)
                self.assertEqual(status.get_attribute("textContent"), expected)
                if expected[0].isdigit():
                    self.assertEqual(int(expected.split()[0]), len(self.result_ids()))
        self.type_query("")
        self.assertEqual(status.get_attribute("textContent"), "")

    def test_a_result_links_to_the_item_and_marks_the_words(self):
        self.open(self.page_url())
        self.type_query("tres")
        result = self.css('[data-search-results] [data-id="q-0002"]')
        self.assertTrue(result.find_element("css selector", "a").get_attribute("href").endswith("quotes.html#quote-q-0002"))
        marks = [m.text for m in result.find_elements("css selector", "mark")]
        self.assertEqual(marks, ["très"])
        self.assertEqual(result.find_element("css selector", "[data-slot=kind]").get_attribute("textContent"), "Quote")
        # Words whose matches overlap are one mark over both ("tr" and "res": "très"; the
        # second was dropped, leaving "ès" unmarked).
        self.type_query("tr res")
        result = self.css('[data-search-results] [data-id="q-0002"]')
        self.assertEqual([m.text for m in result.find_elements("css selector", "mark")], ["très"])

    def test_a_match_on_a_hearer_shows_the_hearers(self):
        """A quote found by a hearer's name lists its hearers, as the page's language lists them,
        with the words marked: the match is seen. A quote found by its text or speaker alone
        does not list them."""
        self.open(self.page_url())
        self.type_query("bruno")
        result = self.css('[data-search-results] [data-id="q-0002"]')
        heard = result.find_element("css selector", "[data-slot=heard]")
        self.assertTrue(heard.is_displayed())
        self.assertEqual(heard.text, "Heard by Ana Lima and Bruno")
        self.assertEqual([m.text for m in result.find_elements("css selector", "mark")], ["Bruno"])
        self.assertEqual([n.get_attribute("dir") for n in heard.find_elements("css selector", "[data-slot=heard-names] > span")],
                         ["auto", "auto"])
        self.type_query("ca va")
        result = self.css('[data-search-results] [data-id="q-0002"]')
        self.assertEqual(result.find_elements("css selector", "[data-slot=heard]"), [])
        self.type_query("dad")
        self.assertTrue(all(not r.find_elements("css selector", "[data-slot=heard]")
                            for r in self.all("[data-search-results] [data-id]")))
        # The names are listed in the page's language.
        self.js("document.documentElement.lang = 'fr'")
        self.type_query("bruno ca")
        heard = self.css('[data-search-results] [data-id="q-0002"] [data-slot=heard]')
        self.assertEqual(heard.find_element("css selector", "[data-slot=heard-names]").text, "Ana Lima et Bruno")
        # A tag that is no locale: the browser's own language (here English) lists them.
        self.js("document.documentElement.lang = 'zz-not a tag'")
        self.type_query("bruno")
        heard = self.css('[data-search-results] [data-id="q-0002"] [data-slot=heard]')
        self.assertEqual(heard.find_element("css selector", "[data-slot=heard-names]").text, "Ana Lima and Bruno")
        self.assertNoConsoleErrors()

    def test_names_are_listed_as_the_build_lists_them(self):
        """The build writes what its locale data puts between names (data-list-pattern); where
        the browser's Intl.ListFormat agrees, it is used (with its forms that depend on the next
        name), else the build's separators: en-IN pages list "A, B, and C" as the build does,
        where plain CLDR has "A, B and C"."""
        self.open(self.page_url())
        listed = "return window.VantageText.listParts(arguments[0]).map(function (p) { return p.value; }).join('')"
        form = "document.querySelector('form[role=search]')"
        self.js("document.documentElement.lang = 'en-IN'; " + form +
                ".setAttribute('data-list-pattern', JSON.stringify([' and ', ', ', ', ', ', and ']))")
        self.assertEqual(self.js(listed, ["Ana", "Ben", "Cy"]), "Ana, Ben, and Cy")
        self.assertEqual(self.js(listed, ["Ana", "Ben", "Cy", "Dee"]), "Ana, Ben, Cy, and Dee")
        self.assertEqual(self.js(listed, ["Ana", "Ben"]), "Ana and Ben")
        self.assertEqual(self.js(listed, ["Ana"]), "Ana")
        # Agreeing with Intl: Intl's, which writes Spanish "e" before a name that sounds "i".
        self.js("document.documentElement.lang = 'es'; " + form +
                ".setAttribute('data-list-pattern', JSON.stringify([' y ', ', ', ', ', ' y ']))")
        self.assertEqual(self.js(listed, ["Ana", "Inés"]), "Ana e Inés")
        # A pattern that is not four strings is none: Intl's.
        self.js("document.documentElement.lang = 'fr'; " + form + ".setAttribute('data-list-pattern', '[1,2]')")
        self.assertEqual(self.js(listed, ["Ana", "Ben", "Cy"]), "Ana, Ben et Cy")
        self.assertNoConsoleErrors()

    def test_final_sigma_is_sigma_when_finding_and_marking(self):
        # Lower-cased whole, ΟΔΟΣ ends in ς; one letter at a time (the marking) it ends in σ:
        # the idea was found and left unmarked, and οδοσ found nothing.
        self.open(self.page_url())
        for query in ("οδος", "ΟΔΟΣ", "οδοσ", "Οδός"):
            with self.subTest(query=query):
                self.type_query(query)
                self.assertEqual(self.result_ids(), ["idea-0004"])
                result = self.css('[data-search-results] [data-id="idea-0004"]')
                self.assertEqual([m.text for m in result.find_elements("css selector", "mark")], ["ΟΔΟΣ"])

    def test_only_accents_are_folded(self):
        """Accents are dropped only after a Latin, Greek or Cyrillic letter: a Devanagari or
        Thai vowel sign is part of the word (कम found काम when every mark was dropped).
        Ligatures match their letters (NFKD) and ß is ss."""
        self.open(self.page_url())
        for query, expected, marked in (
                ("काम", ["idea-0005"], ["काम"]), ("कम", [], []), ("करना", ["idea-0005"], ["करना"]),
                ("กินข้าว", ["idea-0007"], ["กินข้าว"]), ("กนขาว", [], []), ("กินขาว", [], []),
                ("fish", ["idea-0006"], ["ﬁsh"]), ("ﬁne", ["idea-0006"], ["ﬁne"]),
                ("strasse", ["idea-0006"], ["Straße"]), ("STRAẞE", ["idea-0006"], ["Straße"]),
                ("straße grosse", ["idea-0006"], ["Große", "Straße"]),
                ("crepes", ["idea-0002"], ["crêpes"])):
            with self.subTest(query=query):
                self.type_query(query)
                self.assertEqual(self.result_ids(), expected)
                if expected:
                    result = self.css('[data-search-results] [data-id="%s"]' % expected[0])
                    self.assertEqual([m.text for m in result.find_elements("css selector", "mark")], marked)
        fold = "return VantageSearch.fold(arguments[0])"
        for text, folded in (("Crème Brûlée", "creme brulee"), ("Ёлка", "елка"), ("ΆΛΦΑ", "αλφα"),
                             ("ǅ", "dz"), ("x²", "x2"), ("e\u0301\u0323", "e"), ("क\u0301", "क\u0301"),
                             ("أحمد", "احمد"), ("مُحَمَّد", "محمد"), ("ﻣﺤﻤﺪ", "محمد")):
            with self.subTest(text=text):
                self.assertEqual(self.js(fold, text), folded)

    def test_letters_unicode_does_not_decompose_fold_to_their_base(self):
        """Turkish dotless ı and dotted İ, đ, œ, æ, ø, ł: NFKD leaves them whole (İ aside), so
        ışık did not find Işık, diyarbakır not DİYARBAKIR, dang not Đặng, oeuvre not Œuvre."""
        self.open(self.page_url())
        for query, expected, marked in (
                ("ışık", ["idea-0008"], ["Işık"]), ("ISIK", ["idea-0008"], ["Işık"]),
                ("Işık", ["idea-0008"], ["Işık"]), ("isik", ["idea-0008"], ["Işık"]),
                ("diyarbakır", ["idea-0008"], ["DİYARBAKIR"]), ("DİYARBAKIR", ["idea-0008"], ["DİYARBAKIR"]),
                ("istanbul", ["idea-0008"], ["İstanbul"]), ("İSTANBUL", ["idea-0008"], ["İstanbul"]),
                ("dang", ["idea-0009"], ["Đặng"]), ("ĐẶNG", ["idea-0009"], ["Đặng"]),
                ("nguyen", ["idea-0009"], ["Nguyễn"]),
                ("oeuvre", ["idea-0010"], ["Œuvre"]), ("œuvre", ["idea-0010"], ["Œuvre"]),
                ("soren", ["idea-0010"], ["Søren"]), ("lodz", ["idea-0010"], ["Łódź"]),
                ("aero", ["idea-0010"], ["Ærø"]), ("ÆRØ", ["idea-0010"], ["Ærø"])):
            with self.subTest(query=query):
                self.type_query(query)
                self.assertEqual(self.result_ids(), expected)
                result = self.css('[data-search-results] [data-id="%s"]' % expected[0])
                self.assertEqual([m.text for m in result.find_elements("css selector", "mark")], marked)
        fold = "return VantageSearch.fold(arguments[0])"
        for text, folded in (("Işık", "isik"), ("DİYARBAKIR", "diyarbakir"), ("Đặng", "dang"),
                             ("Œuvre", "oeuvre"), ("Æsir", "aesir"), ("Øre", "ore"), ("Łódź", "lodz"),
                             ("Ħamrun", "hamrun")):
            with self.subTest(text=text):
                self.assertEqual(self.js(fold, text), folded)

    def test_hebrew_points_and_cantillation_are_optional(self):
        """Vowel points and cantillation marks after a Hebrew letter fold away, as Arabic's
        harakat do: שלום finds שָׁלוֹם."""
        self.open(self.page_url())
        for query in ("שלום", "שָׁלוֹם", "שָלום", "לכלם"):
            with self.subTest(query=query):
                self.type_query(query)
                self.assertEqual(self.result_ids(), ["idea-0011"])
                result = self.css('[data-search-results] [data-id="idea-0011"]')
                self.assertEqual([m.text for m in result.find_elements("css selector", "mark")],
                                 ["לְכֻלָּם"] if query == "לכלם" else ["שָׁלוֹם"])
        fold = "return VantageSearch.fold(arguments[0])"
        for text, folded in (("שָׁלוֹם", "שלום"), ("בְּרֵאשִׁ֖ית", "בראשית"), ("\ufb2a", "ש"),
                             ("a\u05b8", "a\u05b8"), ("ש\u05be", "ש\u05be")):
            with self.subTest(text=text):
                self.assertEqual(self.js(fold, text), folded)

    def test_kana_and_arabic_letter_forms_fold_as_readers_type_them(self):
        """Katakana is found by hiragana and the other way round (half-width katakana too); Arabic's
        tatweel is dropped, and alef maksura, teh marbuta and alef wasla meet yeh, heh and alef."""
        self.open(self.page_url())
        fold = "return VantageSearch.fold(arguments[0])"
        for text, folded in (("カタカナ", "かたかな"), ("ｶﾀｶﾅ", "かたかな"), ("ヴァイオリン", "ゔぁいおりん"),
                             ("ヽヾ", "ゝゞ"), ("ー", "ー"), ("كتـــاب", "كتاب"), ("على", "علي"),
                             ("مدرسة", "مدرسه"), ("ٱلله", "الله"), ("漢字", "漢字")):
            with self.subTest(text=text):
                # (Decomposed, as every fold is: ゔ is う and its voiced mark.)
                self.assertEqual(self.js(fold, text), unicodedata.normalize("NFKD", folded))
        # Each spelling finds the other in a text.
        finds = "return VantageSearch.fold(arguments[0]).indexOf(VantageSearch.fold(arguments[1])) >= 0"
        for text, query in (("コーヒーを飲む", "こーひー"), ("ひらがな", "ヒラガナ"), ("ذهبت إلى المدرسة", "الي المدرسه"),
                            ("كتـــاب جديد", "كتاب")):
            with self.subTest(query=query):
                self.assertTrue(self.js(finds, text, query))

    def test_compose_folds_names_by_the_same_rule(self):
        """search.js and compose.js (the To: fields) fold by the one rule in text.js: neither
        keeps a copy of its own."""
        from support import REPO
        assets = REPO / "templates" / "assets"
        for name in ("search.js", "compose.js"):
            source = (assets / name).read_text(encoding="utf-8")
            self.assertIn("var fold = window.VantageText.fold;", source)
            self.assertNotIn("function fold(", source)
        self.open(self.page_url())
        self.assertEqual(self.js("return window.VantageText.fold('Ça İŞIK ﬁ')"), "ca isik fi")

    def test_text_from_the_index_is_never_read_as_markup(self):
        self.open(self.page_url())
        self.type_query("not markup")
        result = self.css('[data-search-results] [data-id="q-0003"]')
        self.assertIn("<b>Not markup</b>", result.text)
        self.assertEqual(result.find_elements("css selector", "b"), [])

    def test_enter_blurs_the_field_and_stays_on_the_page(self):
        self.open(self.page_url())
        field = self.type_query("morning")
        before = self.driver.current_url
        self.assertTrue(self.js("return document.activeElement === arguments[0]", field))
        field.send_keys("\ue007")
        self.assertFalse(self.js("return document.activeElement === arguments[0]", field))
        self.assertEqual(self.driver.current_url, before)
        self.assertEqual(self.result_ids(), ["idea-0003", "q-0001"])

    def test_a_query_in_the_address_is_searched(self):
        self.open(self.page_url() + "?q=poem")
        self.assertEqual(self.result_ids(), ["idea-0003"])

    def test_without_scripts_the_field_is_disabled_and_the_note_shows(self):
        self.driver.execute_cdp_cmd("Emulation.setScriptExecutionDisabled", {"value": True})
        try:
            self.driver.get(self.page_url())
            self.wait(lambda d: self.css("[data-search-noscript]").is_displayed(), message="the no-script note shows")
            self.assertFalse(self.css('input[type="search"]').is_enabled(), "a field that would find nothing")
        finally:
            self.driver.execute_cdp_cmd("Emulation.setScriptExecutionDisabled", {"value": False})
        self.open(self.page_url())
        self.assertTrue(self.css('input[type="search"]').is_enabled())

    def test_the_address_keeps_the_query(self):
        self.open(self.page_url())
        self.type_query("poem")
        self.assertTrue(self.driver.current_url.endswith("search.html?q=poem"), self.driver.current_url)
        self.driver.refresh()
        self.wait_ready()
        self.wait(lambda d: self.result_ids() == ["idea-0003"], message="the query searched again")
        self.type_query("")
        self.assertTrue(self.driver.current_url.endswith("search.html"), self.driver.current_url)

    def test_ideas_new_to_the_viewer_carry_the_new_tag(self):
        # OUTPUT.md: new ideas carry the NEW tag in every list they appear in, and data-new.
        self.open(self.page_url())
        self.type_query("walk")
        result = self.css('[data-search-results] [data-id="idea-0001"]')
        self.assertEqual(result.get_attribute("data-new"), "")
        self.assertEqual(result.find_element("css selector", ".tag-new").text, "NEW")
        self.type_query("poem")
        result = self.css('[data-search-results] [data-id="idea-0003"]')
        self.assertIsNone(result.get_attribute("data-new"))
        self.assertEqual(result.find_elements("css selector", ".tag-new"), [])

    def test_typed_punctuation_and_characters_that_show_nothing_are_folded(self):
        # A phone's keyboard types ’ for ', and “ ” and – for their ASCII forms; what shows
        # nothing (a zero-width space, a soft hyphen) is neither searched for nor in the way.
        self.open(self.page_url())
        for query, expected in (("istanbul’a", ["idea-0008"]), ("​​", []), ("wa­lk", ["idea-0001"]),
                                ("‮", [])):
            self.type_query(query)
            self.assertEqual(self.result_ids(), expected, repr(query))
        self.assertFalse(self.css("[data-search-empty]").is_displayed(), "an empty query finds nothing and says nothing")

    def test_quotation_marks_and_punctuation_around_words_are_not_searched_for(self):
        """A phrase in quotation marks (straight, or curly as a phone's keyboard types them) is its
        words in that order; the punctuation typed around a word (person?, Dad:, (poem)) is not
        looked for: each found nothing, though the quote holds the words."""
        self.open(self.page_url())
        for query, expected, marked in (
                ('"morning person"', ["q-0001"], ["morning person"]),
                ("\u201cmorning person\u201d", ["q-0001"], ["morning person"]),
                ('"morning   person."', ["q-0001"], ["morning person"]),
                ('"person morning"', [], []),
                ("person?", ["q-0001"], ["person"]),
                ("Dad: person,", ["q-0001"], ["person", "Dad"]),
                ("(poem)", ["idea-0003"], ["poem"]),
                ('"never said', ["q-0001"], ["never", "said"]),
                ("merci !", ["q-0002"], ["merci", "!"]),
                ("& never", ["q-0003"], ["&", "never"]),
                ("istanbul\u2019a", ["idea-0008"], ["İstanbul'a"])):
            with self.subTest(query=query):
                self.type_query(query)
                self.assertEqual(self.result_ids(), expected)
                for found in expected:
                    result = self.css('[data-search-results] [data-id="%s"]' % found)
                    self.assertEqual([m.text for m in result.find_elements("css selector", "mark")], marked)
        # A quotation mark alone is a phrase being typed: no words yet, so nothing is said.
        self.type_query('"')
        self.assertEqual(self.result_ids(), [])
        self.assertFalse(self.css("[data-search-empty]").is_displayed())
        self.assertNoConsoleErrors()

    def test_a_query_matching_many_lists_them_a_page_at_a_time(self):
        # 250 more quotes in the index (added as the index script assigns it): typing stays
        # quick, since only a page of results is built at a time.
        script = self.driver.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": """
            Object.defineProperty(window, 'VANTAGE_SEARCH', { configurable: true, get: function () { return undefined; },
              set: function (index) {
                for (var i = 0; i < 250; i++) {
                  index.quotes.push({ id: 'q-many-' + i, text: 'many words ' + i, by: 'Dad', heard: [], when: 0,
                                      url: 'quotes.html#quote-q-0001' });
                }
                Object.defineProperty(window, 'VANTAGE_SEARCH', { value: index, writable: true, configurable: true });
              } });"""})
        try:
            self.open(self.page_url())
            self.type_query("many")
            self.assertEqual(len(self.result_ids()), 100)
            more = self.css("[data-search-more] button")
            self.assertTrue(more.is_displayed())
            more.click()
            self.assertEqual(len(self.result_ids()), 200)
            self.assertEqual(self.js("return document.activeElement.closest('[data-id]').getAttribute('data-id')"),
                             "q-many-100", "focus on the first result added")
            more.click()
            self.assertEqual(self.result_ids(), ["q-many-%d" % i for i in range(250)])
            self.assertFalse(self.css("[data-search-more]").is_displayed())
            self.type_query("many words 12")
            self.assertEqual(self.result_ids(), ["q-many-%d" % i for i in range(250) if "12" in str(i)])
            self.assertFalse(self.css("[data-search-more]").is_displayed())
        finally:
            self.driver.execute_cdp_cmd("Page.removeScriptToEvaluateOnNewDocument", {"identifier": script["identifier"]})

    def test_cancel_returns_home(self):
        self.open(self.page_url())
        self.type_query("dad")
        self.css("a.search-cancel, [data-search-cancel]").click()
        self.wait(lambda d: d.execute_script("return document.body.getAttribute('data-page')") == "home",
                  message="home")

    def test_no_serious_accessibility_violations(self):
        self.open(self.page_url())
        self.type_query("a")
        self.assertAccessible()


if __name__ == "__main__":
    unittest.main()
