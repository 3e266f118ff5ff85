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
    // Rolldown's timing report (which plugin was slow) is for profiling a build, not for every start.
    rolldownOptions: { checks: { bundlerTimings: false } },
  },
  server: { port: 3000 },
});
