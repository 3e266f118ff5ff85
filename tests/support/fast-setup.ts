// Before each file of the fast lane. The lane shares its modules between files (isolate: false:
// each module is evaluated once per worker, not once per file), so what a file changes in shared
// module state must not reach the next file. The one such state is the locale reader: some
// component tests pin m.*() to a language with Paraglide's overwriteGetLocale; the next file gets
// the project's own reader back (the request's locale, else English), as it would in a fresh
// process.
import { installLocaleReader } from "../../app/lib/i18n.ts";

installLocaleReader();
