// The C interface of CPhoneNumber.h over libphonenumber's PhoneNumberUtil. Kept to the few
// calls Vantage needs: parse in a region, check that the number is possible, format as E.164,
// list the regions, and give example numbers (for the tests).
#include "CPhoneNumber.h"

#include <cstring>
#include <set>
#include <string>
#include <vector>

#include <phonenumbers/phonenumber.pb.h>
#include <phonenumbers/phonenumberutil.h>

using i18n::phonenumbers::PhoneNumber;
using i18n::phonenumbers::PhoneNumberUtil;

namespace {

PhoneNumberUtil &util() { return *PhoneNumberUtil::GetInstance(); }

/// The supported regions, in code order (std::set sorts them), computed once.
const std::vector<std::string> &regions() {
    static const std::vector<std::string> list = [] {
        std::set<std::string> codes;
        util().GetSupportedRegions(&codes);
        return std::vector<std::string>(codes.begin(), codes.end());
    }();
    return list;
}

const std::vector<int> &nonGeographicCodes() {
    static const std::vector<int> list = [] {
        std::set<int> codes;
        util().GetSupportedGlobalNetworkCallingCodes(&codes);
        return std::vector<int>(codes.begin(), codes.end());
    }();
    return list;
}

bool copy(const std::string &text, char *out, size_t capacity) {
    if (text.size() + 1 > capacity) return false;
    std::memcpy(out, text.c_str(), text.size() + 1);
    return true;
}

PhoneNumberUtil::PhoneNumberFormat format(VantagePhoneFormat format) {
    switch (format) {
    case VantagePhoneFormatInternational: return PhoneNumberUtil::INTERNATIONAL;
    case VantagePhoneFormatNational: return PhoneNumberUtil::NATIONAL;
    default: return PhoneNumberUtil::E164;
    }
}

}  // namespace

extern "C" VantagePhoneResult vantage_phone_read(const char *text, const char *region, char *e164, size_t capacity) {
    VantagePhoneResult result = {VantagePhoneOK, 0, 0};
    PhoneNumber number;
    switch (util().Parse(text, region, &number)) {
    case PhoneNumberUtil::NO_PARSING_ERROR: break;
    case PhoneNumberUtil::INVALID_COUNTRY_CODE_ERROR: result.status = VantagePhoneInvalidCountryCode; return result;
    case PhoneNumberUtil::TOO_LONG_NSN: result.status = VantagePhoneTooLongToParse; return result;
    default: result.status = VantagePhoneTooShortToParse; return result;
    }
    std::string formatted;
    util().Format(number, PhoneNumberUtil::E164, &formatted);
    result.callingCode = number.country_code();
    const int codeDigits = number.country_code() >= 100 ? 3 : number.country_code() >= 10 ? 2 : 1;
    result.nationalDigits = static_cast<int32_t>(formatted.size()) - 1 - codeDigits;
    switch (util().IsPossibleNumberWithReason(number)) {
    case PhoneNumberUtil::IS_POSSIBLE: break;
    case PhoneNumberUtil::IS_POSSIBLE_LOCAL_ONLY: result.status = VantagePhoneLocalOnly; return result;
    case PhoneNumberUtil::INVALID_COUNTRY_CODE: result.status = VantagePhoneInvalidCountryCode; return result;
    case PhoneNumberUtil::TOO_SHORT: result.status = VantagePhoneTooShort; return result;
    case PhoneNumberUtil::TOO_LONG: result.status = VantagePhoneTooLong; return result;
    default: result.status = VantagePhoneInvalidLength; return result;
    }
    if (!copy(formatted, e164, capacity)) result.status = VantagePhoneTooLongToParse;
    return result;
}

extern "C" uint32_t vantage_phone_possible_lengths(int32_t callingCode) {
    uint32_t mask = 0;
    // Possibility depends only on the length of the national number, so probe each length
    // with the number 10…0 (libphonenumber keeps no public accessor for its length lists).
    uint64_t probe = 1;
    for (int length = 1; length <= 17; ++length, probe *= 10) {
        PhoneNumber number;
        number.set_country_code(callingCode);
        number.set_national_number(probe);
        if (util().IsPossibleNumberWithReason(number) == PhoneNumberUtil::IS_POSSIBLE) mask |= 1u << length;
    }
    return mask;
}

extern "C" int32_t vantage_phone_region_calling_code(const char *region) {
    return util().GetCountryCodeForRegion(region);
}

extern "C" size_t vantage_phone_region_count(void) { return regions().size(); }

extern "C" bool vantage_phone_region_at(size_t index, char *code) {
    if (index >= regions().size()) return false;
    return copy(regions()[index], code, 3);
}

extern "C" bool vantage_phone_example(const char *region, VantagePhoneFormat style, char *out, size_t capacity) {
    PhoneNumber number;
    if (!util().GetExampleNumber(region, &number)) return false;
    std::string formatted;
    util().Format(number, format(style), &formatted);
    return copy(formatted, out, capacity);
}

extern "C" bool vantage_phone_example_non_geographic(int32_t callingCode, VantagePhoneFormat style, char *out,
                                                     size_t capacity) {
    PhoneNumber number;
    if (!util().GetExampleNumberForNonGeoEntity(callingCode, &number)) return false;
    std::string formatted;
    util().Format(number, format(style), &formatted);
    return copy(formatted, out, capacity);
}

extern "C" size_t vantage_phone_non_geographic_count(void) { return nonGeographicCodes().size(); }

extern "C" int32_t vantage_phone_non_geographic_at(size_t index) {
    return index < nonGeographicCodes().size() ? nonGeographicCodes()[index] : 0;
}
