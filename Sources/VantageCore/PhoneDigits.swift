/// How many digits a run needs before it could be a phone, named once for the mask, the slugs,
/// the ids and the language tags that must never carry one.
public enum PhoneDigits {
    /// The fewest digits of a phone-shaped run that is hidden (or refused) whoever's phone it may
    /// be: the mask's phone shapes, a slug's digits, an id's digit runs read as a phone.
    public static let shaped = 7
    /// The fewest digits of the export's own phones that are still looked for: a national
    /// number's tail (`4155550100` of `+14155550100`, with 5 or more left), and so the fewest
    /// digits a text needs to be scanned at all, and a name or a tag may hold.
    public static let known = 5
}
