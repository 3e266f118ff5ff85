// POST /logout: ends the session. A plain form post is sent back to the page it came from.
import { apiAction, methodNotAllowed } from "../../server/http/api.ts";
import { logout } from "../../server/accounts/auth.service.ts";
import { clearSessionCookie } from "../../server/http/cookies.ts";
import { successAnswer } from "../../schemas/answer-parts.ts";

export const loader = methodNotAllowed;

export const action = apiAction({ access: "public", response: successAnswer }, async ({ request, services, info, actor, locale }) => {
  await logout(services.db, actor);
  const headers = new Headers({ "Set-Cookie": clearSessionCookie(info.secure) });
  if ((request.headers.get("Accept") ?? "").includes("text/html")) {
    headers.set("Location", `/${locale}`);
    return new Response(null, { status: 303, headers });
  }
  return Response.json({ success: true }, { headers });
});
