// The picture of a warehouse that shows no photo: every anonymised one (its photos would reveal
// it), and a redeemed one without photos. A drawn shed, the same in the search, on the map's
// cards and in a stock hunter's favourites.
//
// The whole drawing always shows, standing at the frame's bottom, whatever the frame's shape (a
// card's 4:3, a 16:9 banner, a column as tall as its card): the sky and the ground reach far
// beyond the drawing, so a frame of another shape gets more of them instead of a cropped roof.
export function WarehouseIllustration({ className = "" }: { className?: string }) {
  return (
    <svg viewBox="0 0 160 120" className={className} aria-hidden="true" focusable="false" preserveAspectRatio="xMidYMax meet">
      <rect x="-2000" y="-2000" width="4160" height="2120" fill="#e6eefb" />
      <rect x="-2000" y="86" width="4160" height="34" fill="#d3dff3" />
      <path d="M24 58 80 30l56 28v42H24z" fill="#ffffff" />
      <path d="M18 60 80 28l62 32" fill="none" stroke="#1a5fd0" strokeWidth="5" strokeLinecap="round" strokeLinejoin="round" />
      <rect x="44" y="66" width="32" height="34" rx="2" fill="#b9cdf0" />
      <path d="M44 74h32M44 82h32M44 90h32" stroke="#9db8e8" strokeWidth="2" />
      <rect x="86" y="66" width="30" height="14" rx="2" fill="#b9cdf0" />
      <rect x="92" y="88" width="10" height="8" rx="1" fill="#f59e0b" />
      <rect x="104" y="88" width="10" height="8" rx="1" fill="#fbbf24" />
      <rect x="98" y="80" width="10" height="8" rx="1" fill="#f59e0b" />
    </svg>
  );
}
