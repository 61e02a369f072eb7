import VantageCore

extension Localizer {
    /// `text` (a name, most often) as this locale's sentences write it among their own words:
    /// its direction controls balanced (`DirectionControls.balanced`: what it opens is closed
    /// within it, an isolate it closes without opening is opened at its start), and in a first
    /// strong isolate (U+2068 … U+2069) when it holds a letter written against the page's
    /// direction ("Review the quotes ⁨أحمد حسن⁩ sees"), as ICU's list formatter isolates the
    /// items it joins. The one rule for a catalog text's substitutions and for the names the
    /// compose screens' script writes into its sentences (it reads them from the page).
    public func inSentence(_ text: String) -> String {
        let string = DirectionControls.balanced(text)
        return ICULocale.runsAgainst(pageRightToLeft: direction == "rtl", string) ? "\u{2068}" + string + "\u{2069}" : string
    }
}
