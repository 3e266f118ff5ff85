// The page around the warehouse form, the same in every area: a way back, the title (and the
// warehouse's name when editing), a line of introduction, the form.
import { Link } from "react-router";
import type { ReactNode } from "react";
import type { WarehouseFormSetup } from "../../lib/warehouse-form.ts";
import { WarehouseForm } from "../warehouse-form/WarehouseForm.tsx";
import { backLinkClass } from "../ui/styles.ts";

type Props = {
  setup: WarehouseFormSetup;
  title: string;
  subtitle?: string | null;
  intro?: ReactNode;
  back: { href: string; label: string };
  /** Inside an area's frame the page takes the frame's width; the back office centres it itself. */
  framed?: boolean;
};

export function WarehouseFormPage({ setup, title, subtitle, intro, back, framed = false }: Props) {
  return (
    <div className={framed ? "" : "mx-auto max-w-5xl px-4 py-8 sm:py-10"}>
      <Link to={back.href} className={backLinkClass}>
        ← {back.label}
      </Link>
      <header className="mt-4 mb-6">
        <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">{title}</h1>
        {subtitle && <p className="mt-1 text-lg text-slate-700">{subtitle}</p>}
        {intro && <p className="mt-2 max-w-3xl text-slate-600">{intro}</p>}
      </header>
      <WarehouseForm setup={setup} />
    </div>
  );
}
