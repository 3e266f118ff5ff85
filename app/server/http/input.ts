// What a request may carry, decided once for every endpoint and page action before any
// schema sees it. The parsers build null-prototype objects and refuse the keys that reach
// a prototype (`__proto__`, `constructor`, `prototype`), so no body or query string can
// change Object.prototype of the running process; the checks walk the input iteratively
// (a deeply nested body cannot overflow the stack) and refuse what PostgreSQL would refuse
// later as a 500: NUL characters and lone UTF-16 surrogates, in keys as in values, and
// numbers so close to zero that its float arithmetic underflows.
import { ValidationError } from "../errors.ts";
import { isNegligible } from "../../schemas/common.ts";

/** Nesting deeper than this is no payload of ours. */
export const MAX_INPUT_DEPTH = 16;
/** Fields of one form body or query string. */
export const MAX_FORM_FIELDS = 1_000;
/** Bracketed parts of one form field name: `a[b][c]` has three. */
const MAX_NAME_PARTS = 6;
const MAX_KEY_LENGTH = 200;

const FORBIDDEN_KEYS = new Set(["__proto__", "constructor", "prototype"]);

/** Bad input at `field` (a dotted path): 422 with `{ errors: { field: code } }`, like any schema failure. */
function refuse(field: string, code = "invalid"): never {
  throw new ValidationError({ [field]: code });
}

type Node = Record<string, unknown>;

function newNode(): Node {
  return Object.create(null) as Node;
}

function checkKey(key: string, path: string): void {
  // Dotted parts too: other parsers (Conform's, a future library's) nest on dots.
  if (key.split(".").some((part) => FORBIDDEN_KEYS.has(part)) || key.length > MAX_KEY_LENGTH || !isCleanText(key)) refuse(path || "body");
}

/** No NUL (PostgreSQL cannot store it in text) and no lone surrogate (nor encode it in json/jsonb). */
export function isCleanText(text: string): boolean {
  return !text.includes("\u0000") && text.isWellFormed();
}

/** The field name the user knows: the spec's wrapper objects (`user_data`, `request_data`…) are left out. */
function fieldName(path: string[]): string {
  return path.filter((p) => !p.endsWith("_data")).join(".") || "body";
}

/**
 * `a[b][c]=1&list[]=2` form fields → nested objects and arrays, like a JSON body. The objects
 * have no prototype, and a name that would write to one is refused.
 */
export function formToObject(entries: Iterable<[string, FormDataEntryValue]>): Record<string, unknown> {
  const out = newNode();
  let count = 0;
  for (const [rawKey, value] of entries) {
    if (++count > MAX_FORM_FIELDS) refuse("body", "too_many_fields");
    const parts = rawKey.replace(/\]/g, "").split("[");
    if (parts.length > MAX_NAME_PARTS) refuse(fieldName(parts));
    // A bad name is reported as the body's fault: the name itself is not echoed back.
    for (const part of parts) if (part !== "") checkKey(part, "body");
    let node: Node = out;
    parts.forEach((part, i) => {
      const last = i === parts.length - 1;
      const next = parts[i + 1];
      if (last) {
        if (part === "") return;
        const existing = node[part];
        if (existing === undefined) node[part] = value;
        else if (Array.isArray(existing)) existing.push(value);
        else node[part] = [existing, value];
        return;
      }
      if (next === "") {
        const existing = node[part];
        const list = Array.isArray(existing) ? existing : (node[part] = existing === undefined ? [] : [existing]);
        if (i + 1 === parts.length - 1) (list as unknown[]).push(value);
        return;
      }
      const existing = node[part];
      if (existing === undefined || typeof existing !== "object" || existing === null || Array.isArray(existing) || existing instanceof Blob) {
        // `a=1&a[b]=2`: one name cannot be both a value and an object.
        if (existing !== undefined) refuse(fieldName(parts.slice(0, i + 1)));
        node[part] = newNode();
      }
      node = node[part] as Node;
    });
  }
  return out;
}

/** Query string → object; repeated keys and `key[]` become arrays, `a[b]` nests. */
export function queryToObject(url: URL): Record<string, unknown> {
  return formToObject(url.searchParams.entries());
}

/**
 * Walks a parsed body, query or params object without recursion and throws ValidationError at
 * the first key or value that no endpoint may receive: too deep, a forbidden key, a NUL, a
 * lone surrogate, or a number too close to zero for PostgreSQL's arithmetic.
 */
export function checkInput(input: unknown): void {
  const stack: { value: unknown; path: string[] }[] = [{ value: input, path: [] }];
  while (stack.length) {
    const { value, path } = stack.pop()!;
    if (typeof value === "string") {
      if (!isCleanText(value)) refuse(fieldName(path));
      continue;
    }
    if (typeof value === "number") {
      if (isNegligible(value)) refuse(fieldName(path));
      continue;
    }
    if (value === null || typeof value !== "object" || value instanceof Blob) continue;
    if (path.length >= MAX_INPUT_DEPTH) refuse("body", "too_deep");
    for (const key of Object.keys(value)) {
      checkKey(key, fieldName(path));
      stack.push({ value: (value as Node)[key], path: [...path, key] });
    }
  }
}

/**
 * A page action's form (Conform names: `a.b`, `list[0]`), checked like an endpoint's input:
 * a name that reaches a prototype, a NUL or a lone surrogate is refused before Conform
 * builds its objects from the names.
 */
export async function readFormData(request: Request): Promise<FormData> {
  let form: FormData;
  try {
    form = await request.formData();
  } catch {
    refuse("body");
  }
  let count = 0;
  for (const [name, value] of form.entries()) {
    if (++count > MAX_FORM_FIELDS) refuse("body", "too_many_fields");
    for (const part of name.split(/[.[\]]/)) if (part !== "") checkKey(part, "body");
    if (typeof value === "string" && !isCleanText(value)) refuse(name);
  }
  return form;
}
