// /{locale}/stocker-conditions: placeholder outline until the operator's approved text is available.
import type { Route } from "./+types/stocker-conditions";
import { m } from "../../paraglide/messages.js";
import { useRootData } from "../../lib/root-data.ts";
import { LegalDocument, legalMeta } from "../../components/legal/LegalDocument.tsx";

export function meta({}: Route.MetaArgs) {
  return legalMeta("stocker-conditions");
}

export default function StockerConditions() {
  const { locale } = useRootData();
  return (
    <LegalDocument
      locale={locale}
      page="stocker-conditions"
      intro={m.legal_stc_intro()}
      sections={[
        { title: m.legal_stc_s1_title(), text: m.legal_stc_s1_text() },
        { title: m.legal_stc_s2_title(), text: m.legal_stc_s2_text() },
        { title: m.legal_stc_s3_title(), text: m.legal_stc_s3_text() },
        { title: m.legal_stc_s4_title(), text: m.legal_stc_s4_text() },
        { title: m.legal_stc_s5_title(), text: m.legal_stc_s5_text() },
        { title: m.legal_stc_s6_title(), text: m.legal_stc_s6_text() },
        { title: m.legal_stc_s7_title(), text: m.legal_stc_s7_text() },
      ]}
    />
  );
}
