import Foundation
@preconcurrency import CLibXML2
import VantageCore

/// `PageInspection`'s checks, on SAX events. Where a check would report something, or the
/// scan cannot be sure it would not, the page is handed to the tree (`handOver`), which
/// words the finding; so each check here may be stricter than the tree's, never looser.
extension PageScan {
    mutating func startElement(
        name: UnsafePointer<xmlChar>, namespace: UnsafePointer<xmlChar>?, cursor: Int, attributeCount: Int,
        attributes: UnsafeMutablePointer<UnsafePointer<xmlChar>?>?
    ) {
        flushText()
        // The vocabulary keeps its elements and attributes alive for the whole scan, and hands
        // them out unretained (`PointerTable`); borrowed here, they cost no reference counting
        // per element or attribute.
        let reference = vocabulary.element(name: name, namespace: namespace)
        reference._withUnsafeGuaranteedRef { element in
            startElement(
                element, cursor: cursor, attributeCount: attributeCount, attributes: attributes)
        }
        if handover == nil { open.append(reference) }
    }

    /// The values of a start tag's attributes that the elements with checks of their own read.
    private struct TagValues {
        var type: UnsafeBufferPointer<UInt8>?
        var ariaLabel: UnsafeBufferPointer<UInt8>?
        var named = false
        var idValue: UnsafeBufferPointer<UInt8>?
        var labelFor: UnsafeBufferPointer<UInt8>?
        var source = false
        var alt: UnsafeBufferPointer<UInt8>?
        var dataPage: UnsafeBufferPointer<UInt8>?
        var dataViewer = false
        var charset = false
        var tabindex = false
        var name: UnsafeBufferPointer<UInt8>?
    }

