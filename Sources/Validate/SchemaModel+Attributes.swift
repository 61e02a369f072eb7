@preconcurrency import CLibXML2

/// The attribute half of the schema, checked in Swift (see `ContentSchema` for why).
extension SchemaModel {
    /// One thing wrong with an element's attributes.
    struct AttributeProblem {
        var attribute: String
        var message: String
        /// True when the attribute is present (point at it), false when it is missing.
        var atAttribute: Bool
        /// The values allowed, for a present attribute whose value is wrong.
        var allowed: ValueRule?
    }

    /// What is wrong with an element's attributes under the schema branch it comes closest to
    /// (over every definition of the element); empty when one branch accepts them all.
    /// A wrong value costs more than a missing or unknown attribute, so that a wrong `type`
    /// does not make an input look like a different kind of input. Elements the schema does
    /// not define get nothing here: the content check reports the element itself.
    func attributeProblems(namespace: String, element: String, attributes: [(name: String, value: String)])
        -> [AttributeProblem]
    {
        let alternatives = attributeSets(namespace: namespace, name: element)
        // The common case, every attribute fine under some branch, without building messages.
        for alternative in alternatives where fits(alternative, attributes) { return [] }
        var best: [[AttributeProblem]] = []
        var bestScore = Int.max
        for alternative in alternatives {
            var problems: [AttributeProblem] = []
            var score = 0
            for (name, value) in attributes {
                guard let rule = alternative.rules[name] else {
                    problems.append(.init(attribute: name, message: "attribute \(name) is not allowed on <\(element)>", atAttribute: true))
                    score += 1
                    continue
                }
                if !rule.value.accepts(value) {
                    problems.append(.init(
                        attribute: name, message: "\(name)=\"\(value)\" is not allowed on <\(element)>", atAttribute: true,
                        allowed: rule.value))
                    score += 2
                }
            }
            for name in alternative.required where !attributes.contains(where: { $0.name == name }) {
                problems.append(.init(attribute: name, message: "<\(element)> needs the attribute \(name)", atAttribute: false))
                score += 1
            }
            if score < bestScore {
                bestScore = score
                best = [problems]
            } else if score == bestScore {
                best.append(problems)
            }
        }
        guard var chosen = best.first, !chosen.isEmpty else { return [] }
        // Branches that tie on one wrong value (an input's type): list what all of them allow.
        let sameValueProblem = best.allSatisfy {
            $0.count == 1 && $0[0].allowed != nil && $0[0].attribute == chosen[0].attribute
        }
        if best.count > 1, sameValueProblem {
            var merged = ValueRule()
            for tie in best { if let allowed = tie[0].allowed { merged.merge(allowed) } }
            merged.expected = nil
            chosen[0].allowed = merged
        }
        return chosen.map { problem in
            guard let allowed = problem.allowed else { return problem }
            var explained = problem
            explained.message += ": expected " + allowed.expectation
            return explained
        }
    }

    /// True when one of `sets` accepts the attributes: the common case, checked without
    /// building messages (and without reading values that may be any text).
    static func fits(_ element: PageVocabulary.ElementKind, _ attributes: [(slot: Int, name: String, attribute: xmlAttrPtr)]) -> Bool {
        for (index, set) in element.attributeSets.enumerated() {
            var accepted = true
            for attribute in attributes {
                guard let rule = element.slots[attribute.slot].rules[index] else {
                    accepted = false
                    break
                }
                if !rule.value.anyText, !rule.value.accepts(PageVocabulary.value(of: attribute.attribute)) {
                    accepted = false
                    break
                }
            }
            guard accepted else { continue }
            if set.required.allSatisfy({ name in attributes.contains { $0.name == name } }) { return true }
        }
        return false
    }

    private func fits(_ alternative: AttributeSet, _ attributes: [(name: String, value: String)]) -> Bool {
        for (name, value) in attributes {
            guard let rule = alternative.rules[name], rule.value.accepts(value) else { return false }
        }
        for name in alternative.required where !attributes.contains(where: { $0.name == name }) { return false }
        return true
    }
}
