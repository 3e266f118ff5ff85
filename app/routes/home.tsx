// The landing page: search, how it works, trust points, warehouse owners, FAQ.
import type { Route } from "./+types/home";
import { m } from "../paraglide/messages.js";
import { useRootData } from "../lib/root-data.ts";
import { HeroSearch } from "../components/home/HeroSearch.tsx";
import { Faq, HowItWorks, OwnersSection, TrustPoints } from "../components/home/sections.tsx";

export function meta({}: Route.MetaArgs) {
  return [
    { title: m.home_meta_title() },
    { name: "description", content: m.home_meta_description() },
    { property: "og:title", content: m.home_meta_title() },
    { property: "og:description", content: m.home_meta_description() },
  ];
}

export default function Home() {
  const { locale, user } = useRootData();
  return (
    <>
      <HeroSearch locale={locale} />
      <HowItWorks locale={locale} />
      <OwnersSection loggedIn={!!user} />
      <TrustPoints />
      <Faq locale={locale} />
    </>
  );
}
