import * as z from "zod/mini";
import type { $ZodType } from "zod/v4/core";
import { referenceOrder } from "./calls.ts";
import { ApiErrorBody, envelope } from "./common.ts";
import type { CallDef } from "./define-call.ts";

type JsonSchema = Record<string, unknown>;

function toSchema(schema: $ZodType, io: "input" | "output"): JsonSchema {
  const { $schema: _ignored, ...rest } = z.toJSONSchema(schema, {
    target: "draft-2020-12",
    io,
    unrepresentable: "any",
  }) as JsonSchema;
  return rest;
}

function parametersOf(schema: $ZodType | undefined, location: "path" | "query"): JsonSchema[] {
  if (!schema) return [];
  const json = toSchema(schema, "input") as { properties?: Record<string, JsonSchema>; required?: string[] };
  return Object.entries(json.properties ?? {}).map(([name, property]) => ({
    name,
    in: location,
    required: location === "path" || (json.required ?? []).includes(name),
    schema: property,
  }));
}

const idempotencyKeyParameter = {
  name: "Idempotency-Key",
  in: "header",
  required: false,
  description:
    "Retry safely: the same key with the same body answers the first answer again; with another body, 422.",
  schema: { type: "string", minLength: 1, maxLength: 255 },
};

const errorResponse = {
  description: "Failure: `{ code, message }`",
  content: { "application/json": { schema: toSchema(ApiErrorBody, "output") } },
};

/** Builds the OpenAPI 3.1 document of the given calls from their zod schemas, in `referenceOrder`. */
export function buildOpenApiDocument(
  calls: Record<string, CallDef>,
  info: { title: string; version: string; description?: string },
): JsonSchema {
  const paths: Record<string, Record<string, JsonSchema>> = {};
  const position = (call: CallDef) => {
    const index = (referenceOrder as readonly string[]).indexOf(call.id);
    return index === -1 ? referenceOrder.length : index;
  };
  const ordered = Object.values(calls).sort((a, b) => position(a) - position(b));
  for (const call of ordered) {
    const operation: JsonSchema = {
      operationId: call.id,
      summary: call.summary,
      tags: [call.tag],
      parameters: [
        ...parametersOf(call.params, "path"),
        ...parametersOf(call.query, "query"),
        ...(call.idempotent ? [idempotencyKeyParameter] : []),
      ],
      responses: {
        "200":
          call.responseType === "image"
            ? { description: "Image", content: { "image/png": {}, "image/svg+xml": {} } }
            : call.responseType === "redirect" || call.responseType === "empty"
              ? undefined
              : call.responseType === "events"
                ? {
                    description: "Server-Sent Events: each `data` is `{ code: 200, data }`",
                    content: { "text/event-stream": { schema: toSchema(envelope(call.response), "output") } },
                  }
                : {
                    description: "Success: `{ code: 200, data }`",
                    content: { "application/json": { schema: toSchema(envelope(call.response), "output") } },
                  },
        ...(call.responseType === "redirect"
          ? { "302": { description: "Redirect to the page to open" } }
          : {}),
        ...(call.responseType === "empty" ? { "204": { description: "No content" } } : {}),
        "400": errorResponse,
        ...(call.auth === "bearer" ? { "401": errorResponse, "403": errorResponse } : {}),
        ...(call.idempotent ? { "422": errorResponse } : {}),
        "404": errorResponse,
      },
    };
    if (!(operation.responses as JsonSchema)["200"]) delete (operation.responses as JsonSchema)["200"];
    if (call.description) operation.description = call.description;
    if (call.auth !== "none")
      operation.security = call.auth === "optional" ? [{}, { bearer: [] }] : [{ bearer: [] }];
    if (call.body) {
      const mediaType = call.bodyType === "multipart" ? "multipart/form-data" : "application/json";
      operation.requestBody = {
        required: true,
        content: { [mediaType]: { schema: toSchema(call.body, "input") } },
      };
    }
    paths[call.path] ??= {};
    (paths[call.path] as Record<string, JsonSchema>)[call.method.toLowerCase()] = operation;
  }
  return {
    openapi: "3.1.0",
    info,
    paths,
    components: { securitySchemes: { bearer: { type: "http", scheme: "bearer" } } },
  };
}
