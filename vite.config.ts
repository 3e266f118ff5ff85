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
  // The spec: built assets load from the path prefix /build/.
  build: { assetsDir: "build" },
  server: { port: 3000 },
});
