// /{locale}/stock-hunter-conditions: placeholder outline until the operator's approved text is available.
import type { Route } from "./+types/stock-hunter-conditions";
import { m } from "../../paraglide/messages.js";
import { useRootData } from "../../lib/root-data.ts";
import { LegalDocument, legalMeta } from "../../components/legal/LegalDocument.tsx";

export function meta({}: Route.MetaArgs) {
  return legalMeta("stock-hunter-conditions");
}

export default function StockHunterConditions() {
  const { locale } = useRootData();
  return (
    <LegalDocument
      locale={locale}
      page="stock-hunter-conditions"
      intro={m.legal_shc_intro()}
      sections={[
        { title: m.legal_shc_s1_title(), text: m.legal_shc_s1_text() },
        { title: m.legal_shc_s2_title(), text: m.legal_shc_s2_text() },
        { title: m.legal_shc_s3_title(), text: m.legal_shc_s3_text() },
        { title: m.legal_shc_s4_title(), text: m.legal_shc_s4_text() },
        { title: m.legal_shc_s5_title(), text: m.legal_shc_s5_text() },
        { title: m.legal_shc_s6_title(), text: m.legal_shc_s6_text() },
      ]}
    />
  );
}
