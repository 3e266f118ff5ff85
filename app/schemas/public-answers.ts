// The answers of the public calls, described in the API's document and checked against every
// answer the tests get (apiLoader's `response`).
import { z } from "zod";
import { role } from "./answer-parts.ts";

/** GET /api/me: the current user, or null for a visitor. */
export const currentUserAnswer = z.strictObject({
  user: z
    .strictObject({
      id: z.number().int().positive(),
      role,
      /** 0 stocker, 1 stock keeper; null for the other roles. */
      account_type: z.union([z.literal(0), z.literal(1)]).nullable(),
      first_name: z.string().nullable(),
      last_name: z.string().nullable(),
      company: z.string().nullable(),
      email: z.string(),
      telephone: z.string().nullable(),
      /** A stock hunter's favourite warehouses; empty for the other roles. */
      favourite_ids: z.array(z.number().int().positive()),
    })
    .nullable(),
});

/** GET /api/markets: the business sectors the forms offer. */
export const marketsAnswer = z.strictObject({
  markets: z.array(z.strictObject({ id: z.number().int().positive(), label: z.string(), label_en: z.string() })),
});

/** GET /api/health/live and /api/health/ready when the instance should get traffic (503 with the reason otherwise). */
export const healthAnswer = z.strictObject({ status: z.literal("ok") });

/**
 * GET /api/openapi.json: this document itself, an OpenAPI 3.1 description (its full shape is the
 * OpenAPI specification's own schema, which the tests check it against), open to its extensions.
 */
export const openApiDocumentAnswer = z.looseObject({
  openapi: z.literal("3.1.0"),
  info: z.looseObject({ title: z.string(), version: z.string(), description: z.string() }),
  servers: z.array(z.looseObject({ url: z.string() })),
  paths: z.record(z.string(), z.record(z.string(), z.looseObject({ operationId: z.string(), responses: z.record(z.string(), z.unknown()) }))),
  components: z.looseObject({}),
});
