// The Stockspace mark and wordmark.
export function LogoMark({ className = "h-8 w-8" }: { className?: string }) {
  return (
    <svg viewBox="0 0 32 32" aria-hidden="true" className={className}>
      <rect width="32" height="32" rx="8" className="fill-brand-600" />
      <path d="M6 14.5L16 8l10 6.5V25H6z" fill="none" stroke="#fff" strokeWidth="2" strokeLinejoin="round" />
      <rect x="10.5" y="17" width="5" height="4.5" rx="0.6" className="fill-accent-400" />
      <rect x="16.5" y="17" width="5" height="4.5" rx="0.6" fill="#fff" />
      <rect x="13.5" y="12.5" width="5" height="4" rx="0.6" fill="#fff" opacity="0.85" />
    </svg>
  );
}

export function Wordmark({ className = "" }: { className?: string }) {
  return (
    <span className={`text-xl font-extrabold tracking-tight ${className}`}>
      Stock<span className="text-brand-600">space</span>
    </span>
  );
}
