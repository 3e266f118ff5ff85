import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { paraglideVitePlugin } from "@inlang/paraglide-js";
import { defineConfig } from "vite";

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
      // React, React DOM and React Router in one chunk that every page loads, instead of seven
      // small ones: fewer requests before the first paint on a slow phone network, and 4 kB less
      // gzip per page (one file compresses better). scripts/js-budget.ts checks the weight.
      output: {
        codeSplitting: {
          groups: [{ name: "framework", test: /node_modules[\\/](react|react-dom|scheduler|react-router|@react-router)[\\/]/, priority: 2 }],
        },
      },
    },
  },
  server: { port: 3000 },
});
