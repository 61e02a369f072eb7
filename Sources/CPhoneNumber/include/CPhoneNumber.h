// A small C interface to Debian's libphonenumber (the C++ library `libphonenumber-dev`), so
// that Swift can read phone numbers with Google's numbering-plan metadata for every region
// without importing C++. Every function is thread-safe (libphonenumber's PhoneNumberUtil is a
// read-only singleton after its first use).
#ifndef VANTAGE_CPHONENUMBER_H
#define VANTAGE_CPHONENUMBER_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/// What reading a number found.
typedef enum {
    /// A possible number; `e164` holds its E.164 form.
    VantagePhoneOK = 0,
    /// No country calling code starts the number.
    VantagePhoneInvalidCountryCode,
    /// Too few digits to be a number at all (libphonenumber's NOT_A_NUMBER, TOO_SHORT_NSN,
    /// TOO_SHORT_AFTER_IDD).
    VantagePhoneTooShortToParse,
    /// More digits than any national number has (over 17).
    VantagePhoneTooLongToParse,
    /// Shorter than every number of its country.
    VantagePhoneTooShort,
    /// Longer than every number of its country.
    VantagePhoneTooLong,
    /// A length between those its country uses.
    VantagePhoneInvalidLength,
    /// A local number only (dialled without its area code inside an area).
    VantagePhoneLocalOnly,
} VantagePhoneStatus;

/// The outcome of `vantage_phone_read`.
typedef struct {
    VantagePhoneStatus status;
    /// The country calling code read (0 when none could be).
    int32_t callingCode;
    /// Digits of the national significant number, Italian leading zeros included (0 when the
    /// text could not be parsed).
    int32_t nationalDigits;
} VantagePhoneResult;

/// Reads `text` (NUL-terminated ASCII: digits, optionally after one leading '+') as written in
/// `region` (an ISO 3166-1 alpha-2 code that `vantage_phone_region_calling_code` knows). On
/// success writes the NUL-terminated E.164 form into `e164` (at least 24 bytes).
VantagePhoneResult vantage_phone_read(const char *text, const char *region, char *e164, size_t capacity);

/// Bit n set: a national significant number of n digits (n < 32) is a possible number for
/// `callingCode` (libphonenumber's IS_POSSIBLE). 0 for an unknown code.
uint32_t vantage_phone_possible_lengths(int32_t callingCode);

/// The country calling code of `region` (upper-case ISO code), or 0 when libphonenumber has no
/// metadata for it.
int32_t vantage_phone_region_calling_code(const char *region);

/// The number of regions libphonenumber supports.
size_t vantage_phone_region_count(void);

/// Writes the code of region `index` (in code order) into `code` (3 bytes, NUL-terminated);
/// false when `index` is out of range.
bool vantage_phone_region_at(size_t index, char *code);

/// The formats of `vantage_phone_example`.
typedef enum {
    VantagePhoneFormatE164 = 0,
    VantagePhoneFormatInternational,
    VantagePhoneFormatNational,
} VantagePhoneFormat;

/// Writes libphonenumber's example (fixed-line) number of `region` in `format`; false when the
/// region has none or `capacity` is too small.
bool vantage_phone_example(const char *region, VantagePhoneFormat format, char *out, size_t capacity);

/// The same for a non-geographic calling code (+800, +808, +870, …), in `format`.
bool vantage_phone_example_non_geographic(int32_t callingCode, VantagePhoneFormat format, char *out, size_t capacity);

/// The number of non-geographic calling codes libphonenumber supports.
size_t vantage_phone_non_geographic_count(void);

/// The non-geographic calling code `index` (ascending), or 0 when out of range.
int32_t vantage_phone_non_geographic_at(size_t index);

#ifdef __cplusplus
}
#endif

#endif
