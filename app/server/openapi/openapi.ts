// The API's description (OpenAPI 3.1), generated from what the endpoints themselves carry:
// the route table for the paths, and each apiLoader/apiAction's contract (who may call, the
// Zod schemas of body, query and path) for the operations. Nothing here is written by hand
// per endpoint, so the description cannot drift from the validation that answers 422.
import { z } from "zod";
import type { ServerBuild } from "react-router";
import type { ApiContract } from "../http/api.ts";
import { API_TOKEN_CALLS, TOKEN_ROLES } from "../api-tokens/api-tokens.service.ts";
import { API_TOKEN_PREFIX } from "../../lib/api-tokens.ts";
import { SESSION_COOKIE } from "../accounts/sessions.service.ts";
import { XSRF_COOKIE, XSRF_HEADER } from "../http/cookies.ts";

/** A route with its full path ("api/users/:id/reset-password") and its module. */
export type DescribedRoute = { path: string; module: { loader?: unknown; action?: unknown } };

type JsonSchema = Record<string, unknown>;
type Operation = Record<string, unknown>;

const XLSX = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";

const contractOf = (fn: unknown): ApiContract | undefined =>
  typeof fn === "function" && "contract" in fn ? (fn as { contract: ApiContract }).contract : undefined;

function jsonSchemaOf(schema: z.ZodType, io: "input" | "output" = "input"): JsonSchema {
  // A request's input side: what a client sends (before coercions, defaults and transforms); an
  // answer's output side.
  const out = z.toJSONSchema(schema, {
    target: "draft-2020-12",
    io,
    unrepresentable: "any",
    // Zod bounds every integer by JavaScript's safe range; said on each count and id, the bound
    // is noise, and viewers show it as the example value (9007199254740991 for every count).
    override: ({ jsonSchema }) => {
      if (jsonSchema.maximum === Number.MAX_SAFE_INTEGER) delete jsonSchema.maximum;
      if (jsonSchema.minimum === Number.MIN_SAFE_INTEGER) delete jsonSchema.minimum;
    },
  }) as JsonSchema;
  delete out.$schema;
  return out;
}

const isObjectSchema = (s: unknown): s is JsonSchema =>
  typeof s === "object" && s !== null && ((s as JsonSchema).type === "object" || "properties" in (s as JsonSchema));

/** One parameter per top-level property; nested objects are `deepObject` (filters[kind]=…). */
function parametersOf(schema: z.ZodType, where: "query" | "path"): Operation[] {
  const json = jsonSchemaOf(schema);
  const properties = (json.properties ?? {}) as Record<string, JsonSchema>;
  const required = new Set((json.required ?? []) as string[]);
  return Object.entries(properties).map(([name, property]) => {
    const parameter: Operation = { name, in: where, required: where === "path" || required.has(name), schema: property };
    if (where === "query" && isObjectSchema(property)) Object.assign(parameter, { style: "deepObject", explode: true });
    if (where === "query" && property.type === "array") Object.assign(parameter, { style: "form", explode: true });
    return parameter;
  });
}

/** "api/users/:id/reset-password" → "/api/users/{id}/reset-password". */
const openApiPath = (path: string) => `/${path}`.replace(/\/+/g, "/").replace(/:([A-Za-z0-9_]+)/g, "{$1}");
const pathNames = (path: string) => [...path.matchAll(/:([A-Za-z0-9_]+)/g)].map((m) => m[1]!);

function rolesOf(access: ApiContract["access"]): string | string[] {
  return Array.isArray(access) ? [...access] : access;
}

/**
 * How a caller proves who they are: the session cookie, or a personal access token (bearer) for
 * the roles that may hold one, unless the call needs the session; `{}` where no one need be.
 */
function securityOf(roles: string | string[], sessionOnly: boolean): Record<string, string[]>[] {
  const tokens = !sessionOnly && (roles === "public" || roles === "user" || (Array.isArray(roles) && roles.some((r) => (TOKEN_ROLES as string[]).includes(r))));
  return [...(roles === "public" ? [{}] : []), { session: [] }, ...(tokens ? [{ bearer: [] }] : [])];
}

