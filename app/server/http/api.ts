// The helper every JSON endpoint is written with: it reads the body and query, validates
// them with the endpoint's Zod schemas, applies the role guard, calls the handler and maps
// errors once. An endpoint is then a few lines:
//
//   export const action = apiAction({ roles: ["stock_hunter"], body: schema }, ({ actor, body, services }) =>
//     toggleFavourite(services.db, actor, body.id));
import { z } from "zod";
import type { RouterContextProvider } from "react-router";
import { actorContext, localeContext, requestInfoContext, servicesContext, type Actor, type AppServices, type RequestInfo } from "../context.ts";
import type { Locale } from "../../lib/locale.ts";
import { requireActor, requireRole, type Role } from "./guard.ts";
import { errorToResponse, InputError, jsonError } from "./respond.ts";
import { ValidationError } from "../errors.ts";

const MAX_JSON_BYTES = 1_000_000;

type Access = "public" | "user" | Role[];
type Schema = z.ZodType | undefined;
type Out<S extends Schema> = S extends z.ZodType ? z.infer<S> : undefined;

export type ApiArgs<B extends Schema, Q extends Schema, P extends Schema, A extends Access> = {
  request: Request;
  body: Out<B>;
  query: Out<Q>;
  params: Out<P>;
  actor: A extends "public" ? Actor | null : Actor;
  services: AppServices;
  info: RequestInfo;
  locale: Locale;
};

type RouteArgs = { request: Request; params: Record<string, string | undefined>; context: Readonly<RouterContextProvider> };

type Options<B extends Schema, Q extends Schema, P extends Schema, A extends Access> = {
  /** Who may call: everyone, any logged-in user, or the listed roles. */
  access: A;
  body?: B;
  query?: Q;
  params?: P;
};

/** `a[b][c]=1&list[]=2` form fields → nested objects and arrays, like a JSON body. */
export function formToObject(form: FormData): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [rawKey, value] of form.entries()) {
    const parts = rawKey.replace(/\]/g, "").split("[");
    let node: Record<string, unknown> = out;
    parts.forEach((part, i) => {
      const last = i === parts.length - 1;
      const next = parts[i + 1];
      if (last) {
        if (part === "") return;
        if (node[part] === undefined) node[part] = value;
        else if (Array.isArray(node[part])) (node[part] as unknown[]).push(value);
        else node[part] = [node[part], value];
        return;
      }
      if (next === "") {
        const list = (node[part] ??= []) as unknown[];
        if (i + 1 === parts.length - 1) list.push(value);
        return;
      }
      node = (node[part] ??= {}) as Record<string, unknown>;
    });
  }
  return out;
}

class BadBody extends Error {}

async function readBody(request: Request): Promise<unknown> {
  if (request.method === "GET" || request.method === "HEAD") return {};
  const type = request.headers.get("Content-Type") ?? "";
  if (type.startsWith("multipart/form-data") || type.startsWith("application/x-www-form-urlencoded")) {
    try {
      return formToObject(await request.formData());
    } catch {
      throw new BadBody();
    }
  }
  const text = await request.text();
  if (text.length > MAX_JSON_BYTES) throw new BadBody("too_large");
  if (text.trim() === "") return {};
  try {
    return JSON.parse(text);
  } catch {
    throw new BadBody();
  }
}

/** Query string → object; repeated keys and `key[]` become arrays, `a[b]` nests. */
export function queryToObject(url: URL): Record<string, unknown> {
  const form = new FormData();
  url.searchParams.forEach((value, key) => form.append(key, value));
  return formToObject(form);
}

/** The first field whose text holds a NUL character (PostgreSQL cannot store one), if any. */
export function fieldWithNul(input: unknown, path: string[] = []): string | null {
  if (typeof input === "string") return input.includes("\u0000") ? path.filter((p) => !p.endsWith("_data")).join(".") || "body" : null;
  if (input && typeof input === "object") {
    for (const [key, value] of Object.entries(input)) {
      const found = fieldWithNul(value, [...path, key]);
      if (found) return found;
    }
  }
  return null;
}

function parseWith(schema: z.ZodType | undefined, input: unknown): unknown {
  if (!schema) return undefined;
  const nul = fieldWithNul(input);
  if (nul) throw new ValidationError({ [nul]: "invalid" });
  const result = schema.safeParse(input);
  if (!result.success) throw new InputError(result.error, input);
  return result.data;
}

function make<B extends Schema, Q extends Schema, P extends Schema, A extends Access>(
  opts: Options<B, Q, P, A>,
  handler: (args: ApiArgs<B, Q, P, A>) => Promise<unknown> | unknown,
) {
  return async ({ request, params, context }: RouteArgs): Promise<Response> => {
    const services = context.get(servicesContext);
    const locale = context.get(localeContext);
    try {
      const actor = context.get(actorContext);
      if (opts.access === "user") requireActor(actor);
      else if (Array.isArray(opts.access)) requireRole(actor, ...(opts.access as Role[]));

      let rawBody: unknown;
      try {
        rawBody = await readBody(request);
      } catch (err) {
        return err instanceof BadBody && err.message === "too_large"
          ? jsonError(413, "payload_too_large", locale)
          : jsonError(422, "invalid", locale, { errors: { body: "invalid" } });
      }
      const url = new URL(request.url);
      const body = parseWith(opts.body, rawBody);
      const query = parseWith(opts.query, queryToObject(url));
      const parsedParams = parseWith(opts.params, params);
      const result = await handler({
        request,
        body: body as Out<B>,
        query: query as Out<Q>,
        params: parsedParams as Out<P>,
        actor: actor as ApiArgs<B, Q, P, A>["actor"],
        services,
        info: context.get(requestInfoContext),
        locale,
      });
      return result instanceof Response ? result : Response.json(result ?? {});
    } catch (err) {
      return errorToResponse(err, locale, context.get(requestInfoContext).log ?? services.log);
    }
  };
}

/** A state-changing endpoint (POST). CSRF was already checked by the root middleware. */
export const apiAction = make;
/** A read endpoint (GET). */
export const apiLoader = make;

/** Resource routes answer 405 for the method they do not take (instead of React Router's HTML error). */
export function methodNotAllowed({ context }: { context: Readonly<RouterContextProvider> }): Response {
  return jsonError(405, "method_not_allowed", context.get(localeContext));
}

/** Common param schemas. */
export const idParam = z.coerce.number().int().positive().max(2 ** 53 - 1);
