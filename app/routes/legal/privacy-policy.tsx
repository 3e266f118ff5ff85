// /{locale}/privacy-policy: the privacy policy: the controller, the data kept and for how long, the consents, the processors, cookies and rights.
// Text: app/components/legal/content/privacy-policy.{it,en}.ts, filled with this installation's facts (operator, prices,
// limits) read by the loader.
import type { Route } from "./+types/privacy-policy";
import { useRootData } from "../../lib/root-data.ts";
import { rootMatchData } from "../../lib/seo.ts";
import { LegalDocument, legalMeta } from "../../components/legal/LegalDocument.tsx";
import { legalPageLoader } from "./legal.server.ts";

export const loader = legalPageLoader("privacy-policy");

export function meta({ matches }: Route.MetaArgs) {
  return legalMeta("privacy-policy", rootMatchData(matches));
}

export default function PrivacyPolicy({ loaderData }: Route.ComponentProps) {
  const { locale } = useRootData();
  return <LegalDocument locale={locale} page="privacy-policy" text={loaderData.text} operator={loaderData.operator} />;
}
