// Stopping the workers: at once nothing new starts, a run in progress finishes (its signal says
// stop, so a run that loops ends at its next step), and the last flush comes only with stop().
import { pino } from "pino";
import { describe, expect, it } from "vitest";
import type { AppServices } from "../context.ts";
import { startWorkers, type Job } from "./workers.ts";

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe("the workers' stop", () => {
  it("claims nothing new once stopClaiming() is called, waits for the run in progress, and flushes only on stop()", async () => {
    const events: string[] = [];
    let runs = 0;
    // A run that claims a step at a time until its signal says stop (as the mail outbox does).
    const looping: Job = {
      name: "looping",
      everyMs: 10,
      run: async (signal) => {
        runs += 1;
        for (let step = 0; step < 50 && !signal.aborted; step++) await sleep(20);
        events.push(signal.aborted ? "run ended on the signal" : "run ended");
      },
    };
    const services = { log: pino({ level: "silent" }) } as AppServices;
    const workers = startWorkers(services, { jobs: [looping], close: async () => void events.push("flushed") });
    // The first run starts half a second after the start.
    for (const deadline = Date.now() + 5_000; runs === 0 && Date.now() < deadline;) await sleep(10);
    expect(runs).toBe(1);

    const stopped = workers.stopClaiming().then(() => events.push("stopClaiming resolved"));
    await stopped;
    expect(events).toEqual(["run ended on the signal", "stopClaiming resolved"]);
    await sleep(100);
    expect(runs, "no run started after stopClaiming()").toBe(1);

    await workers.stop();
    expect(events).toEqual(["run ended on the signal", "stopClaiming resolved", "flushed"]);
    expect(runs).toBe(1);
  });
});
