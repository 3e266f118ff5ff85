// Shared class lists, so buttons and fields look the same everywhere. Buttons are native
// <button>s (and links): hover:, active: and focus-visible: style their states.

const buttonBase =
  "inline-flex items-center justify-center gap-2 rounded-lg font-semibold transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 disabled:cursor-not-allowed disabled:opacity-60";

// Every size is at least 44 px high on a phone, the touch target a thumb needs (and the height of
// a field there); from sm up the small and medium ones are 32 and 40 px, for dense lists. A call
// that wants another height from sm up says so (`sm:min-h-9`: the larger value wins).
const sizes = {
  sm: "min-h-11 px-3 py-1.5 text-sm sm:min-h-8",
  md: "min-h-11 px-4 py-2.5 text-sm sm:min-h-10",
  lg: "px-6 py-3 text-base",
} as const;

const variants = {
  primary: "bg-brand-600 text-white shadow-sm hover:bg-brand-700 active:bg-brand-800",
  secondary: "bg-white text-slate-900 ring-1 ring-inset ring-slate-300 shadow-sm hover:bg-slate-50 active:bg-slate-100",
  ghost: "text-slate-700 hover:bg-slate-100 hover:text-slate-900 active:bg-slate-200",
  light: "bg-white text-brand-700 shadow-sm hover:bg-brand-50",
  onDark: "text-white ring-1 ring-inset ring-white/40 hover:bg-white/10",
  /** What cannot be taken back or takes something away (refuse, deactivate, delete, end sessions). */
  danger: "bg-red-700 text-white shadow-sm hover:bg-red-800 active:bg-red-900",
} as const;

export type ButtonVariant = keyof typeof variants;
export type ButtonSize = keyof typeof sizes;

export function buttonClass(variant: ButtonVariant = "primary", size: ButtonSize = "md", extra = ""): string {
  return `${buttonBase} ${sizes[size]} ${variants[variant]} ${extra}`.trim();
}

export const linkClass = "font-medium text-brand-700 underline decoration-brand-300 underline-offset-2 hover:text-brand-800 hover:decoration-brand-600";

/** A link that stands alone on its line (not inside a sentence): 44 px high for a thumb (a 20 px
 * line and 12 px above and below), while taking only its text's room in the layout (the negative
 * margin gives the padding back), on one line or several. */
export const standaloneLinkClass = "inline-flex items-center py-3 -my-3";

/** An underlined link (linkClass) alone on its line, 44 px high for a thumb. */
export const standaloneTextLinkClass = `${linkClass} ${standaloneLinkClass}`;

/** "← Back to …" above a page's title: a standalone link in the brand's colour. */
export const backLinkClass = `${standaloneLinkClass} text-sm font-medium text-brand-700 hover:underline`;

export const inputClass =
  "block w-full rounded-lg border border-slate-300 bg-white px-3 py-2.5 text-base text-slate-900 shadow-sm placeholder:text-slate-500 outline-none transition-colors sm:text-sm focus:border-brand-500 focus:ring-2 focus:ring-brand-500/30 data-[focused]:border-brand-500 data-[focused]:ring-2 data-[focused]:ring-brand-500/30 data-[invalid]:border-red-500 data-[invalid]:bg-red-50/40 data-[invalid]:ring-red-500/20 aria-[invalid=true]:border-red-500";

export const labelClass = "mb-1.5 block text-sm font-medium text-slate-800";
