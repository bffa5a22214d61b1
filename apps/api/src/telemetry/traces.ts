/**
 * OpenTelemetry traces (docs/operations.md, "Traces"): on when an OTLP endpoint is configured
 * (`OTEL_EXPORTER_OTLP_ENDPOINT` or `OTEL_EXPORTER_OTLP_TRACES_ENDPOINT`), off otherwise — and then
 * the SDK is not even loaded. The standard `OTEL_*` variables set the rest: protocol (default
 * `http/protobuf`), service name, sampler, headers.
 *
 * Spans: every HTTP request in and out (`node:http` and `fetch`), Fastify's routing with the route
 * pattern (`@fastify/otel`), and every database query (`db/traced.ts`). Tokens in addresses are
 * redacted before a span is recorded.
 *
 * Start it before any server is created: the entry points call it first and import the system after.
 */
import { createRequire } from "node:module";
import { personalQueryParameters, secretQueryParameters } from "../http/log-redaction.ts";

export type StopTelemetry = () => Promise<void>;

/** Whether the environment asks for traces. */
export function tracesConfigured(env: NodeJS.ProcessEnv): boolean {
  if (env.OTEL_SDK_DISABLED === "true" || env.OTEL_TRACES_EXPORTER === "none") return false;
  return Boolean(env.OTEL_EXPORTER_OTLP_ENDPOINT || env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT);
}

/** The OpenTelemetry default list of credential query parameters, plus the product's own and a visitor's position. */
const redactedQueryParams = [
  "sig",
  "Signature",
  "AWSAccessKeyId",
  "X-Goog-Signature",
  "X-Amz-Signature",
  "X-Amz-Credential",
  "X-Amz-Security-Token",
  ...secretQueryParameters,
  ...personalQueryParameters,
];

/** Built, fingerprinted files: thousands of requests a trace store does not need. */
function isStaticAsset(url: string | undefined): boolean {
  return url?.startsWith("/assets/") ?? false;
}

/** Starts tracing when configured; the returned function flushes and stops it (on shutdown). */
export async function startTelemetry(
  env: NodeJS.ProcessEnv = process.env,
): Promise<StopTelemetry | undefined> {
  if (!tracesConfigured(env)) return undefined;
  const [{ NodeSDK }, { HttpInstrumentation }, { UndiciInstrumentation }, { FastifyOtelInstrumentation }] =
    await Promise.all([
      import("@opentelemetry/sdk-node"),
      import("@opentelemetry/instrumentation-http"),
      import("@opentelemetry/instrumentation-undici"),
      import("@fastify/otel"),
    ]);
  const { redactUrl } = await import("../http/log-redaction.ts");
  const sdk = new NodeSDK({
    serviceName: env.OTEL_SERVICE_NAME ?? "paxelbox",
    // Traces only: metrics are Prometheus' (`/metrics`), logs go to standard output.
    metricReaders: [],
    logRecordProcessors: [],
    instrumentations: [
      new HttpInstrumentation({
        ignoreIncomingRequestHook: (request) => isStaticAsset(request.url),
        redactedQueryParams,
        redactedQueryParamsServer: redactedQueryParams,
        // An incoming address as the request log writes it (`redactUrl`): besides the tokens (under
        // any escaped name), the ids a path holds as a credential (a payment return's, with its
        // `order_id`, and a pick-up QR picture's) and the locker finder's position.
        requestHook: (span, request) => {
          const address = (request as { url?: unknown }).url;
          // Only an incoming request has `url`; an outgoing one's address is the undici hook's below.
          if (typeof address !== "string") return;
          const [path = "", query] = redactUrl(address).split(/\?(.*)/s);
          span.setAttribute("url.path", path);
          if (query !== undefined) span.setAttribute("url.query", query);
        },
      }),
      // `fetch`: the web server's loaders calling the API, the API calling a payment gateway.
      new UndiciInstrumentation({
        startSpanHook: (request) => {
          const url = new URL(request.path, request.origin);
          return {
            "url.full": redactUrl(url.toString()),
            "url.query": redactUrl(url.search),
          };
        },
      }),
      new FastifyOtelInstrumentation({
        registerOnInitialization: true,
        // The address without its query (recorded, redacted, on the HTTP span).
        requestHook: (span, request) =>
          span.setAttribute("url.path", redactUrl(request.url).replace(/[?#].*$/, "")),
      }),
    ],
  });
  sdk.start();
  // `node:http` is patched when it is first required; the system imports it as an ES module, which
  // the require hook does not see, so require it here, after the hook is in place.
  createRequire(import.meta.url)("node:http");
  // Spans still queued are sent on the way out; a collector that is down must neither fail the
  // shutdown nor hold it for the exporter's retries (10 s): it gets a few seconds.
  return () => {
    let timer: NodeJS.Timeout | undefined;
    const deadline = new Promise<never>((_, reject) => {
      timer = setTimeout(
        () => reject(new Error(`no answer within ${shutdownFlushMs / 1000} s`)),
        shutdownFlushMs,
      ).unref();
    });
    return Promise.race([sdk.shutdown(), deadline])
      .catch((error: unknown) => {
        console.warn(`Traces not delivered at shutdown: ${(error as Error).message}`);
      })
      .finally(() => clearTimeout(timer));
  };
}

/** The longest a shutdown waits for the collector to take the queued spans. */
const shutdownFlushMs = 2_000;
