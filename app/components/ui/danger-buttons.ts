// The small red buttons of an action that takes something away (delete a saved search, revoke a
// token): the link that opens its question, and the question's submit. buttonClass's small size
// with red in place of the brand's colours; apart from styles.ts, which every page loads, since
// only these pages need them.
const DANGER_BASE =
  "inline-flex min-h-11 items-center justify-center gap-2 rounded-lg px-3 py-1.5 text-sm font-semibold transition-colors sm:min-h-8 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-red-600 disabled:cursor-not-allowed disabled:opacity-60";

/** Opens the question (a link or a button). */
export const DANGER_BUTTON = `${DANGER_BASE} bg-white text-red-700 shadow-sm ring-1 ring-inset ring-red-200 hover:bg-red-50 active:bg-red-100`;
/** Answers it: does the thing. */
export const DANGER_SUBMIT = `${DANGER_BASE} bg-red-700 text-white shadow-sm hover:bg-red-800 active:bg-red-900`;
