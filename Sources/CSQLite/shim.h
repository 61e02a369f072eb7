#include <sqlite3.h>

/// Switches off SQLite's memory statistics (a global mutex taken on every allocation), which
/// nothing in Vantage reads. `sqlite3_config` is variadic, so Swift cannot call it directly.
/// Effective only before SQLite's first use in the process; harmless (SQLITE_MISUSE) after.
static inline int vantage_sqlite_disable_memory_statistics(void) {
    return sqlite3_config(SQLITE_CONFIG_MEMSTATUS, 0);
}