/**
 * The group an operation is listed under: the part after /api/ ("admin", "stocker",
 * "stock-hunter", "warehouses"…), the spec's top-level calls (/login, /register…) as "account".
 */
export function tagOf(path: string): string {
  const parts = path.replace(/^\/+/, "").split("/");
  if (parts[0] !== "api" || parts.length < 2) return "account";
  return parts[1]!.replace(/_/g, "-").replace(/\.json$/, "");
}

const errorRef = (name: string) => ({ $ref: `#/components/responses/${name}` });

function operationOf(path: string, method: "get" | "post", contract: ApiContract): Operation {
  const roles = rolesOf(contract.access);
  const isExport = /export/.test(path);
  const parameters: Operation[] = [];
  if (contract.params) {
    parameters.push(...parametersOf(contract.params, "path"));
  }
  // Path segments the params schema does not name (or all of them without one): plain strings.
  for (const name of pathNames(path)) {
    if (!parameters.some((p) => p.name === name)) parameters.push({ name, in: "path", required: true, schema: { type: "string" } });
  }
  if (contract.query) {
    const query = parametersOf(contract.query, "query");
    // Another name the same parameter is read by (the spec's, or an earlier one).
    for (const [alias, name] of Object.entries(contract.queryAliases)) {
      const parameter = query.find((p) => p.name === name);
      if (parameter) parameter.description = `Also read as \`${alias}\`.`;
    }
    parameters.push(...query);
  }

  const who =
    roles === "public" ? "Anyone may call." : roles === "user" ? "Any logged-in user may call." : `Callers with the role ${(roles as string[]).join(" or ")}.`;
  const operation: Operation = {
    operationId: `${method}${openApiPath(path)
      .replace(/[{}]/g, "")
      .replace(/[^A-Za-z0-9]+(.)?/g, (_m, c: string | undefined) => (c ?? "").toUpperCase())}`,
    description:
      (method === "post" ? `${who} With a session, needs the ${XSRF_HEADER} header (the ${XSRF_COOKIE} cookie's value).` : who) +
      (contract.sessionOnly ? " Not with a personal access token (403 token_not_allowed)." : ""),
    tags: [tagOf(path)],
    "x-roles": roles,
    security: securityOf(roles, contract.sessionOnly),
  };
  if (parameters.length) operation.parameters = parameters;
  if (method === "post") {
    const schema = contract.body ? jsonSchemaOf(contract.body) : { type: "object" };
    // Photos are uploaded as a multipart form; every other body is described as JSON (the same
    // fields also arrive as a form from the pages' plain posts, said once in info.description).
    const media = /upload/.test(path) ? "multipart/form-data" : "application/json";
    operation.requestBody = { required: Boolean(contract.body), content: { [media]: { schema } } };
  }
  const responses: Record<string, unknown> = {
    "200": isExport
      ? { description: "The file.", content: { "text/csv": { schema: { type: "string" } }, [XLSX]: { schema: { type: "string", contentEncoding: "binary" } } } }
      : { description: "Done.", content: { "application/json": { schema: contract.response ? jsonSchemaOf(contract.response, "output") : {} } } },
  };
  if (roles !== "public") Object.assign(responses, { "401": errorRef("Unauthorized"), "403": errorRef("Forbidden") });
  Object.assign(responses, { "404": errorRef("NotFound"), "405": errorRef("MethodNotAllowed"), "409": errorRef("Conflict") });
  if (method === "post") responses["419"] = errorRef("CsrfTokenMismatch");
  Object.assign(responses, { "422": errorRef("Invalid"), "429": errorRef("TooManyRequests") });
  operation.responses = responses;
  return operation;
}

const errorResponse = (description: string) => ({ description, content: { "application/json": { schema: { $ref: "#/components/schemas/Error" } } } });

/** The lists' one vocabulary, said once in the document's description. */
const LISTS =
  "Lists and exports share one vocabulary: limit (rows per page, at most 100), offset (the page, from 0), search_term (a piece of text to look for), filters[name] (each list's own filters), order[key] and order[dir] (asc or desc), and format (csv, the default, or xlsx) on exports; a list answers its rows with their total count. Where the specification named a parameter otherwise, both names are read (each parameter says so).";

