// A warehouse as the back office names it in its pickers: the name, then its id in a lighter
// weight (slate-600: readable on the pickers' white and pale-blue selected rows alike). One span,
// so in a flex row (beside a hub badge) the id follows the name's last word instead of taking a
// line of its own.
export function WarehouseNameId({ name, id }: { name: string; id: number }) {
  return (
    <span>
      {name} <span className="font-normal text-slate-600">#{id}</span>
    </span>
  );
}
