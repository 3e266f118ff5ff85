// A decorative picture of the search: a map with clustered markers and a result card.
// Purely illustrative (aria-hidden); shown from the lg breakpoint.
import { formatArea, formatNumber } from "../../lib/format.ts";
import { m } from "../../paraglide/messages.js";
import { WarehouseIcon } from "../ui/icons.tsx";

export function HeroIllustration() {
  return (
    <div aria-hidden="true" className="relative hidden lg:block">
      <div className="relative overflow-hidden rounded-3xl bg-brand-50 shadow-2xl ring-1 ring-white/20">
        <svg viewBox="0 0 480 380" className="block h-auto w-full">
          <rect width="480" height="380" fill="#eaf2fd" />
          {/* land blocks */}
          <g fill="#dde9fa">
            <rect x="20" y="24" width="120" height="90" rx="10" />
            <rect x="160" y="24" width="140" height="60" rx="10" />
            <rect x="320" y="24" width="140" height="120" rx="10" />
            <rect x="20" y="134" width="90" height="120" rx="10" />
            <rect x="130" y="104" width="170" height="110" rx="10" />
            <rect x="20" y="274" width="200" height="86" rx="10" />
            <rect x="240" y="234" width="100" height="126" rx="10" />
            <rect x="360" y="164" width="100" height="196" rx="10" />
          </g>
          {/* river */}
          <path d="M-10 300 C 90 250, 150 330, 250 280 S 400 200, 500 230" fill="none" stroke="#bcdaff" strokeWidth="14" strokeLinecap="round" />
          {/* roads */}
          <g fill="none" stroke="#fff" strokeLinecap="round">
            <path d="M0 124 H480" strokeWidth="10" />
            <path d="M310 0 V380" strokeWidth="10" />
            <path d="M120 0 L230 380" strokeWidth="7" />
            <path d="M0 224 C 120 214, 260 230, 480 154" strokeWidth="6" />
          </g>
          {/* radius */}
          <circle cx="230" cy="170" r="118" fill="rgba(31,111,235,.08)" stroke="#1f6feb" strokeWidth="2" strokeDasharray="6 6" />
          {/* clusters: red above the mean, blue otherwise (as on the search map) */}
          <g fontFamily="Inter, system-ui, sans-serif" fontWeight="700" textAnchor="middle">
            <circle cx="180" cy="120" r="22" fill="#dc2626" stroke="#fff" strokeWidth="4" />
            <text x="180" y="126" fontSize="15" fill="#fff">
              14
            </text>
            <circle cx="285" cy="205" r="18" fill="#1f6feb" stroke="#fff" strokeWidth="4" />
            <text x="285" y="210" fontSize="13" fill="#fff">
              6
            </text>
            <circle cx="150" cy="230" r="16" fill="#1f6feb" stroke="#fff" strokeWidth="4" />
            <text x="150" y="235" fontSize="12" fill="#fff">
              3
            </text>
          </g>
          {/* single markers */}
          <g fill="#1a5fd0" stroke="#fff" strokeWidth="2.5">
            <path d="M262 92c0 10-10 20-10 20s-10-10-10-20a10 10 0 0120 0z" />
            <path d="M232 170c0 12-12 24-12 24s-12-12-12-24a12 12 0 0124 0z" fill="#f29d16" />
            <path d="M330 120c0 10-10 20-10 20s-10-10-10-20a10 10 0 0120 0z" />
          </g>
        </svg>
      </div>

      <div className="absolute -bottom-6 -left-8 w-64 rounded-2xl bg-white p-4 text-slate-900 shadow-xl ring-1 ring-slate-900/5">
        <div className="flex items-center gap-3">
          <span className="flex h-10 w-10 items-center justify-center rounded-lg bg-brand-600 text-white">
            <WarehouseIcon />
          </span>
          <div className="min-w-0">
            <p className="truncate text-sm font-semibold">{m.home_illustration_name()}</p>
            <p className="truncate text-xs text-slate-500">Milano · MI</p>
          </div>
          <span className="ml-auto rounded-full bg-accent-300/60 px-2 py-0.5 text-[10px] font-bold tracking-wide text-slate-900 uppercase">Hub</span>
        </div>
        <div className="mt-3 grid grid-cols-2 gap-2 text-xs">
          <div className="rounded-lg bg-slate-50 px-2.5 py-2">
            <p className="text-slate-500">{m.home_illustration_area()}</p>
            <p className="font-semibold">{formatArea(12500)}</p>
          </div>
          <div className="rounded-lg bg-slate-50 px-2.5 py-2">
            <p className="text-slate-500">{m.home_illustration_height()}</p>
            <p className="font-semibold">{formatNumber(10.5)} m</p>
          </div>
        </div>
      </div>

      <div className="absolute -top-4 right-6 flex items-center gap-2 rounded-full bg-white px-3 py-2 text-xs font-semibold text-slate-800 shadow-lg ring-1 ring-slate-900/5">
        <span className="h-2 w-2 rounded-full bg-emerald-500" />
        10 km
      </div>
    </div>
  );
}
