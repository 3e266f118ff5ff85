// /{locale}/stocker-conditions: the stocker conditions: listings, claims, hubs, referents, subscriptions, prices, payment, renewal and expiry.
// Text: app/components/legal/content/stocker-conditions.{it,en}.ts, filled with this installation's facts (operator, prices,
// limits) read by the loader.
import type { Route } from "./+types/stocker-conditions";
import { useRootData } from "../../lib/root-data.ts";
import { rootMatchData } from "../../lib/seo.ts";
import { LegalDocument, legalMeta } from "../../components/legal/LegalDocument.tsx";
import { legalPageLoader } from "./legal.server.ts";

export const loader = legalPageLoader("stocker-conditions");

export function meta({ matches }: Route.MetaArgs) {
  return legalMeta("stocker-conditions", rootMatchData(matches));
}

export default function StockerConditions({ loaderData }: Route.ComponentProps) {
  const { locale } = useRootData();
  return <LegalDocument locale={locale} page="stocker-conditions" text={loaderData.text} operator={loaderData.operator} />;
}
