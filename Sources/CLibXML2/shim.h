#include <libxml/xmlversion.h>
// libxml2's headers would pull the system ICU, whose UErrorCode clashes with Foundation's ICU.
#undef LIBXML_ICU_ENABLED
#include <libxml/parser.h>
#include <libxml/tree.h>
#include <libxml/xmlerror.h>
#include <libxml/relaxng.h>
#include <libxml/xpath.h>
#include <libxml/xpathInternals.h>
#include <libxml/HTMLparser.h>
