import * as z from "zod/mini";
import type { $ZodType } from "zod/v4/core";
import { referenceOrder } from "./calls.ts";
import { ApiErrorBody, envelope } from "./common.ts";
import { type CallDef, declaredStatuses, successStatus } from "./define-call.ts";

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
  const json = toSchema(schema, "input") as {
    properties?: Record<string, JsonSchema>;
    required?: string[];
    additionalProperties?: unknown;
  };
  const named = Object.entries(json.properties ?? {}).map(([name, property]) => ({
    name,
    in: location,
    required: location === "path" || (json.required ?? []).includes(name),
    schema: property,
  }));
  // A query that takes parameters it does not name (the gateway's way back) says so.
  const open =
    location === "query" && json.additionalProperties !== undefined && json.additionalProperties !== false;
  return open ? [...named, otherParameters] : named;
}

/** Free-form query parameters, as OpenAPI writes them: accepted and ignored. */
const otherParameters = {
  name: "other",
  in: "query",
  required: false,
  description: "Any other parameter (a gateway may append its own): accepted and ignored.",
  style: "form",
  explode: true,
  schema: { type: "object", additionalProperties: { type: "string" } },
};

const idempotencyKeyParameter = {
  name: "Idempotency-Key",
  in: "header",
  required: false,
  description:
    "Retry safely: the same key with the same body answers the first answer again; with another body, 422.",
  schema: { type: "string", minLength: 1, maxLength: 255 },
};

/** What each failure status means here (docs/api.md, "Statuses"). */
const failureMeaning: Record<number, string> = {
  400: "Bad input: a parameter, the query (an unknown parameter included) or the body",
  401: "No token, or one nobody holds (a notification: its signature does not verify)",
  403: "Refused: the webhook handshake's verify token is not ours",
  404: "Nothing has this id (or it is not the caller's), or the path names nothing",
  406: "The request's `Accept` does not take `text/event-stream`",
  409: "The record is not in a state that allows this (or the same Idempotency-Key is still running)",
  410: "The drop-off link (or the code) has expired",
  413: "Body too large",
  414: "A path parameter is longer than the router takes",
  415: "Content type not accepted",
  422: "Idempotency-Key reused with another body",
  429: "Too many requests: try again after `Retry-After` seconds",
  502: "The payment gateway did not answer",
  503: "A service this call needs is not available: try again after `Retry-After` seconds when given",
};

const retryAfter = {
  "Retry-After": { description: "Seconds to wait before trying again", schema: { type: "integer" } },
};

function failureResponse(status: number): JsonSchema {
  return {
    description: `${failureMeaning[status] ?? "Failure"}: \`{ code, message, key }\``,
    ...(status === 429 || status === 503 ? { headers: retryAfter } : {}),
    content: { "application/json": { schema: toSchema(ApiErrorBody, "output") } },
  };
}

/** The success answer of a call, by its response type. */
function successResponse(call: CallDef): JsonSchema {
  switch (call.responseType) {
    case "image":
      return { description: "Image", content: { "image/png": {}, "image/svg+xml": {} } };
    case "redirect":
      return {
        description: "Redirect to the page to open",
        headers: { Location: { description: "The page to open", schema: { type: "string" } } },
      };
    case "empty":
      return { description: "No content" };
    case "text":
      return {
        description: "Plain text, without the envelope",
        content: { "text/plain": { schema: toSchema(call.response, "output") } },
      };
    case "events":
      return {
        description:
          "Server-Sent Events (`text/event-stream`): each `order` event's `data` is `{ code: 200, data }`; " +
          "a last message may carry only a `retry` hint",
        content: { "text/event-stream": { schema: toSchema(envelope(call.response), "output") } },
      };
    default:
      return {
        description: "Success: `{ code: 200, data }`",
        content: { "application/json": { schema: toSchema(envelope(call.response), "output") } },
      };
  }
}

/** Every status the call answers (`declaredStatuses`), each with its body. */
function responsesOf(call: CallDef): JsonSchema {
  const success = successStatus(call);
  return Object.fromEntries(
    declaredStatuses(call).map((status) => [
      String(status),
      status === success
        ? successResponse(call)
        : status === 304
          ? { description: "Not modified: the `ETag` sent in `If-None-Match` is still current" }
          : failureResponse(status),
    ]),
  );
}

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
      responses: responsesOf(call),
    };
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
