// /{locale}/privacy-policy: placeholder outline until the operator's approved text is available.
import type { Route } from "./+types/privacy-policy";
import { m } from "../../paraglide/messages.js";
import { useRootData } from "../../lib/root-data.ts";
import { LegalDocument, legalMeta } from "../../components/legal/LegalDocument.tsx";

export function meta({}: Route.MetaArgs) {
  return legalMeta("privacy-policy");
}

export default function PrivacyPolicy() {
  const { locale } = useRootData();
  return (
    <LegalDocument
      locale={locale}
      page="privacy-policy"
      intro={m.legal_pp_intro()}
      sections={[
        { title: m.legal_pp_s1_title(), text: m.legal_pp_s1_text() },
        { title: m.legal_pp_s2_title(), text: m.legal_pp_s2_text() },
        { title: m.legal_pp_s3_title(), text: m.legal_pp_s3_text() },
        { title: m.legal_pp_s4_title(), text: m.legal_pp_s4_text() },
        { title: m.legal_pp_s5_title(), text: m.legal_pp_s5_text() },
        { title: m.legal_pp_s6_title(), text: m.legal_pp_s6_text() },
        { title: m.legal_pp_s7_title(), text: m.legal_pp_s7_text() },
      ]}
    />
  );
}
