// A warehouse as the back office names it in its pickers: the name, then its id in a lighter
// weight (slate-600: readable on the pickers' white and pale-blue selected rows alike).
export function WarehouseNameId({ name, id }: { name: string; id: number }) {
  return (
    <>
      {name} <span className="font-normal text-slate-600">#{id}</span>
    </>
  );
}
