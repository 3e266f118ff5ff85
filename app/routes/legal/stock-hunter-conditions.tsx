// /{locale}/stock-hunter-conditions: the stock hunter conditions: search, quote requests and their limits, favourites, reviews and reports.
// Text: app/components/legal/content/stock-hunter-conditions.{it,en}.ts, filled with this installation's facts (operator, prices,
// limits) read by the loader.
import type { Route } from "./+types/stock-hunter-conditions";
import { useRootData } from "../../lib/root-data.ts";
import { rootMatchData } from "../../lib/seo.ts";
import { LegalDocument, legalMeta } from "../../components/legal/LegalDocument.tsx";
import { legalPageLoader } from "./legal.server.ts";

export const loader = legalPageLoader("stock-hunter-conditions");

export function meta({ matches }: Route.MetaArgs) {
  return legalMeta("stock-hunter-conditions", rootMatchData(matches));
}

export default function StockHunterConditions({ loaderData }: Route.ComponentProps) {
  const { locale } = useRootData();
  return <LegalDocument locale={locale} page="stock-hunter-conditions" text={loaderData.text} operator={loaderData.operator} />;
}
