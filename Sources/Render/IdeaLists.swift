import Store

/// One viewer's four idea lists as orders over the site's ideas (indices into
/// `SiteModel.ideas`, which is newest first, ties by id).
struct IdeaLists {
    /// Per idea: new to this viewer (submitted after their last visit, or they never visited,
    /// and not written by them).
    let isNew: [Bool]
    let new: [Int]
    let mine: [Int]
    let browse: [Int]
    let count: Int

    init(site: SiteModel, viewer: Person) {
        var isNew = [Bool](repeating: false, count: site.ideas.count)
        var new: [Int] = []
        var mine: [Int] = []
        for (index, idea) in site.ideas.enumerated() {
            if idea.authorID == viewer.id {
                mine.append(index)
            } else if viewer.lastVisitAt.map({ idea.submittedAt > $0 }) ?? true {
                isNew[index] = true
                new.append(index)
            }
        }
        self.isNew = isNew
        self.new = new
        self.mine = mine
        self.count = site.ideas.count
        self.browse = BrowseOrder.order(
            idHashes: site.ideaHashes, ids: site.ideaIDs, viewerSlug: site.homeSlugs[viewer.id] ?? "")
    }

    var newCount: Int { new.count }

    /// The list of `kind`, as indices into the site's ideas.
    func order(_ kind: IdeaListKind) -> [Int] {
        switch kind {
        case .new: return new
        case .mine: return mine
        case .all: return Array(0..<count)
        case .browse: return browse
        }
    }
}