    /// A start tag of `element`; the caller opens the element if the page is not handed over.
    private mutating func startElement(
        _ element: ScanElement, cursor: Int, attributeCount: Int,
        attributes: UnsafeMutablePointer<UnsafePointer<xmlChar>?>?
    ) {
        appendStructure(element.structure)
        guard cursor > 0, cursor < bytes.count, cursor < Int(UInt32.max) else { return handOver(.unusual) }
        tagCursor = cursor
        // `<div/>` means `<div>` to an HTML parser, and `<br></br>` means two breaks.
        if element.isHTML, (bytes[cursor] == UInt8(ascii: "/")) != element.isVoid { return handOver(.finding) }

        var tag = TagValues()
        // (`removeAll` goes through a generic range replacement even on an empty array.)
        if !checked.isEmpty { checked.removeAll(keepingCapacity: true) }
        for index in 0..<attributeCount {
            // localname, prefix, URI, value, end of value.
            guard let fields = attributes?.advanced(by: index * 5), let localName = fields[0], let start = fields[3],
                let end = fields[4]
            else { return handOver(.unusual) }
            let value = UnsafeBufferPointer(start: start, count: end - start)
            // libxml2 hands over `&` as `&#38;` for the tree builder to decode again: leave
            // such values to the tree.
            if Self.holds(0x26, value) { return handOver(.unusual) }
            let attribute = vocabulary.attribute(name: localName, prefix: fields[1])
            attribute._withUnsafeGuaranteedRef { attribute in
                readAttribute(attribute, value, on: element, into: &tag)
            }
            if handover != nil { return }
        }
        guard fits(element) else { return handOver(.unusual) }

        let depth = open.count
        if !element.forbiddenAncestors.isEmpty, openAncestor(where: { $0.isHTML && element.forbiddenAncestors.contains($0.name) }) {
            return handOver(.finding)
        }
        if tag.tabindex, openAncestor(where: \.focusFree) { return handOver(.finding) }
        if element.labelable, element.special != .input || tag.type.map({ !$0.elementsEqual("hidden".utf8) }) ?? true {
            if let id = tag.idValue { labelableIDs.insert(id) }
            // Inside `<label for>`, a control a label can name is the one it names.
            if let named = labelFors.last ?? nil, openAncestor(where: { $0.special == .label }),
                !(tag.idValue.map { $0.elementsEqual(named) } ?? false)
            {
                return handOver(.finding)
            }
        }
        if element.isImage, let alt = tag.alt, !Self.isBlank(alt) { nameButtons() }
        switch element.special {
        case .none, .template:
            break
        case .body:
            guard let dataPage = tag.dataPage else { break }
            let kind = String(decoding: dataPage, as: UTF8.self)
            self.kind = kind
            if PageInspection.siteWideKinds.contains(kind) {
                if tag.dataViewer { return handOver(.finding) }
            } else if !tag.dataViewer {
                return handOver(.finding)
            }
        case .input, .textarea:
            let typeName = element.special == .textarea ? "textarea" : tag.type.map { String(decoding: $0, as: UTF8.self) } ?? "text"
            // A line break anywhere in a single-line input's tag, or in a value as libxml2 read it
            // (`&#10;`): the tree reads its value and placeholder as written (XML reads a raw
            // break in an attribute as a space).
            if element.special == .input, HTMLFacts.singleLineInputTypes.contains(typeName),
                tagHoldsLineBreak(cursor: cursor) || checked.contains(where: { Self.holds(0x0A, $0.value) || Self.holds(0x0D, $0.value) })
            {
                return handOver(.finding)
            }
            // `ariaLabel` blank but present still leaves the control unnamed, as in the tree.
            if PageInspection.selfNamedInputTypes.contains(typeName) || labels > 0 || tag.named { break }
            unlabelledControls.append(tag.idValue.map { String(decoding: $0, as: UTF8.self) })
        case .label:
            if let labelFor = tag.labelFor { labelTargets.insert(labelFor) }
            labelFors.append(tag.labelFor.map(Array.init))
        case .button:
            if !tag.named { unnamedButtons.append((depth, false)) }
        case .meta:
            // The page's encoding is declared once, by its first <meta> (the schema puts a
            // <meta> first in <head> and every <meta> in <head>; which of its attribute sets
            // a <meta> takes depends on its place, which the attribute check does not see).
            metas += 1
            if tag.charset != (metas == 1) { return handOver(.finding) }
            // The tag's end: its `>`, or the `>` of `/>`.
            if tag.charset, cursor + (bytes[cursor] == UInt8(ascii: "/") ? 2 : 1) > ElementFacts.encodingScanBytes {
                return handOver(.finding)
            }
            if let name = tag.name, name.elementsEqual(ElementFacts.singleMetaName.utf8) {
                descriptions += 1
                if descriptions > 1 { return handOver(.finding) }
            }
        case .title:
            // HTML: a title is text that is not only whitespace (the schema lets it hold text
            // alone; structures do not keep text, so the content schema cannot say it).
            titleDepth = depth
            titleHasText = false
        case .script, .style:
            guard rawText.isEmpty else { return handOver(.unusual) }
            rawText.append((depth, element.special, tag.source, cursor))
            styleText.removeAll(keepingCapacity: true)
        }
        if element.special == .label { labels += 1 }
    }

