// Generated hostile input for any endpoint, from the endpoint's own Zod schemas: fast-check
// arbitraries built from the schema's JSON Schema (so new endpoints join by themselves), then
// bent the way an attacker bends them: wrong types where numbers go, prototype keys, deep
// nesting, NUL and lone surrogates, huge texts and lists, odd encodings.
import fc from "fast-check";
import { z } from "zod";

type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  format?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  maxItems?: number;
};

/** Values that have broken servers: each is tried where any value may go. */
export const HOSTILE_VALUES: unknown[] = [
  [],
  {},
  true,
  false,
  null,
  0,
  -1,
  1e308,
  -1e308,
  2 ** 63,
  "",
  " ",
  "\u0000",
  "a\u0000b",
  "\ud800",
  "x\udfffy",
  "\ud83d\ude00",
  "NaN",
  "Infinity",
  "1e999",
  "0x10",
  "12abc",
  "' OR '1'='1' --",
  "<script>alert(1)</script>",
  "../../etc/passwd",
  "%00",
  "a".repeat(20_000),
  ["a".repeat(100)],
  Array.from({ length: 2_000 }, (_, i) => i),
  { __proto__: null, polluted: true },
  JSON.parse('{"__proto__":{"polluted":"yes"}}'),
  { constructor: { prototype: { polluted: "yes" } } },
  deep(40),
];

function deep(levels: number): unknown {
  let value: unknown = "bottom";
  for (let i = 0; i < levels; i++) value = { a: value };
  return value;
}

const hostile = fc.constantFrom(...HOSTILE_VALUES);

function fromJsonSchema(schema: JsonSchema, depth = 0): fc.Arbitrary<unknown> {
  if (depth > 6) return fc.constant(null);
  if ("const" in schema) return fc.constant(schema.const);
  if (schema.enum) return fc.constantFrom(...schema.enum);
  const variants = schema.anyOf ?? schema.oneOf;
  if (variants?.length) return fc.oneof(...variants.map((v) => fromJsonSchema(v, depth + 1)));
  if (schema.allOf?.length) return fromJsonSchema(schema.allOf[0]!, depth + 1);
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case "object": {
      const props = Object.entries(schema.properties ?? {});
      if (!props.length) return fc.dictionary(fc.string({ maxLength: 8 }), fc.string({ maxLength: 8 }), { maxKeys: 3 });
      return fc.record(Object.fromEntries(props.map(([key, value]) => [key, fromJsonSchema(value, depth + 1)])), { requiredKeys: [] });
    }
    case "array":
      return fc.array(schema.items ? fromJsonSchema(schema.items, depth + 1) : fc.integer(), { maxLength: Math.min(schema.maxItems ?? 5, 5) });
    case "string":
      if (schema.format === "email") return fc.emailAddress();
      if (schema.format === "date")
        return fc.date({ min: new Date("2020-01-01"), max: new Date("2030-12-31"), noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10));
      return fc.string({ minLength: Math.min(schema.minLength ?? 0, 20), maxLength: Math.min(schema.maxLength ?? 40, 60) });
    case "integer":
      return fc.integer({ min: Math.max(schema.minimum ?? -1_000, -1_000_000), max: Math.min(schema.maximum ?? 1_000_000, 1_000_000) });
    case "number":
      return fc.double({ min: schema.minimum ?? schema.exclusiveMinimum ?? -1_000, max: schema.maximum ?? schema.exclusiveMaximum ?? 1_000, noNaN: true });
    case "boolean":
      return fc.boolean();
    case "null":
      return fc.constant(null);
    default:
      // Unknown (a preprocess, a transform's input): anything a client could send.
      return fc.oneof(fc.string({ maxLength: 20 }), fc.integer(), fc.boolean(), fc.constant(null));
  }
}

/** A fast-check arbitrary of the values a schema describes (its input side), or any object without one. */
export function arbitraryFor(schema: z.ZodType | undefined): fc.Arbitrary<unknown> {
  if (!schema) return fc.dictionary(fc.string({ maxLength: 10 }), fc.string({ maxLength: 10 }), { maxKeys: 3 });
  let json: JsonSchema;
  try {
    json = z.toJSONSchema(schema, { io: "input", unrepresentable: "any" }) as JsonSchema;
  } catch {
    json = {};
  }
  return fromJsonSchema(json);
}

/** Replace some values of a (valid-looking) value by hostile ones, at any depth; add a hostile key now and then. */
export function bend(value: fc.Arbitrary<unknown>): fc.Arbitrary<unknown> {
  return fc
    .tuple(
      value,
      fc.array(fc.tuple(fc.integer({ min: 0, max: 9 }), hostile), { minLength: 32, maxLength: 32 }),
      fc.constantFrom("__proto__", "constructor", "prototype", "polluted", "x"),
    )
    .map(([v, choices, key]) => {
      let next = 0;
      const walk = (node: unknown, level: number): unknown => {
        const [dice, bad] = choices[next++ % choices.length]!;
        if (dice < 2) return bad;
        if (Array.isArray(node)) return node.map((item) => walk(item, level + 1));
        if (node && typeof node === "object") {
          const out: Record<string, unknown> = {};
          // defineProperty: `out["__proto__"] = …` would set the prototype instead of sending the key.
          const put = (k: string, v: unknown) => Object.defineProperty(out, k, { value: v, enumerable: true, configurable: true, writable: true });
          for (const [k, child] of Object.entries(node)) put(k, walk(child, level + 1));
          if (dice === 9 && level < 2) put(key, bad);
          return out;
        }
        return node;
      };
      return walk(v, 0);
    });
}

/** A value as form fields with bracketed names: { a: { b: [1] } } → a[b][]=1. */
export function toFormPairs(value: unknown, prefix = ""): [string, string][] {
  if (value === null || value === undefined) return prefix ? [[prefix, ""]] : [];
  if (Array.isArray(value)) return value.flatMap((item) => toFormPairs(item, `${prefix}[]`));
  if (typeof value === "object") return Object.entries(value).flatMap(([k, v]) => toFormPairs(v, prefix ? `${prefix}[${k}]` : k));
  return [[prefix || "value", String(value)]];
}

/** A value as a query string (GET endpoints). */
export function toQuery(value: unknown): string {
  const params = new URLSearchParams();
  for (const [k, v] of toFormPairs(value)) params.append(k, v);
  return params.toString();
}

/** JSON text of a value, keeping lone surrogates as they are (JSON.stringify escapes them as \\udXXX, which is what a client sends). */
export function toJson(value: unknown): string {
  try {
    return JSON.stringify(value) ?? "null";
  } catch {
    return "{}";
  }
}
