// /{locale}/general-conditions: the general conditions: the service, accounts, the marketplace's role as intermediary, acceptable use, liability, law and court.
// Text: app/components/legal/content/general-conditions.{it,en}.ts, filled with this installation's facts (operator, prices,
// limits) read by the loader.
import type { Route } from "./+types/general-conditions";
import { useRootData } from "../../lib/root-data.ts";
import { rootMatchData } from "../../lib/seo.ts";
import { LegalDocument, legalMeta } from "../../components/legal/LegalDocument.tsx";
import { legalPageLoader } from "./legal.server.ts";

export const loader = legalPageLoader("general-conditions");

export function meta({ matches }: Route.MetaArgs) {
  return legalMeta("general-conditions", rootMatchData(matches));
}

export default function GeneralConditions({ loaderData }: Route.ComponentProps) {
  const { locale } = useRootData();
  return <LegalDocument locale={locale} page="general-conditions" text={loaderData.text} operator={loaderData.operator} />;
}
