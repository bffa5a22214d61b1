import { randomBytes } from "node:crypto";
import path from "node:path";
import { Readable } from "node:stream";
import type { ReadableStream as NodeReadableStream } from "node:stream/web";
import { fileURLToPath } from "node:url";
import fastifyCompress from "@fastify/compress";
import fastifyStatic from "@fastify/static";
import { fastifyTrustProxy, parseTrustProxy, type TrustProxy } from "@paxelbox/contract";
import Fastify, {
  errorCodes,
  type FastifyBaseLogger,
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
} from "fastify";
import { createRequestHandler, type RouterContextProvider, type ServerBuild } from "react-router";
import { compressionThreshold } from "../precompress-assets.ts";
import {
  type CspOptions,
  clientAddressHeader,
  contentSecurityPolicy,
  nonceHeader,
} from "../src/lib/security/csp.ts";
import { pageRoute, RequestLog, requestLogFields } from "./request-log.ts";
import { hashInlineScripts, sharedCacheMayStore } from "./shared-page.ts";

const defaultBuildDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../build");

export interface WebServerOptions {
  buildDir?: string;
  /**
   * The environment the web app's configuration is parsed from (`src/config/env.ts`), once, when
   * the server is built: `process.env` by default. The composition root passes its own, with the
   * API's address on its port.
   */
  env?: Record<string, string | undefined>;
  /**
   * `true`: JSON lines on standard output (LOG_LEVEL). A logger: log through it (the composition root
   * passes the API's, so both apps write one format: readable lines in a terminal, docs/operations.md).
   */
  logger?: boolean | FastifyBaseLogger;
  /**
   * Proxies whose X-Forwarded-* headers name the visitor (the composition root passes the API's
   * reading of TRUST_PROXY); TRUST_PROXY read here by default.
   */
  trustProxy?: TrustProxy;
}

/** Headers on every response of the web app (graded in e2e/security-grade.e2e.test.ts, docs/security.md). */
export const securityHeaders = {
  "x-content-type-options": "nosniff",
  // Order pages carry tokens in their query: other sites never see the address.
  "referrer-policy": "same-origin",
  // For browsers without CSP frame-ancestors; both say the same.
  "x-frame-options": "SAMEORIGIN",
  "strict-transport-security": "max-age=31536000; includeSubDomains; preload",
  "cross-origin-opener-policy": "same-origin",
  // Pages, scripts, styles and fonts are for this site (and a CDN on the same site) only.
  "cross-origin-resource-policy": "same-site",
  "permissions-policy": "camera=(), microphone=(), payment=(), geolocation=(self)",
} as const;

/** The policy of the static HTML files (public/offline.html): no script at all. */
export const staticPagePolicy =
  "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'; frame-ancestors 'self'";

/**
 * What the web server reads of the web app's configuration (`ServerConfig` of `src/config/env.ts`,
 * which the Node-resolved scripts cannot import: the app's modules name theirs without extensions).
 */
interface WebConfig {
  csp: Pick<CspOptions, "apiOrigin" | "recaptcha">;
  /** The site's public origin (PUBLIC_BASE_URL): every page's address is on it. */
  publicBaseUrl: string;
}

/** The server build's entry (`src/entry.server.tsx`): the configuration and each request's context. */
type WebEntry = ServerBuild["entry"]["module"] & {
  parseWebEnv(env: Record<string, string | undefined>): WebConfig;
  requestContexts(config: WebConfig): () => RouterContextProvider;
};

/**
 * The Fastify request as a web `Request` for React Router (body streamed for non-GET), carrying
 * the visitor's address in `clientAddressHeader` for the loaders' API calls: Fastify's `request.ip`
 * under TRUST_PROXY, set over whatever the visitor sent in that header. Its address is the request's
 * path and query on the site's configured origin (`origin`, PUBLIC_BASE_URL), never one a header
 * names (ADR 033): React Router refuses a form posted from another origin than the page's, so a
 * front end that ends TLS or rewrites Host must not make the site's own forms look foreign.
 */
export function toWebRequest(request: FastifyRequest, reply: FastifyReply, origin: string): Request {
  const target = new URL(request.url, "http://path.invalid");
  const url = new URL(`${target.pathname}${target.search}`, origin);
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (value === undefined) continue;
    if (Array.isArray(value)) for (const item of value) headers.append(name, item);
    else headers.set(name, String(value));
  }
  headers.set(clientAddressHeader, request.ip);
  const controller = new AbortController();
  reply.raw.once("close", () => {
    if (!reply.raw.writableFinished) controller.abort();
  });
  const init: RequestInit & { duplex?: "half" } = {
    method: request.method,
    headers,
    signal: controller.signal,
  };
  if (request.method !== "GET" && request.method !== "HEAD") {
    init.body = Readable.toWeb(request.raw) as ReadableStream;
    init.duplex = "half";
  }
  return new Request(url, init);
}

