// A small load balancer for the tests that stop an instance under load, standing where nginx or a
// cloud balancer stands in front of several app instances:
//
// - round-robin over the upstreams in rotation;
// - a health check of /api/health/ready on each upstream every `checkEveryMs` (200 ms): an
//   upstream that answers anything but 200, or does not answer within `checkTimeoutMs`, leaves
//   the rotation; one that answers 200 again joins it;
// - every request on a fresh upstream connection, as nginx does by default (no upstream
//   keep-alive), so an upstream's Connection: close costs nothing;
// - NO retry: a request an upstream fails (refused, reset, cut) answers 502 and is recorded, so
//   the test sees every failure a client would. No upstream in rotation answers 503, recorded too.
import http from "node:http";

export type Upstream = {
  port: number;
  inRotation: boolean;
  /** Requests handed to it (answered or not). */
  handed: number;
  /** When it left and joined the rotation (ms since the epoch), in order. */
  changes: { at: number; inRotation: boolean; why: string }[];
};

export type LoadBalancer = {
  url: string;
  upstreams: Upstream[];
  /** Every request the balancer could not get answered: "<method> <path> → <upstream>: <why>". */
  failures: string[];
  /** Resolves once the upstream on `port` is in (or out of) the rotation, within `timeoutMs`. */
  waitFor: (port: number, inRotation: boolean, timeoutMs?: number) => Promise<void>;
  close: () => Promise<void>;
};

/** Hop-by-hop headers: they describe one connection, not the message, and are not passed on. */
const HOP_BY_HOP = new Set(["connection", "keep-alive", "proxy-connection", "transfer-encoding", "te", "trailer", "upgrade"]);

function endToEnd(headers: http.IncomingHttpHeaders): http.OutgoingHttpHeaders {
  return Object.fromEntries(Object.entries(headers).filter(([name]) => !HOP_BY_HOP.has(name)));
}

export async function startLoadBalancer(opts: { upstreams: number[]; checkEveryMs?: number; checkTimeoutMs?: number }): Promise<LoadBalancer> {
  const checkEveryMs = opts.checkEveryMs ?? 200;
  const checkTimeoutMs = opts.checkTimeoutMs ?? 2_000;
  const upstreams: Upstream[] = opts.upstreams.map((port) => ({ port, inRotation: false, handed: 0, changes: [] }));
  const failures: string[] = [];
  let closed = false;
  let turn = 0;

  const setRotation = (upstream: Upstream, inRotation: boolean, why: string) => {
    if (upstream.inRotation === inRotation) return;
    upstream.inRotation = inRotation;
    upstream.changes.push({ at: Date.now(), inRotation, why });
  };

  // The health check: one at a time per upstream, each on a connection of its own.
  const check = (upstream: Upstream) =>
    new Promise<void>((resolve) => {
      const req = http.get({ host: "127.0.0.1", port: upstream.port, path: "/api/health/ready", agent: false, timeout: checkTimeoutMs }, (res) => {
        res.resume();
        res.once("end", () => {
          setRotation(upstream, res.statusCode === 200, `ready answered ${res.statusCode}`);
          resolve();
        });
        res.once("error", () => resolve());
      });
      req.once("timeout", () => req.destroy(new Error(`no answer within ${checkTimeoutMs} ms`)));
      req.once("error", (err) => {
        setRotation(upstream, false, `ready: ${(err as NodeJS.ErrnoException).code ?? err.message}`);
        resolve();
      });
    });
  const checkers = upstreams.map(async (upstream) => {
    while (!closed) {
      await check(upstream);
      await new Promise((r) => setTimeout(r, checkEveryMs));
    }
  });

  const pick = (): Upstream | null => {
    for (let i = 0; i < upstreams.length; i++) {
      const upstream = upstreams[turn++ % upstreams.length]!;
      if (upstream.inRotation) return upstream;
    }
    return null;
  };

  const server = http.createServer((req, res) => {
    const upstream = pick();
    const what = `${req.method} ${req.url}`;
    if (!upstream) {
      failures.push(`${what} → none: no upstream in rotation`);
      res.writeHead(503, { "Content-Type": "text/plain" }).end("no upstream in rotation");
      return;
    }
    upstream.handed += 1;
    let failed = false;
    const fail = (why: string) => {
      if (failed) return;
      failed = true;
      failures.push(`${what} → ${upstream.port}: ${why}`);
      if (res.headersSent) res.destroy();
      else res.writeHead(502, { "Content-Type": "text/plain" }).end(`upstream ${upstream.port}: ${why}`);
    };
    const forwarded = http.request(
      {
        host: "127.0.0.1",
        port: upstream.port,
        method: req.method,
        path: req.url,
        agent: false,
        headers: { ...endToEnd(req.headers), connection: "close", "x-forwarded-for": req.socket.remoteAddress ?? "", "x-forwarded-proto": "http" },
      },
      (answer) => {
        res.writeHead(answer.statusCode!, answer.statusMessage, endToEnd(answer.headers));
        answer.pipe(res);
        // Cut before its end: the client would get a truncated answer.
        answer.once("close", () => {
          if (!answer.complete) fail("answer cut before its end");
        });
      },
    );
    forwarded.once("error", (err) => fail((err as NodeJS.ErrnoException).code ?? err.message));
    req.pipe(forwarded);
  });
  // The clients' connections to the balancer are kept alive, as browsers keep theirs.
  server.keepAliveTimeout = 30_000;
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : 0;

  return {
    url: `http://localhost:${port}`,
    upstreams,
    failures,
    waitFor: async (upstreamPort, inRotation, timeoutMs = 60_000) => {
      const upstream = upstreams.find((u) => u.port === upstreamPort);
      if (!upstream) throw new Error(`no upstream on port ${upstreamPort}`);
      for (const deadline = Date.now() + timeoutMs; upstream.inRotation !== inRotation;) {
        if (Date.now() > deadline)
          throw new Error(`upstream ${upstreamPort} still ${upstream.inRotation ? "in" : "out of"} the rotation after ${timeoutMs} ms`);
        await new Promise((r) => setTimeout(r, 20));
      }
    },
    close: async () => {
      closed = true;
      await Promise.all(checkers);
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
