import Ajv2020, { type ValidateFunction } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import type { JsonSchema } from './jsonSchemaSamples';

// ajv-formats is CommonJS: its function is the default export's default.
const addFormats = addFormatsModule as unknown as typeof addFormatsModule.default;

export type MediaTypes = Record<string, { schema: JsonSchema }>;
export type Parameter = {
  name: string;
  in: 'path' | 'query' | 'header' | 'cookie';
  required?: boolean;
  schema: JsonSchema;
};
export type Operation = {
  parameters?: Parameter[];
  requestBody?: { required?: boolean; content: MediaTypes };
  responses: Record<string, { description: string; content?: MediaTypes }>;
  security?: unknown[];
};
export type OpenApiDocument = { paths: Record<string, Record<string, Operation>> };

/** The media type of a Content-Type header, without its parameters. */
export const mediaTypeOf = (contentType: string | null) => contentType?.split(';')[0]!.trim().toLowerCase() ?? '';

/**
 * Checks values and answers against the document's schemas with a JSON Schema 2020-12 validator
 * (ajv, formats asserted): what the fuzz sends must be valid, and what the server answers must be
 * described, status, media type and body.
 */
export function documentChecks() {
  const ajv = new Ajv2020({ allErrors: true, strict: true, allowUnionTypes: true });
  addFormats(ajv);
  const validators = new WeakMap<JsonSchema, ValidateFunction>();
  const validatorFor = (schema: JsonSchema) => {
    let validate = validators.get(schema);
    if (!validate) validators.set(schema, (validate = ajv.compile(schema)));
    return validate;
  };

  /** The validator's complaints about a value against a schema; empty when it is valid. */
  function problems(schema: JsonSchema, value: unknown): string[] {
    const validate = validatorFor(schema);
    if (validate(value)) return [];
    return (validate.errors ?? []).map(
      (error) => `${error.instancePath || '(value)'} ${error.message ?? ''} ${JSON.stringify(error.params)}`,
    );
  }

  /** What is wrong with an answer to the operation, or undefined when the document describes it. */
  async function answerProblem(operation: Operation, response: Response): Promise<string | undefined> {
    const status = String(response.status);
    const described =
      operation.responses[status] ?? operation.responses[`${status[0]}XX`] ?? operation.responses.default;
    const text = await response.text();
    const answer = `${status} ${response.headers.get('content-type') ?? '(no content type)'}: ${text.slice(0, 300)}`;
    if (!described) return `status not described: ${answer}`;
    if (!described.content) return text === '' ? undefined : `a body where none is described: ${answer}`;
    const mediaType = mediaTypeOf(response.headers.get('content-type'));
    const content = described.content[mediaType];
    if (!content)
      return `media type ${mediaType} not described for ${status} (only ${Object.keys(described.content).join(', ')}): ${answer}`;
    let body: unknown = text;
    if (mediaType === 'application/json') {
      try {
        body = JSON.parse(text);
      } catch {
        return `not JSON: ${answer}`;
      }
    }
    const found = problems(content.schema, body);
    return found.length === 0 ? undefined : `body not as described (${found.join('; ')}): ${answer}`;
  }

  return { problems, answerProblem };
}
