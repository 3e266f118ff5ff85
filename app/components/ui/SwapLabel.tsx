// A button's label that switches between two words ("Select" / "Selected", "Search" /
// "Searching…") without changing the button's width: both words sit in one grid cell, the
// hidden one invisible and out of the accessibility tree, so nothing beside the button moves.
export function SwapLabel({ showSecond, first, second }: { showSecond: boolean; first: string; second: string }) {
  return (
    <span className="grid">
      <span className={`col-start-1 row-start-1 ${showSecond ? "invisible" : ""}`} aria-hidden={showSecond || undefined}>
        {first}
      </span>
      <span className={`col-start-1 row-start-1 ${showSecond ? "" : "invisible"}`} aria-hidden={!showSecond || undefined}>
        {second}
      </span>
    </span>
  );
}
