import { readClientManifest, pageScripts, gzipSizer } from "./scripts/js-budget.ts";
const m = readClientManifest("build/client"); const size = gzipSizer("build/client");
for (const id of process.argv.slice(2)) { const s = pageScripts(m, m.routes[id]); console.log(`== ${id}: ${s.length} files`); for (const u of s) console.log(`  ${(size(u)/1000).toFixed(1).padStart(6)}  ${u}`); }
