// Mixed traffic from one client, as the tests of stopping an instance under load send it: its
// own account and cookies, pages, a search, JSON calls with and without a session, and a login
// now and then (a POST with a password to check), in a loop while `running()` says so. Every
// answer is recorded; an error is a connection error or any status but the expected one.
// `send` is how requests leave: fetch to a plain-http balancer, or https to nginx.

export type Sent = { status: number; setCookies: string[]; body: string };
export type Send = (pathname: string, init: { method?: string; headers: Record<string, string>; body?: string }) => Promise<Sent>;
/** One request: what it was, when it left (epoch ms), how long it took (ms), its status or error. */
export type TrafficResult = { what: string; at: number; ms: number; status?: number; error?: string };

/** The kinds of request every client sends, by the name the results carry. */
export const TRAFFIC_KINDS = ["home page", "login", "search page", "markets (JSON)", "me (JSON, session)", "privacy page"];

/** `send` over fetch to `base` (no redirects followed, a 30 s limit). */
export function fetchSender(base: string): Send {
  return async (pathname, init) => {
    const res = await fetch(`${base}${pathname}`, { ...init, redirect: "manual", signal: AbortSignal.timeout(30_000) });
    return { status: res.status, setCookies: res.headers.getSetCookie(), body: await res.text() };
  };
}

export async function mixedTrafficClient(opts: { n: number; email: string; password: string; send: Send; results: TrafficResult[]; running: () => boolean }) {
  const { send, results } = opts;
  let cookies = new Map<string, string>();
  const cookieHeader = () => [...cookies].map(([k, v]) => `${k}=${v}`).join("; ");
  const ask = async (what: string, pathname: string, init: { method?: string; headers?: Record<string, string>; body?: string } = {}, expected = 200) => {
    const at = Date.now();
    try {
      const res = await send(pathname, { ...init, headers: { ...init.headers, Cookie: cookieHeader() } });
      for (const line of res.setCookies) {
        const [pair] = line.split(";");
        const eq = pair!.indexOf("=");
        cookies.set(pair!.slice(0, eq), pair!.slice(eq + 1));
      }
      results.push({
        what,
        at,
        ms: Date.now() - at,
        status: res.status,
        error: res.status === expected ? undefined : `${res.status}: ${res.body.slice(0, 200)}`,
      });
    } catch (err) {
      results.push({ what, at, ms: Date.now() - at, error: String((err as Error).cause ?? err) });
    }
  };
  const login = async () => {
    cookies = new Map();
    await ask("home page", "/it");
    await ask("login", "/login", {
      method: "POST",
      headers: { "Content-Type": "application/json", "X-XSRF-TOKEN": decodeURIComponent(cookies.get("XSRF-TOKEN") ?? "") },
      body: JSON.stringify({ email: opts.email, password: opts.password, remember: false }),
    });
  };
  await login();
  for (let step = opts.n; opts.running(); step++) {
    switch (step % 5) {
      case 0:
        await ask("search page", "/it/stocks?location=Milano");
        break;
      case 1:
        await ask("markets (JSON)", "/api/markets");
        break;
      case 2:
        await ask("me (JSON, session)", "/api/me");
        break;
      case 3:
        await ask("privacy page", "/it/privacy-policy");
        break;
      default:
        // Now and then a login again (a POST with a password hash to check).
        if (step % 15 === 4) await login();
        else await ask("home page", "/it");
    }
  }
}
