import { PassThrough } from "node:stream";
import { describe, expect, it } from "vitest";
import { createLogger } from "./start.ts";

function capture(production: boolean): { log: ReturnType<typeof createLogger>; text: () => string } {
  const out = new PassThrough();
  let text = "";
  out.on("data", (chunk: Buffer) => (text += chunk.toString()));
  return { log: createLogger({ production, logLevel: "info" }, out), text: () => text };
}

describe("the logs", () => {
  it("are one JSON object a line in production", () => {
    const { log, text } = capture(true);
    log.info({ url: "http://localhost:3000" }, "listening");
    const record = JSON.parse(text().trim()) as Record<string, unknown>;
    expect(record).toMatchObject({ level: 30, msg: "listening", url: "http://localhost:3000", app: "stockspace" });
  });

  it("are readable lines in development: time, level, message and the fields, without the process noise", () => {
    const { log, text } = capture(false);
    log.info({ url: "http://localhost:3000" }, "listening");
    log.warn("slow query");
    const lines = text().trim().split("\n");
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatch(/^\[\d\d:\d\d:\d\d\] INFO: listening \{"url":"http:\/\/localhost:3000"\}$/);
    expect(lines[1]).toMatch(/^\[\d\d:\d\d:\d\d\] WARN: slow query$/);
    expect(text()).not.toMatch(/"pid"|hostname|"app"/);
  });
});
