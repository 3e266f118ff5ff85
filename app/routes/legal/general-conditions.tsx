// /{locale}/general-conditions: placeholder outline until the operator's approved text is available.
import type { Route } from "./+types/general-conditions";
import { m } from "../../paraglide/messages.js";
import { useRootData } from "../../lib/root-data.ts";
import { LegalDocument, legalMeta } from "../../components/legal/LegalDocument.tsx";

export function meta({}: Route.MetaArgs) {
  return legalMeta("general-conditions");
}

export default function GeneralConditions() {
  const { locale } = useRootData();
  return (
    <LegalDocument
      locale={locale}
      page="general-conditions"
      intro={m.legal_gc_intro()}
      sections={[
        { title: m.legal_gc_s1_title(), text: m.legal_gc_s1_text() },
        { title: m.legal_gc_s2_title(), text: m.legal_gc_s2_text() },
        { title: m.legal_gc_s3_title(), text: m.legal_gc_s3_text() },
        { title: m.legal_gc_s4_title(), text: m.legal_gc_s4_text() },
        { title: m.legal_gc_s5_title(), text: m.legal_gc_s5_text() },
        { title: m.legal_gc_s6_title(), text: m.legal_gc_s6_text() },
        { title: m.legal_gc_s7_title(), text: m.legal_gc_s7_text() },
      ]}
    />
  );
}
