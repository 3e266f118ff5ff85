// The round mark at the top of a completion or notice screen: a tick on green for success, an
// "i" for information, a triangle for a warning.
const TONES = {
  success: "bg-emerald-100 text-emerald-700",
  info: "bg-brand-100 text-brand-700",
  warning: "bg-amber-100 text-amber-700",
} as const;

export function StatusBadge({ tone }: { tone: keyof typeof TONES }) {
  return (
    <div className={`mx-auto flex h-14 w-14 items-center justify-center rounded-full ${TONES[tone]}`}>
      {tone === "success" ? (
        <svg
          viewBox="0 0 24 24"
          aria-hidden="true"
          className="h-7 w-7"
          fill="none"
          stroke="currentColor"
          strokeWidth="2.2"
          strokeLinecap="round"
          strokeLinejoin="round"
        >
          <path d="M5 12.5l4.5 4.5L19 7.5" />
        </svg>
      ) : tone === "info" ? (
        <svg viewBox="0 0 24 24" aria-hidden="true" className="h-7 w-7" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round">
          <circle cx="12" cy="12" r="9" />
          <path d="M12 11v6M12 7.5v.5" />
        </svg>
      ) : (
        <svg viewBox="0 0 24 24" aria-hidden="true" className="h-7 w-7" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round">
          <path d="M12 3.5l9 16H3z" strokeLinejoin="round" />
          <path d="M12 10v4.5M12 17.3v.2" />
        </svg>
      )}
    </div>
  );
}
