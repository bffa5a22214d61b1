import { randomBytes } from "node:crypto";
import { type ApiErrorBody, type CallDef, envelope, fillPath } from "@paxelbox/contract";
import type { FastifyInstance, LightMyRequestResponse } from "fastify";
import pg from "pg";
import { afterAll, beforeAll, expect } from "vitest";
import type { z } from "zod";
import { buildApp, loadConfig } from "../src/app.ts";

export const budi = "demo-token-budi";
export const sari = "demo-token-sari";

/**
 * A fresh database for one test file: an in-memory PGlite, or, when DATABASE_URL is set (CI),
 * a new database created on that PostgreSQL server and dropped afterwards.
 */
async function freshDatabaseUrl(): Promise<{ url: string | undefined; drop(): Promise<void> }> {
  const serverUrl = process.env.DATABASE_URL;
  if (!serverUrl) return { url: undefined, async drop() {} };
  const name = `paxelbox_test_${randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const client = new pg.Client({ connectionString: serverUrl });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
}

/** Builds the API once for the calling test file and closes it afterwards. */
export function useApp(env: Record<string, string> = {}): () => FastifyInstance {
  let app: FastifyInstance | undefined;
  let drop: () => Promise<void> = async () => {};
  beforeAll(async () => {
    const database = await freshDatabaseUrl();
    drop = database.drop;
    const config = loadConfig({
      NODE_ENV: "test",
      DATA_DIR: "memory://",
      ...(database.url ? { DATABASE_URL: database.url } : {}),
      ...env,
    });
    app = await buildApp(config);
  });
  afterAll(async () => {
    await app?.close();
    await drop();
  });
  return () => {
    if (!app) throw new Error("app not built yet");
    return app;
  };
}

export interface CallOptions {
  params?: Record<string, string | number>;
  query?: Record<string, string | number>;
  body?: unknown;
  token?: string;
  headers?: Record<string, string>;
}

/** Calls a contract call through `inject`. */
export function call(
  app: FastifyInstance,
  def: CallDef,
  options: CallOptions = {},
): Promise<LightMyRequestResponse> {
  const headers: Record<string, string> = { ...options.headers };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  const query = options.query
    ? Object.fromEntries(Object.entries(options.query).map(([k, v]) => [k, String(v)]))
    : undefined;
  return app.inject({
    method: def.method,
    url: fillPath(def.path, options.params),
    ...(query ? { query } : {}),
    headers,
    ...(options.body !== undefined ? { payload: options.body as object } : {}),
  });
}

/** Asserts a success envelope and parses its data with the call's schema. */
export function ok<C extends CallDef>(def: C, response: LightMyRequestResponse): z.output<C["response"]> {
  expect(response.statusCode, response.body).toBe(200);
  return envelope(def.response).parse(response.json()).data as z.output<C["response"]>;
}

/** Asserts a `{ code, message }` failure with that status and returns the message. */
export function failure(response: LightMyRequestResponse, status: number): string {
  expect(response.statusCode, response.body).toBe(status);
  const body = response.json() as ApiErrorBody;
  expect(body.code).toBe(status);
  expect(typeof body.message).toBe("string");
  expect(body.message.length).toBeGreaterThan(3);
  expect(response.body).not.toMatch(/\bat .+\.ts:\d+|select |insert into|stack/i);
  return body.message;
}

/** Creates a demo scenario and returns its query parameters. */
export async function scenario(app: FastifyInstance, id: string): Promise<URLSearchParams & { url: string }> {
  const response = await app.inject({ method: "POST", url: `/api/demo/scenarios/${id}` });
  expect(response.statusCode, response.body).toBe(200);
  const url = (response.json() as { data: { url: string } }).data.url;
  const params = new URL(url, "http://x").searchParams as URLSearchParams & { url: string };
  params.url = url;
  return params;
}

/** Starts the calling file's app on a real loopback port (gateway callbacks need real HTTP). */
export function useServer(app: () => FastifyInstance): () => string {
  let origin = "";
  beforeAll(async () => {
    origin = await app().listen({ port: 0, host: "127.0.0.1" });
  });
  return () => origin;
}

export interface HttpResult {
  status: number;
  body: { code: number; message?: string; data?: unknown };
  headers: Headers;
}

/** A contract call over real HTTP. */
export async function http(origin: string, def: CallDef, options: CallOptions = {}): Promise<HttpResult> {
  const url = new URL(fillPath(def.path, options.params), origin);
  for (const [key, value] of Object.entries(options.query ?? {})) url.searchParams.set(key, String(value));
  const headers: Record<string, string> = { ...options.headers };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  if (options.body !== undefined) headers["content-type"] = "application/json";
  const response = await fetch(url, {
    method: def.method,
    headers,
    body: options.body !== undefined ? JSON.stringify(options.body) : undefined,
    redirect: "manual",
  });
  return {
    status: response.status,
    body: (await response.json()) as HttpResult["body"],
    headers: response.headers,
  };
}
