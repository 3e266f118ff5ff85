// The landing page: search, how it works, trust points, warehouse owners, FAQ.
import type { Route } from "./+types/home";
import { pageLoader } from "../server/http/page.ts";
import { m } from "../paraglide/messages.js";
import { useRootData } from "../lib/root-data.ts";
import { publicPageMeta, rootMatchData } from "../lib/seo.ts";
import { siteJsonLd } from "../lib/structured-data.ts";
import { HeroSearch } from "../components/home/HeroSearch.tsx";
import { Faq, HowItWorks, OwnersSection, TrustPoints } from "../components/home/sections.tsx";

/** Whether owners can pay by card here (Stripe configured): the owners' section and the FAQ say only what is true. */
export const loader = pageLoader({ access: "public" }, ({ services }) => ({ cardPayments: services.config.stripe !== null }));

export function meta({ matches }: Route.MetaArgs) {
  const root = rootMatchData(matches);
  const head = { title: m.home_meta_title(), description: m.home_meta_description() };
  if (!root) return [{ title: head.title }, { name: "description", content: head.description }];
  const { origin, locale } = root;
  return publicPageMeta({ origin, locale, path: "", ...head, structuredData: siteJsonLd({ origin, locale, description: head.description }) });
}

export default function Home({ loaderData }: Route.ComponentProps) {
  const { locale, user } = useRootData();
  const { cardPayments } = loaderData;
  return (
    <>
      <HeroSearch locale={locale} />
      <HowItWorks locale={locale} />
      <OwnersSection loggedIn={!!user} cardPayments={cardPayments} />
      <TrustPoints />
      <Faq locale={locale} cardPayments={cardPayments} />
    </>
  );
}
