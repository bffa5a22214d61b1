/**
 * The audit's reference page: a React Router hello world (`hello-world/`: framework mode, server
 * rendering, one index route with a heading and a paragraph, React Router's default entries), built
 * with the repo's own `@react-router/dev`, Vite, React and React Router as apps/web is
 * (`react-router build`), and served by a small Node HTTP/1.1 server with React Router's
 * `createRequestHandler`. The audit measures it in each pass beside the pages: what the framework
 * alone costs on this machine, in this run.
 *
 * How it is served, like apps/web's server: the built files under `assets/` with a year's
 * immutable caching, sent as a Brotli (or gzip) copy made at the best quality when the server starts
 * (apps/web compresses its files when it is built); pages rendered per request and compressed as
 * they are sent (Brotli at quality 4, else gzip). Everything is under `base` (`/__audit/hello-world/`),
 * so that the HTTP/2 front can forward it to this server beside the PaxelBox pages.
 */
import { spawnSync } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import http from "node:http";
import { createRequire } from "node:module";
import path from "node:path";
import { Readable } from "node:stream";
import { pathToFileURL } from "node:url";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import type { ServerBuild } from "react-router";
import { base } from "./hello-world/base.ts";

export const helloWorldDir = path.join(import.meta.dirname, "hello-world");
const buildDir = path.join(helloWorldDir, "build");

/**
 * `react-router build` in the fixture's folder (its `build/`, ignored by git like every `build/`).
 * React Router installs `isbot` into the nearest package.json that lacks it when an app has no
 * `entry.server`: the fixture's own package.json declares it, and any npm the build might still start
 * runs as a dry run, so the build never touches the repo's packages.
 */
export function buildHelloWorld(): void {
  const manifest = JSON.parse(readFileSync(path.join(helloWorldDir, "package.json"), "utf8")) as {
    dependencies?: Record<string, string>;
  };
  if (!manifest.dependencies?.isbot) {
    throw new Error(`${helloWorldDir}/package.json must declare isbot, or react-router build installs it`);
  }
  const require = createRequire(path.join(helloWorldDir, "package.json"));
  const cli = path.join(path.dirname(require.resolve("@react-router/dev/package.json")), "bin.cjs");
  const result = spawnSync(process.execPath, [cli, "build"], {
    cwd: helloWorldDir,
    encoding: "utf8",
    env: { ...process.env, NODE_ENV: "production", npm_config_dry_run: "true" },
  });
  if (result.status !== 0) {
    throw new Error(`The React Router hello world's build failed:\n${result.stdout}${result.stderr}`);
  }
}

interface Asset {
  type: string;
  identity: Buffer;
  br: Buffer;
  gzip: Buffer;
}

const types: Record<string, string> = {
  ".js": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".json": "application/json",
  ".svg": "image/svg+xml",
  ".ico": "image/x-icon",
};

/** Every built client file by its address (`base` + its path), with its compressed copies. */
function loadAssets(): Map<string, Asset> {
  const clientDir = path.join(buildDir, "client");
  const assets = new Map<string, Asset>();
  for (const entry of readdirSync(clientDir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const file = path.join(entry.parentPath, entry.name);
    const relative = path.relative(clientDir, file).split(path.sep).join("/");
    if (relative.startsWith(".vite/")) continue;
    const identity = readFileSync(file);
    assets.set(`${base}${relative}`, {
      type: types[path.extname(file)] ?? "application/octet-stream",
      identity,
      br: brotliCompressSync(identity, {
        params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY },
      }),
      gzip: gzipSync(identity, { level: 9 }),
    });
  }
  return assets;
}

/** The client's preferred encoding among Brotli and gzip, or none. */
function encodingFor(request: http.IncomingMessage): "br" | "gzip" | undefined {
  const accepts = String(request.headers["accept-encoding"] ?? "");
  return /\bbr\b/.test(accepts) ? "br" : /\bgzip\b/.test(accepts) ? "gzip" : undefined;
}

function toWebRequest(request: http.IncomingMessage): Request {
  const url = new URL(request.url ?? "/", `http://${request.headers.host ?? "localhost"}`);
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (value === undefined) continue;
    for (const item of Array.isArray(value) ? value : [value]) headers.append(name, item);
  }
  const init: RequestInit & { duplex?: "half" } = { method: request.method ?? "GET", headers };
  if (request.method !== "GET" && request.method !== "HEAD") {
    init.body = Readable.toWeb(request) as ReadableStream;
    init.duplex = "half";
  }
  return new Request(url, init);
}

/**
 * The hello world on a free loopback port (plain HTTP/1.1); `origin` is its address. Started after
 * the system: React picks its build from NODE_ENV when it is first loaded, and the system sets it
 * as `npm start` does (scripts/modes.ts), so React Router (which loads React) is imported here.
 */
export async function startHelloWorld(): Promise<{ origin: string; close(): Promise<void> }> {
  const { createRequestHandler } = await import("react-router");
  const build = (await import(pathToFileURL(path.join(buildDir, "server/index.js")).href)) as ServerBuild;
  const handle = createRequestHandler(build, "production");
  const assets = loadAssets();

  const server = http.createServer(async (request, response) => {
    try {
      const { pathname } = new URL(request.url ?? "/", "http://localhost");
      const asset = assets.get(pathname);
      const encoding = encodingFor(request);
      if (asset) {
        response.writeHead(200, {
          "content-type": asset.type,
          "cache-control": pathname.startsWith(`${base}assets/`)
            ? "public, max-age=31536000, immutable"
            : "public, max-age=3600",
          vary: "accept-encoding",
          ...(encoding ? { "content-encoding": encoding } : {}),
        });
        response.end(request.method === "HEAD" ? undefined : encoding ? asset[encoding] : asset.identity);
        return;
      }
      if (!pathname.startsWith(base)) {
        // Nothing of the hello world's (a browser's /robots.txt or /favicon.ico): not rendered.
        response.writeHead(404, { "content-type": "text/plain" });
        response.end("Not found");
        return;
      }
      const rendered = await handle(toWebRequest(request));
      const headers: http.OutgoingHttpHeaders = {};
      for (const [name, value] of rendered.headers) if (name !== "set-cookie") headers[name] = value;
      const cookies = rendered.headers.getSetCookie();
      if (cookies.length > 0) headers["set-cookie"] = cookies;
      let body = Buffer.from(await rendered.arrayBuffer());
      if (encoding && body.length > 0 && /^text\/|json/.test(rendered.headers.get("content-type") ?? "")) {
        body =
          encoding === "br"
            ? brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } })
            : gzipSync(body);
        headers["content-encoding"] = encoding;
        headers.vary = "accept-encoding";
        delete headers["content-length"];
      }
      response.writeHead(rendered.status, headers);
      response.end(request.method === "HEAD" ? undefined : body);
    } catch (error) {
      console.error(`  hello world: ${request.method} ${request.url} failed: ${error}`);
      if (!response.headersSent) response.writeHead(500, { "content-type": "text/plain" });
      response.end("Internal error");
    }
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", resolve);
  });
  const { port } = server.address() as { port: number };
  return {
    origin: `http://127.0.0.1:${port}`,
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
