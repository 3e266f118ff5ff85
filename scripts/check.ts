// `npm run check`: the lint, the format check, the type check and the fast tests, two at a time
// (the machine CI runs on has two cores), each one's output shown whole when it ends. Every step
// runs even when another fails, so one run names every failure; the check exits non-zero when any
// step failed, and ends with one line per step (passed or FAILED, and its seconds).
//
//   npm run check                   every step
//   node scripts/check.ts lint typecheck   only the steps named (the package.json script names)
//
// Two chains, side by side: the lint then the format check; the type check then the fast tests.
// The fast tests wait for the type check because both write the generated messages
// (app/paraglide: the type check compiles them, the fast lane's Vite plugin writes them again)
// and the type check must not read a file the other is rewriting.
import { spawn } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";

export type Step = {
  /** The name shown (the package.json script's name for the project's own steps). */
  name: string;
  command: string;
  args: string[];
  /** Steps that must end (passed or not) before this one starts. */
  after?: string[];
};

export type StepResult = { name: string; ok: boolean; code: number | null; seconds: number; output: string };

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

/** npm as this process was started by (`npm run check` sets npm_execpath), else the one on PATH. */
function npmRun(script: string): Pick<Step, "command" | "args"> {
  const cli = process.env.npm_execpath;
  return cli && /\.[cm]?js$/.test(cli) ? { command: process.execPath, args: [cli, "run", script] } : { command: "npm", args: ["run", script] };
}

/** The project's check: the package.json scripts, in the order above. */
export const CHECK_STEPS: Step[] = [
  { name: "typecheck", ...npmRun("typecheck") },
  { name: "lint", ...npmRun("lint") },
  { name: "format:check", ...npmRun("format:check"), after: ["lint"] },
  { name: "test:fast", ...npmRun("test:fast"), after: ["typecheck"] },
];

function runStep(step: Step, cwd: string): Promise<StepResult> {
  const started = performance.now();
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    const child = spawn(step.command, step.args, { cwd, stdio: ["ignore", "pipe", "pipe"], env: process.env });
    child.stdout.on("data", (chunk: Buffer) => chunks.push(chunk));
    child.stderr.on("data", (chunk: Buffer) => chunks.push(chunk));
    const done = (code: number | null, extra = "") =>
      resolve({
        name: step.name,
        ok: code === 0,
        code,
        seconds: (performance.now() - started) / 1000,
        output: Buffer.concat(chunks).toString("utf8") + extra,
      });
    child.on("error", (error) => done(null, `\n${step.name}: could not start ${step.command}: ${error.message}`));
    child.on("close", (code) => done(code));
  });
}

/**
 * Runs the steps, `parallel` at a time, each as soon as the steps it comes after have ended and a
 * place is free (in the order given). `onEnd` hears of each step as it ends.
 */
export async function runSteps(steps: Step[], { parallel = 2, cwd = ROOT, onEnd }: { parallel?: number; cwd?: string; onEnd?: (r: StepResult) => void } = {}) {
  const names = new Set(steps.map((s) => s.name));
  for (const step of steps)
    for (const before of step.after ?? []) if (!names.has(before)) throw new Error(`step ${step.name} comes after ${before}, which is not a step`);
  const ended = new Map<string, StepResult>();
  const waiting = [...steps];
  let running = 0;
  return new Promise<StepResult[]>((resolve) => {
    const next = () => {
      if (waiting.length === 0 && running === 0) {
        resolve(steps.map((s) => ended.get(s.name)!));
        return;
      }
      while (running < parallel) {
        const ready = waiting.findIndex((s) => (s.after ?? []).every((n) => ended.has(n)));
        if (ready < 0) {
          // Nothing runs and nothing can start: what is left waits on itself.
          if (running === 0)
            for (const step of waiting.splice(0)) {
              const result = {
                name: step.name,
                ok: false,
                code: null,
                seconds: 0,
                output: `${step.name}: never started (it waits on ${step.after?.join(", ")})`,
              };
              ended.set(step.name, result);
              onEnd?.(result);
            }
          if (running === 0) next();
          break;
        }
        const [step] = waiting.splice(ready, 1);
        running++;
        void runStep(step!, cwd).then((result) => {
          running--;
          ended.set(result.name, result);
          onEnd?.(result);
          next();
        });
      }
    };
    next();
  });
}

const line = (r: StepResult) => `${r.name}: ${r.ok ? "passed" : `FAILED (exit ${r.code ?? "none"})`} in ${r.seconds.toFixed(0)} s`;

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const only = process.argv.slice(2);
  const unknown = only.filter((n) => !CHECK_STEPS.some((s) => s.name === n));
  if (unknown.length) {
    console.error(`no such step: ${unknown.join(", ")} (the steps: ${CHECK_STEPS.map((s) => s.name).join(", ")})`);
    process.exit(2);
  }
  const steps = only.length
    ? CHECK_STEPS.filter((s) => only.includes(s.name)).map((s) => ({ ...s, after: s.after?.filter((n) => only.includes(n)) }))
    : CHECK_STEPS;
  const started = performance.now();
  console.log(`check: ${steps.map((s) => s.name).join(", ")}, two at a time; each step's output comes when it ends`);
  const results = await runSteps(steps, {
    onEnd: (r) => console.log(`\n===== ${line(r)} =====\n${r.output.trimEnd()}`),
  });
  console.log("");
  for (const r of results) console.log(line(r));
  const failed = results.filter((r) => !r.ok);
  console.log(
    failed.length
      ? `check: FAILED (${failed.map((r) => r.name).join(", ")}) in ${((performance.now() - started) / 1000).toFixed(0)} s`
      : `check: passed in ${((performance.now() - started) / 1000).toFixed(0)} s`,
  );
  process.exit(failed.length ? 1 : 0);
}