/**
 * The largest body a page posts: the package form's photo and fields, with what its action reads
 * past its own limit before it answers (`limitedFormData`, four times the limit).
 */
export const maxBodyBytes = 64 * 1024 * 1024;

/**
 * React Router reads request bodies itself (form actions, each with its own limit), so Fastify
 * leaves them unread; a body that says it is larger than any page posts is refused (413) before
 * anything reads it.
 */
export function leaveBodiesUnread(app: FastifyInstance) {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser("*", (request, _payload, done) => {
    if (Number(request.headers["content-length"]) > maxBodyBytes) {
      return done(new errorCodes.FST_ERR_CTP_BODY_TOO_LARGE(), undefined);
    }
    done(null, undefined);
  });
}

/** Serves the built client assets and renders every other path with React Router on the server. */
export async function buildWebServer(options: WebServerOptions = {}): Promise<FastifyInstance> {
  const buildDir = options.buildDir ?? defaultBuildDir;
  const env = options.env ?? process.env;
  const build = (await import(path.join(buildDir, "server/index.js"))) as ServerBuild;
  // The web app's configuration, parsed now: a bad variable stops the start, not a page view.
  const entry = build.entry.module as WebEntry;
  const config = entry.parseWebEnv(env);
  const requestContext = entry.requestContexts(config);
  const handle = createRequestHandler(
    build,
    process.env.NODE_ENV === "development" ? "development" : "production",
  );

  const app = Fastify({
    ...(typeof options.logger === "object"
      ? { loggerInstance: options.logger }
      : {
          logger: options.logger
            ? { level: env.LOG_LEVEL ?? "info", serializers: { req: requestLogFields } }
            : false,
        }),
    logController: new RequestLog(),
    // While the server alone drains (`standalone.ts`), a request that arrives on a connection still
    // open is served, with `Connection: close`, as the composition root serves it: readiness then
    // says 503 `shuttingDown` itself, rather than Fastify's bare 503 to every path.
    return503OnClosing: false,
    // The visitor as the API sees it (TRUST_PROXY): the loaders name them on their API calls.
    trustProxy: fastifyTrustProxy(options.trustProxy ?? parseTrustProxy(env.TRUST_PROXY)),
  }) as FastifyInstance;
  leaveBodiesUnread(app);

  app.addHook("onSend", async (_request, reply) => {
    reply.headers(securityHeaders);
  });
  // Pages are compressed as they are sent; the built files were compressed when they were built
  // (precompress-assets.ts), better than a response can afford, and are sent as they are.
  await app.register(fastifyCompress, { global: true, threshold: compressionThreshold });
  await app.register(fastifyStatic, {
    root: path.join(buildDir, "client"),
    prefix: "/",
    preCompressed: true,
    wildcard: false,
    index: false,
    setHeaders(reply, filePath) {
      const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
      // The service worker must be checked for updates on every visit (sent as it is or as one of
      // its compressed copies, `sw.js.br`, `sw.js.gz`).
      const worker = /^sw\.js(\.br|\.gz)?$/.test(path.basename(filePath));
      reply.header(
        "cache-control",
        immutable ? "public, max-age=31536000, immutable" : worker ? "no-cache" : "public, max-age=3600",
      );
      // Static HTML (the offline page): its own inline style and this site's icon, nothing else.
      if (/\.html(\.br|\.gz)?$/.test(path.basename(filePath))) {
        reply.header("content-security-policy", staticPagePolicy);
      }
    },
  });

  const policy = (scripts: CspOptions["scripts"]) => contentSecurityPolicy({ scripts, ...config.csp });

  app.all(pageRoute, async (request, reply) => {
    const nonce = randomBytes(16).toString("base64");
    const webRequest = toWebRequest(request, reply, config.publicBaseUrl);
    webRequest.headers.set(nonceHeader, nonce);
    const response = await handle(webRequest, requestContext());
    const html = (response.headers.get("content-type") ?? "").startsWith("text/html");
    reply.status(response.status);
    for (const [name, value] of response.headers) {
      if (name !== "set-cookie") reply.header(name, value);
    }
    const cookies = response.headers.getSetCookie();
    if (cookies.length > 0) reply.header("set-cookie", cookies);
    if (html && sharedCacheMayStore(response.headers.get("cache-control"))) {
      if (cookies.length > 0) {
        // A page that sets a cookie is someone's own, whatever its route said.
        reply.header("cache-control", "private, no-store");
      } else {
        // A page for every visitor (src/lib/shared-cache.ts): its scripts are named by hash, not nonce.
        const shared = hashInlineScripts(await response.text(), nonce);
        reply.removeHeader("content-length");
        reply.header("content-security-policy", policy({ hashes: shared.hashes }));
        return reply.send(shared.html);
      }
    }
    if (html) reply.header("content-security-policy", policy({ nonce }));
    if (!response.body || request.method === "HEAD") return reply.send();
    return reply.send(Readable.fromWeb(response.body as NodeReadableStream));
  });
  return app;
}
