// Answers over HTTP checked against the API's own document (GET /api/openapi.json), as an
// integrator's client would: the operation's 200 JSON schema, compiled by a JSON Schema 2020-12
// validator. The in-process tests check the same answers against the Zod schemas the document
// is made from (tests/support/endpoint.ts); this one checks the document itself.
import { Ajv2020 } from "ajv/dist/2020.js";
import addFormats from "ajv-formats";

type Doc = { paths: Record<string, Record<string, { responses: Record<string, { content?: Record<string, { schema: unknown }> }> }>> };

export async function describedAnswerChecker(baseUrl: string): Promise<(path: string, method: "get" | "post", answer: unknown) => void> {
  const doc = (await (await fetch(`${baseUrl}/api/openapi.json`)).json()) as Doc;
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  addFormats.default(ajv);
  return (path, method, answer) => {
    const schema = doc.paths[path]?.[method]?.responses["200"]?.content?.["application/json"]?.schema;
    if (!schema || Object.keys(schema).length === 0) throw new Error(`${method.toUpperCase()} ${path} describes no answer`);
    const validate = ajv.compile(schema as object);
    if (!validate(answer)) throw new Error(`${method.toUpperCase()} ${path}: ${ajv.errorsText(validate.errors)}`);
  };
}
