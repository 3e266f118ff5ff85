import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { paraglideVitePlugin } from "@inlang/paraglide-js";
import { defineConfig } from "vite";

// What every page loads at first goes in one chunk, "framework": React, React DOM and React
// Router, and the site's own modules that app/root.tsx imports (the frame: header, footer,
// popup state). Every page needs all of it anyway, so one file costs no byte more, while on a
// phone's network each extra request before the first paint costs a round trip (the home page
// went from 27 scripts to 6 with what follows). scripts/js-budget.ts checks the weight.
const FRAMEWORK_PACKAGES = /node_modules[\\/](react|react-dom|scheduler|react-router|@react-router)[\\/]/;
const ROOT_ROUTE = /[\\/]app[\\/]root\.tsx(\?|$)/;
// Small modules that many pages use, in the framework chunk too: they cost the pages without
// them 2.5 kB and save the others a request each. The formats (numbers, areas, prices, dates:
// nearly every page), the hub badge (every warehouse card, the sheet, the comparison, the areas'
// and the back office's warehouse lists) and the favourite heart (the search's cards, the sheet,
// the hunter's favourites: alone it was one more script before the sheet's first paint) and
// the review criteria's names (the sheet's ratings, the review form, the areas' reviews: alone,
// one more script on the sheet).
const USED_BY_MOST_PAGES =
  /[\\/]app[\\/](lib[\\/]format\.ts|components[\\/]warehouse[\\/](HubBadge|FavouriteToggle)\.tsx|components[\\/]feedback[\\/]rating-labels\.ts)$/;
// Paraglide's messages.js re-exports every message: a module "reachable" through it is not
// one the root uses, so the walk stops there (each message goes where the pages using it are).
const MESSAGES = /[\\/]paraglide[\\/]messages[\\/.]/;
type ChunkContext = { getModuleInfo: (id: string) => { importers: readonly string[] } | null };
const inRootGraph = new Map<string, boolean>();

/** Whether app/root.tsx imports the module, directly or through other modules of the app (static imports only). */
function importedByRoot(id: string, ctx: ChunkContext): boolean {
  const seen = new Set<string>();
  const stack = [id];
  while (stack.length > 0) {
    const current = stack.pop()!;
    if (ROOT_ROUTE.test(current)) return true;
    if (seen.has(current) || (current !== id && MESSAGES.test(current))) continue;
    seen.add(current);
    stack.push(...(ctx.getModuleInfo(current)?.importers ?? []));
  }
  return false;
}

function frameworkChunk(id: string, ctx: ChunkContext): string | null {
  if (FRAMEWORK_PACKAGES.test(id) || USED_BY_MOST_PAGES.test(id)) return "framework";
  if (id.includes("node_modules")) return null;
  if (!inRootGraph.has(id)) inRootGraph.set(id, importedByRoot(id, ctx));
  return inRootGraph.get(id) ? "framework" : null;
}

export default defineConfig({
  plugins: [
    tailwindcss(),
    paraglideVitePlugin({
      project: "./project.inlang",
      outdir: "./app/paraglide",
      // The locale is read from the URL prefix in the browser and from the request on the
      // server (app/lib/i18n.ts overrides getLocale); no cookie or global strategy.
      strategy: ["baseLocale"],
      emitGitIgnore: false,
      emitPrettierIgnore: false,
    }),
    reactRouter(),
  ],
  build: {
    // The spec: built assets load from the path prefix /build/.
    assetsDir: "build",
    // MapLibre is one chunk of about 1.1 MB (loaded by the map pages only); any other chunk
    // over 500 kB would still be worth a warning, but this one is known.
    chunkSizeWarningLimit: 1200,
    rolldownOptions: {
      // Rolldown's timing report (which plugin was slow) is for profiling a build, not for every start.
      checks: { bundlerTimings: false },
      output: {
        codeSplitting: {
          // The rest is Rolldown's automatic chunking: a module used by one page goes into that
          // page's chunk, one shared by a set of pages into that set's chunk. Paraglide writes one
          // module per message, placed the same way, beside the code that shows it. (A group of
          // their own, by set of pages, split the sheet's messages into 10 files of about 1 kB:
          // 25 scripts in all, each a round trip on a phone's network before the page is whole.)
          groups: [{ name: frameworkChunk }],
        },
      },
    },
  },
  environments: {
    // The server bundle is one file: a module imported on demand by a page (a schema loaded on
    // submit) and statically by the server's own modules splits nothing there, so Rolldown's
    // warning about it is noise at every start. The client build keeps the check: there the
    // warning means a page loads at first what was meant to load later.
    ssr: { build: { rolldownOptions: { checks: { ineffectiveDynamicImport: false } } } },
  },
  server: { port: 3000 },
});