    /// One attribute of a start tag of `element`: its checks, what `tag` keeps of it, and its
    /// value for `fits` (in `checked`); hands the page over where a check fails.
    private mutating func readAttribute(
        _ attribute: ScanAttribute, _ value: UnsafeBufferPointer<UInt8>, on element: ScanElement, into tag: inout TagValues
    ) {
        switch attribute.role {
        case .eventHandler:
            return handOver(.finding)
        case .genericData:
            if !checkDataAttribute(attribute, value) { handOver(.finding) }
            return
        case .id:
            guard ids.insert(value) else { return handOver(.finding) }
        case .url:
            guard recordLink(attribute, value, element: element) else { return handOver(.finding) }
        case .idList:
            let text = String(decoding: value, as: UTF8.self)
            for id in text.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\n" }) {
                pendingIDReferences.append(String(id))
            }
        case .plain:
            break
        }
        switch attribute.known {
        case .other: break
        case .id: tag.idValue = value
        case .type: tag.type = value
        case .ariaLabel:
            tag.ariaLabel = value
            if !Self.isBlank(value) { tag.named = true }
        case .ariaLabelledby:
            if element.special != .button || !Self.isBlank(value) { tag.named = true }
        case .title: if element.special == .button, !Self.isBlank(value) { tag.named = true }
        case .forLabel: tag.labelFor = value
        case .src: tag.source = true
        case .alt: tag.alt = value
        case .dataPage: tag.dataPage = value
        case .dataViewer: tag.dataViewer = true
        case .charset: tag.charset = true
        case .tabindex: tag.tabindex = true
        case .name: tag.name = value
        case .dateTime: if element.isHTML, DateTimeValue.problem(value) != nil { return handOver(.finding) }
        }
        checked.append((vocabulary.slot(attribute, on: element), value))
    }

    mutating func endElement() {
        flushText()
        appendStructure(2)
        guard let special = open.popLast()?._withUnsafeGuaranteedRef({ $0.special }) else { return handOver(.unusual) }
        let depth = open.count
        if special == .label {
            labels -= 1
            labelFors.removeLast()
        }
        if let last = unnamedButtons.last, last.depth == depth {
            unnamedButtons.removeLast()
            if !last.named { return handOver(.finding) }
        }
        if titleDepth == depth {
            titleDepth = -1
            if !titleHasText { return handOver(.finding) }
        }
        if let last = rawText.last, last.depth == depth {
            rawText.removeLast()
            if last.special == .style { recordStyleLinks(cursor: last.cursor) }
        }
    }

    /// A style sheet's `url()`s and `@import`s are links, recorded (as the tree does) at
    /// the `<style>` tag.
    private mutating func recordStyleLinks(cursor: Int) {
        guard !styleText.isEmpty else { return }
        let text = String(decoding: styleText, as: UTF8.self)
        for url in StyleSheetURLs(text).urls {
            guard record(Reference(url, attribute: "url()", element: "style", page: page()), value: url, attribute: "url()", cursor: cursor)
            else { return handOver(.finding) }
        }
    }

    mutating func characters(_ text: UnsafeBufferPointer<UInt8>) {
        if textRun != 4 { textRun = Self.isWhitespace(text) ? 3 : 4 }
        if !unnamedButtons.isEmpty, !Self.isBlank(text) { nameButtons() }
        if titleDepth >= 0, !titleHasText, !Self.isBlank(text) { titleHasText = true }
        if let raw = rawText.last {
            // Inline code beside `src` is left to the tree, whatever the text (it may be a
            // line break written as `&#13;&#10;`, which trimming keeps).
            if raw.hasSource, raw.special == .script { return handOver(.unusual) }
            // Script and style text is raw text to an HTML parser: it must need no escape.
            if Self.holds(0x3C, text) || Self.holds(0x26, text) { return handOver(.finding) }
            if raw.special == .style { styleText.append(contentsOf: text) }
        }
    }

    /// True when an open element, nearer than any open `<template>` (whose content HTML keeps
    /// apart from the page: no element in it is a descendant of anything outside), matches.
    private func openAncestor(where matches: (ScanElement) -> Bool) -> Bool {
        for reference in open.reversed() {
            let found = reference._withUnsafeGuaranteedRef { element -> Bool? in
                if element.special == .template { return false }
                return matches(element) ? true : nil
            }
            if let found { return found }
        }
        return false
    }

    /// True when the start tag ending at `cursor` holds a line feed or a carriage return.
    private func tagHoldsLineBreak(cursor: Int) -> Bool {
        var start = cursor - 1
        while start > 0, bytes[start] != UInt8(ascii: "<") { start -= 1 }
        let tag = UnsafeRawBufferPointer(rebasing: bytes[start..<cursor])
        return tag.contains(0x0A) || tag.contains(0x0D)
    }

    private mutating func nameButtons() {
        for index in unnamedButtons.indices { unnamedButtons[index].named = true }
    }

    /// A `data-*` attribute: a valid name, no control character, no `javascript:` URL.
    private func checkDataAttribute(_ attribute: ScanAttribute, _ value: UnsafeBufferPointer<UInt8>) -> Bool {
        guard attribute.validDataName else { return false }
        for byte in value where byte < 0x20 && byte != 0x09 && byte != 0x0A || byte == 0x7F { return false }
        // Without a colon there is no scheme.
        guard Self.holds(0x3A, value) else { return true }
        let text = String(decoding: value, as: UTF8.self)
        let trimmed = text.trimmingASCIIWhitespace().filter { $0 != "\t" && $0 != "\n" && $0 != "\r" }
        return Reference.scheme(of: trimmed) != "javascript"
    }

    /// A URL attribute: a link within the site (recorded for the site check), a fragment
    /// (resolved when the page is read), or a problem (false). A value met before below the
    /// folder it climbs to (or, for `#id`, anywhere) is not resolved again (`LinkMemo`), and
    /// one met before on this page is already recorded.
    private mutating func recordLink(_ attribute: ScanAttribute, _ bytes: UnsafeBufferPointer<UInt8>, element: ScanElement) -> Bool {
        var climbs = 0
        while bytes.count - climbs * 3 >= 3, bytes[climbs * 3] == UInt8(ascii: "."), bytes[climbs * 3 + 1] == UInt8(ascii: "."),
            bytes[climbs * 3 + 2] == UInt8(ascii: "/")
        {
            climbs += 1
        }
        let folder = bytes.first == UInt8(ascii: "#") ? LinkMemo.anyFolder : links.folder(climbing: climbs) ?? -1
        // `?q` names the page itself: such values are resolved on every page, as are those
        // that climb above the root.
        let memoable = !bytes.isEmpty && folder >= 0 && !Self.holds(0x3F, bytes)
        if memoable, let index = links.find(bytes, folder: folder) {
            guard links.firstUse(index) else { return true }
            // Read where the memo keeps it: a copy of the entry's link would retain and
            // release each of its strings.
            let links = links
            return links.withResolved(index) { record($0, attribute: attribute.name, cursor: tagCursor, value: bytes) }
        }
        let value = String(decoding: bytes, as: UTF8.self)
        // The commonest links resolve from their bytes; `Reference` reads the rest.
        // (The page's path is cut at its slashes only for the links `Reference` reads.)
        let links = links
        let reference = PagePath.plainTarget(bytes, depth: links.pageDepth, prefix: links.pagePrefix)
            .map { Reference.file(path: $0, fragment: nil) }
            ?? Reference(value, attribute: attribute.name, element: element.name, page: page())
        let resolved: LinkMemo.Resolved
        switch reference {
        case .fragment(let id):
            resolved = .fragment(id)
        case .file(let target, let fragment):
            let key = links.keyNumber(SiteReference.key(target: target, fragment: fragment))
            resolved = .file(target: target, fragment: fragment, key: key, value: value)
        case .inlineImage:
            return true
        case .problem:
            return false
        }
        if memoable { _ = links.firstUse(links.insert(bytes, folder: folder, resolved)) }
        return record(resolved, attribute: attribute.name, cursor: tagCursor, value: bytes)
    }

    /// Records a resolved link written in `attribute` of the tag whose end is at `cursor`.
    private mutating func record(
        _ resolved: LinkMemo.Resolved, attribute: String, cursor: Int, value written: UnsafeBufferPointer<UInt8>
    ) -> Bool {
        switch resolved {
        case .fragment(let id):
            pendingFragments.append(id)
        case .file(let target, let fragment, let key, let value):
            guard links.firstUse(key: key) else { return true }
            let location = position(ofAttribute: attribute, cursor: cursor, value: written)
            siteReferences.append(SiteReference(
                source: path, target: target, fragment: fragment, attribute: attribute, value: value,
                line: location.line, column: location.column))
        }
        return true
    }

    /// A reference written in `attribute` of the tag whose end is at `cursor`: false for a
    /// problem.
    private mutating func record(_ reference: Reference, value: String, attribute: String, cursor: Int) -> Bool {
        switch reference {
        case .fragment(let id):
            pendingFragments.append(id)
        case .file(let target, let fragment):
            guard links.firstUse(key: links.keyNumber(SiteReference.key(target: target, fragment: fragment))) else { return true }
            let location = position(ofAttribute: attribute, cursor: cursor)
            siteReferences.append(SiteReference(
                source: path, target: target, fragment: fragment, attribute: attribute, value: value,
                line: location.line, column: location.column))
        case .inlineImage:
            break
        case .problem:
            return false
        }
        return true
    }

    /// Where attribute `name` is written in the start tag that ends at `cursor`, as
    /// `PageInspection` finds it: the tag starts at the nearest `<` before that.
    private mutating func position(
        ofAttribute name: String, cursor: Int, value: UnsafeBufferPointer<UInt8>
    ) -> (line: Int, column: Int) {
        if let start = nameOffset(of: name, value: value) { return lineCursor.position(of: start) }
        return position(ofAttribute: name, cursor: cursor)
    }

    /// Where attribute `name` starts, read back from where libxml2 found its value: the page
    /// must hold ` name="` (or `'`) right before the value, else nil (then the tag is read
    /// from its `<`). Names are unique in a tag, so this is the place `StartTag` finds.
    private func nameOffset(of name: String, value: UnsafeBufferPointer<UInt8>) -> Int? {
        guard let input, let pointer = value.baseAddress, pointer >= input.base, input.end.map({ pointer < $0 }) ?? false
        else { return nil }
        var name = name
        return name.withUTF8 { name -> Int? in
            let valueStart = input.offset + (pointer - input.base)
            let start = valueStart - 2 - name.count
            guard start > 0, valueStart <= bytes.count, bytes[valueStart - 1] == UInt8(ascii: "\"") || bytes[valueStart - 1] == UInt8(ascii: "'"),
                bytes[valueStart - 2] == UInt8(ascii: "="), StartTag.isSpace(bytes[start - 1]),
                memcmp(bytes.baseAddress! + start, name.baseAddress!, name.count) == 0
            else { return nil }
            return start
        }
    }

    private mutating func position(ofAttribute name: String, cursor: Int) -> (line: Int, column: Int) {
        var start = cursor - 1
        while start > 0, bytes[start] != UInt8(ascii: "<") { start -= 1 }
        let selfClosed = bytes[cursor] == UInt8(ascii: "/")
        let span = ParsedPage.TagSpan(start: start, length: cursor + (selfClosed ? 2 : 1) - start, selfClosed: selfClosed)
        return lineCursor.position(of: StartTag(bytes: bytes, span: span).offset(ofAttribute: name) ?? span.start)
    }

    /// True when one of the element's attribute sets accepts its attributes (as
    /// `SchemaModel.fits`, comparing values as bytes). Names on an element are unique, so
    /// a set's required attributes are all there when as many of them are. The sets are
    /// bits: those that allow every attribute, then, of those, the first whose required
    /// attributes are all there and whose values accept.
    private func fits(_ element: ScanElement) -> Bool {
        guard element.allSets != 0 else { return fitsByRules(element) }
        var candidates = element.allSets
        for attribute in checked {
            candidates &= attribute.slot._withUnsafeGuaranteedRef { $0.allowed }
            if candidates == 0 { return false }
        }
        while candidates != 0 {
            let index = candidates.trailingZeroBitCount
            candidates &= candidates - 1
            let bit: UInt64 = 1 << UInt64(index)
            var required = 0
            var accepted = true
            for attribute in checked {
                attribute.slot._withUnsafeGuaranteedRef { slot in
                    if slot.required & bit != 0 { required += 1 }
                    slot.valueChecks.withUnsafeBufferPointer { checks in
                        for check in checks where check.set == index {
                            if !check.rule._withUnsafeGuaranteedRef({ $0.value.accepts(bytes: attribute.value) }) {
                                accepted = false
                            }
                        }
                    }
                }
                if !accepted { break }
            }
            if accepted, required == element.requiredCounts[index] { return true }
        }
        return false
    }

    /// `fits` for an element of 64 sets or more, rule by rule.
    private func fitsByRules(_ element: ScanElement) -> Bool {
        for (index, set) in element.attributeSets.enumerated() {
            var accepted = true
            var required = 0
            for attribute in checked {
                guard let rule = attribute.slot.takeUnretainedValue().rules[index] else {
                    accepted = false
                    break
                }
                if rule.required { required += 1 }
                if !rule.value.anyText, !rule.value.accepts(bytes: attribute.value) {
                    accepted = false
                    break
                }
            }
            if accepted, required == set.required.count { return true }
        }
        return false
    }

    /// True when `byte` is in `text`.
    static func holds(_ byte: UInt8, _ text: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let base = text.baseAddress else { return false }
        return memchr(base, Int32(byte), text.count) != nil
    }

    /// Only XML whitespace (space, tab, line feed, carriage return): `PageStructure`'s test.
    static func isWhitespace(_ text: UnsafeBufferPointer<UInt8>) -> Bool {
        for byte in text where byte != 0x20 && byte != 0x09 && byte != 0x0A && byte != 0x0D { return false }
        return true
    }

    /// Empty once ASCII whitespace is trimmed (`trimmingASCIIWhitespace`, which also trims
    /// form feeds).
    static func isBlank(_ text: UnsafeBufferPointer<UInt8>) -> Bool {
        for byte in text where byte != 0x20 && byte != 0x09 && byte != 0x0A && byte != 0x0D && byte != 0x0C {
            return false
        }
        return true
    }
}
