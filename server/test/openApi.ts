/**
 * The parts of an OpenAPI 3 document the tests read, so they read a typed document rather than
 * whatever `fetch(...).json()` gives.
 */
export type OpenApiSchema = {
  type?: string;
  enum?: unknown[];
  required?: string[];
  properties?: Record<string, OpenApiSchema>;
  [keyword: string]: unknown;
};

type Content = Record<string, { schema: OpenApiSchema }>;

export type OpenApiOperation = {
  summary?: string;
  parameters?: { name: string; in: string; required?: boolean }[];
  requestBody?: { content: Content };
  responses: Record<string, { description?: string; content?: Content }>;
};

export type OpenApiDocument = {
  openapi: string;
  paths: Record<
    string,
    Partial<Record<'get' | 'post' | 'put' | 'patch' | 'delete', OpenApiOperation>>
  >;
};

/** The app's OpenAPI document, as /api/docs/json publishes it. */
export async function openApiDocument(baseUrl: string): Promise<OpenApiDocument> {
  const res = await fetch(`${baseUrl}/api/docs/json`);
  if (res.status !== 200) throw new Error(`GET /api/docs/json answered ${res.status}`);
  return (await res.json()) as OpenApiDocument;
}
