/**
 * The HTTP/2 front: TLS with a self-signed certificate made with openssl, forwarding to the system
 * like a CDN or load balancer does (and the React Router hello world's path to its own server),
 * and serving the static copy of the landing page itself.
 */
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import http from "node:http";
import http2 from "node:http2";
import { tmpdir } from "node:os";
import path from "node:path";
import { brotliCompressSync, gzipSync } from "node:zlib";
import { staticLandingPath } from "./pages.ts";

export interface Tls {
  key: Buffer;
  cert: Buffer;
}

/** A self-signed certificate for localhost, or null when openssl is not on the machine. */
export function certificate(): Tls | null {
  const dir = mkdtempSync(path.join(tmpdir(), "paxelbox-audit-tls-"));
  const key = path.join(dir, "key.pem");
  const cert = path.join(dir, "cert.pem");
  try {
    execFileSync(
      "openssl",
      [
        ...["req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes"],
        ...["-days", "1", "-subj", "/CN=localhost", "-addext", "subjectAltName=DNS:localhost,IP:127.0.0.1"],
        ...["-keyout", key, "-out", cert],
      ],
      { stdio: "ignore" },
    );
    return { key: readFileSync(key), cert: readFileSync(cert) };
  } catch {
    return null;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The rendered landing page without JavaScript: scripts and module preloads removed. */
export function withoutScripts(html: string): string {
  return html
    .replace(/<script\b[^>]*>[\s\S]*?<\/script>/gi, "")
    .replace(/<link\b[^>]*rel="modulepreload"[^>]*>/gi, "");
}

const hopByHop = new Set([
  "connection",
  "keep-alive",
  "proxy-connection",
  "transfer-encoding",
  "upgrade",
  "http2-settings",
  "host",
]);

function endToEnd(headers: http.IncomingHttpHeaders): http.OutgoingHttpHeaders {
  return Object.fromEntries(
    Object.entries(headers).filter(
      ([name, value]) => !name.startsWith(":") && !hopByHop.has(name) && value !== undefined,
    ),
  );
}

function sendStaticLanding(req: http2.Http2ServerRequest, res: http2.Http2ServerResponse, html: string) {
  const body = Buffer.from(html);
  const accepts = String(req.headers["accept-encoding"] ?? "");
  const [encoding, encoded] = accepts.includes("br")
    ? ["br", brotliCompressSync(body)]
    : accepts.includes("gzip")
      ? ["gzip", gzipSync(body)]
      : ["identity", body];
  res.writeHead(200, {
    "content-type": "text/html; charset=utf-8",
    "content-encoding": encoding,
    "cache-control": "no-store",
    vary: "accept-encoding",
  });
  res.end(encoded);
}

/** A path prefix the front forwards to another server than the system. */
export interface FrontRoute {
  prefix: string;
  upstream: string;
}

/**
 * HTTP/2 over TLS (HTTP/1.1 too for clients without ALPN h2) on a free loopback port, in front of
 * `upstream` (and of each route's own upstream for the paths under its prefix); `staticLanding()`
 * is the HTML served at `staticLandingPath`.
 */
export async function startFront(
  upstream: string,
  tls: Tls,
  staticLanding: () => string,
  routes: readonly FrontRoute[] = [],
): Promise<{ origin: string; close(): Promise<void> }> {
  // A fresh loopback connection per request: a kept-alive one can be closed by the system's idle
  // timeout just as the front reuses it, which would show up as a failed request in the audit.
  const agent = new http.Agent({ keepAlive: false, maxSockets: 64 });
  const targets = routes.map((route) => ({ prefix: route.prefix, target: new URL(route.upstream) }));
  const fallback = new URL(upstream);
  // With allowHTTP1, HTTP/1.1 clients get Node's http objects, which have the same methods used here.
  const handler = (req: http2.Http2ServerRequest, res: http2.Http2ServerResponse) => {
    const requestPath = (req.headers[":path"] as string | undefined) ?? req.url ?? "/";
    if (requestPath === staticLandingPath) return sendStaticLanding(req, res, staticLanding());
    const target = targets.find((route) => requestPath.startsWith(route.prefix))?.target ?? fallback;
    const authority = (req.headers[":authority"] as string | undefined) ?? req.headers.host ?? "localhost";
    const headers = {
      ...endToEnd(req.headers),
      host: authority,
      "x-forwarded-host": authority,
      "x-forwarded-proto": "https",
      "x-forwarded-for": req.socket.remoteAddress ?? "127.0.0.1",
    };
    const forward = http.request(
      { host: target.hostname, port: target.port, method: req.method, path: requestPath, headers, agent },
      (upstreamResponse) => {
        res.writeHead(upstreamResponse.statusCode ?? 502, endToEnd(upstreamResponse.headers));
        upstreamResponse.pipe(res);
      },
    );
    forward.on("error", (error) => {
      console.error(`  front: ${req.method} ${requestPath} failed: ${error.message}`);
      if (!res.headersSent) res.writeHead(502, { "content-type": "text/plain" });
      res.end("Bad gateway");
    });
    req.pipe(forward);
  };
  const server = http2.createSecureServer({ ...tls, allowHTTP1: true }, handler);
  const sessions = new Set<http2.ServerHttp2Session>();
  server.on("session", (session) => {
    sessions.add(session);
    session.once("close", () => sessions.delete(session));
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", resolve);
  });
  const { port } = server.address() as { port: number };
  return {
    origin: `https://localhost:${port}`,
    async close() {
      for (const session of sessions) session.destroy();
      agent.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