/** The document for these routes: every route with a contract, GET for its loader, POST for its action. */
export function describeRoutes(routes: DescribedRoute[], origin: string): Record<string, unknown> {
  const paths: Record<string, Record<string, Operation>> = {};
  for (const route of [...routes].sort((a, b) => a.path.localeCompare(b.path))) {
    const get = contractOf(route.module.loader);
    const post = contractOf(route.module.action);
    if (!get && !post) continue;
    const item: Record<string, Operation> = {};
    if (get) item.get = operationOf(route.path, "get", get);
    if (post) item.post = operationOf(route.path, "post", post);
    paths[openApiPath(route.path)] = item;
  }
  return {
    openapi: "3.1.0",
    info: {
      title: "Stockspace API",
      version: "1",
      description: `The JSON endpoints. A caller is either a session (the ${SESSION_COOKIE} cookie set by POST /login) or a personal access token sent as Authorization: Bearer (see the bearer scheme), which needs no cookie and no CSRF header. ${LISTS} With a session, every POST also needs the ${XSRF_HEADER} header carrying the value of the ${XSRF_COOKIE} cookie (double submit), or 419. A body may also be sent as a form (application/x-www-form-urlencoded or multipart/form-data, nested fields as user_data[email]); the fields are the same.`,
    },
    servers: [{ url: origin }],
    paths,
    components: {
      securitySchemes: {
        session: { type: "apiKey", in: "cookie", name: SESSION_COOKIE },
        bearer: {
          type: "http",
          scheme: "bearer",
          description: `A personal access token (${API_TOKEN_PREFIX}…) made by a stocker, a referent or an administrator in their profile: the call acts as its owner; a read token may only GET. No ${XSRF_HEADER} header is needed. An unknown, expired or revoked token is 401 invalid_token; a read token's POST is 403 token_read_only; ${API_TOKEN_CALLS.max} calls per token and minute, then 429.`,
        },
      },
      schemas: {
        Error: {
          type: "object",
          required: ["error"],
          properties: {
            error: { type: "string", description: "A stable code: invalid, unauthorized, not_found…" },
            message: { type: "string", description: "The same in the caller's language." },
            errors: { type: "object", additionalProperties: { type: "string" }, description: "For bad input: field → code." },
          },
        },
      },
      responses: {
        Unauthorized: errorResponse("Not logged in."),
        Forbidden: errorResponse("Logged in without a role that may call."),
        NotFound: errorResponse("No such thing (or not the caller's)."),
        MethodNotAllowed: errorResponse("The endpoint does not take this method."),
        Conflict: errorResponse("The thing changed meanwhile, or the request repeats one already done."),
        CsrfTokenMismatch: errorResponse(`The ${XSRF_HEADER} header is missing or does not match the ${XSRF_COOKIE} cookie.`),
        Invalid: errorResponse("Bad input: `errors` says which fields."),
        TooManyRequests: errorResponse("Past a rate limit."),
      },
    },
  };
}

/** A build's route manifest as full paths and modules (each route names its parent). */
export function routesOfManifest(manifest: ServerBuild["routes"]): DescribedRoute[] {
  const byId = new Map(Object.values(manifest).flatMap((r) => (r ? [[r.id, r] as const] : [])));
  const fullPath = (id: string | undefined): string => {
    const route = id ? byId.get(id) : undefined;
    if (!route) return "";
    return [fullPath(route.parentId), route.path ?? ""].filter(Boolean).join("/");
  };
  return [...byId.values()].map((r) => ({ path: fullPath(r.id), module: r.module as DescribedRoute["module"] }));
}

// One document per build (the development server's build changes as files are saved).
const memo = new WeakMap<object, Map<string, Record<string, unknown>>>();

/** The API description of the running build's routes, made once per build and origin. */
export function buildOpenApiDocument({ origin, manifest }: { origin: string; manifest: ServerBuild["routes"] }): Record<string, unknown> {
  let byOrigin = memo.get(manifest);
  if (!byOrigin) memo.set(manifest, (byOrigin = new Map()));
  let doc = byOrigin.get(origin);
  if (!doc) byOrigin.set(origin, (doc = describeRoutes(routesOfManifest(manifest), origin)));
  return doc;
}
