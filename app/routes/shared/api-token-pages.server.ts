// The tokens page (decision 059): {prefix}/api-tokens in the stocker's and the referent's areas,
// and /admin/api-tokens for an administrator's own. It lists the owner's tokens and posts here to
// make one (intent "create", the body of POST /api/tokens/create) or revoke one (intent "revoke",
// id). In an administrator's view of a stocker's area the page lists the stocker's tokens and can
// revoke them (audited by the service), never make one: the service refuses it.
import { z } from "zod";
import { pageAction, pageLoader } from "../../server/http/page.ts";
import type { Actor } from "../../server/context.ts";
import type { Database } from "../../server/db/database.ts";
import { createApiToken, listApiTokens, revokeApiToken } from "../../server/api-tokens/api-tokens.service.ts";
import { createApiTokenBody } from "../../schemas/api-tokens.ts";
import { idNumber } from "../../schemas/common.ts";
import type { ApiTokenChanged, ApiTokensView } from "../../lib/api-tokens.ts";
import type { Locale } from "../../lib/locale.ts";
import { areaFrame } from "./area-pages.server.ts";

const EXAMPLE_CALL: Record<Actor["role"], string> = {
  stocker: "/api/stocker/requests",
  referent: "/api/referent/requests",
  admin: "/api/admin/dashboard",
  stock_hunter: "/api/me",
};

async function tokensView(db: Database, actor: Actor, owner: { id: number; role: Actor["role"] }, origin: string, locale: Locale): Promise<ApiTokensView> {
  return {
    tokens: await listApiTokens(db, actor, owner.id),
    canCreate: actor.id === owner.id,
    exampleUrl: origin + EXAMPLE_CALL[owner.role],
    locale,
  };
}

const tokenForm = z.discriminatedUnion("intent", [
  createApiTokenBody.extend({ intent: z.literal("create") }),
  z.object({ intent: z.literal("revoke"), id: idNumber }),
]);

async function changeTokens(db: Database, actor: Actor, ownerId: number, body: z.infer<typeof tokenForm>): Promise<ApiTokenChanged> {
  if (body.intent === "create") {
    const { intent: _intent, ...input } = body;
    return { ok: true, intent: "create", ...(await createApiToken(db, actor, input)) };
  }
  return { ok: true, intent: "revoke", ...(await revokeApiToken(db, actor, ownerId, body.id)) };
}

/** {prefix}/api-tokens of a stocker's or referent's area. */
export const areaApiTokensPageLoader = (role: "stocker" | "referent") =>
  pageLoader({ access: { area: role } }, async ({ area, services }) => ({
    ...(await tokensView(services.db, area.actor, { id: area.owner.id, role }, services.config.origin, area.locale)),
    frame: areaFrame(area),
  }));

export const areaApiTokensPageAction = (role: "stocker" | "referent") =>
  pageAction({ access: { area: role }, body: tokenForm, keepValues: true }, ({ area, body, services }) =>
    changeTokens(services.db, area.actor, area.owner.id, body),
  );

/** /admin/api-tokens: the administrator's own tokens. */
export const adminApiTokensPageLoader = pageLoader({ access: ["admin"] }, ({ actor, services, locale }) =>
  tokensView(services.db, actor, actor, services.config.origin, locale),
);

export const adminApiTokensPageAction = pageAction({ access: ["admin"], body: tokenForm, keepValues: true }, ({ actor, body, services }) =>
  changeTokens(services.db, actor, actor.id, body),
);
