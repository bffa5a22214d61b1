import { calls, type Settings } from "@paxelbox/contract";
import type { FastifyInstance } from "fastify";
import type { Queryable } from "../db/database.ts";
import { clientAddress } from "../domain/rate-limit.ts";
import { type Encoding, encode, preferredEncoding } from "../http/encoding.ts";
import { notFound } from "../http/errors.ts";
import { mountCall } from "../http/route.ts";
import { renderMedia } from "../media/render-media.ts";

/**
 * Lookups of a code no link has, per client address: what a guesser's misses cost is bounded. A
 * link that exists is never refused: many phones share one address behind a carrier's NAT, and a
 * campaign's link is opened by many of them at once; so a guesser still finds codes that exist,
 * which lead to public pages only.
 */
export const shortLinkLimit = { name: "short-link", max: 60, windowSeconds: 60 };

/**
 * `snapOn`: the bank-interface flow has a gateway. When it has none, the `snap_bi_*` features read
 * disabled whatever the table says, so no screen is sent to a flow that is off.
 */
export function contentRoutes(
  app: FastifyInstance,
  db: Queryable,
  options: { productName: string; snapOn: boolean },
): void {
  const { productName, snapOn } = options;
  mountCall(app, calls.settings, async ({ reply }) => {
    const rows = await db.query<{ grp: string; name: string; value: unknown }>(
      "select grp, name, value from settings order by grp, position, name",
    );
    reply.header("cache-control", "public, max-age=60");
    const settings: Settings = { paxelbox_content: [], enabled_userapp_feature: [] };
    for (const row of rows) {
      if (row.grp === "paxelbox_content") {
        settings.paxelbox_content.push({
          name: row.name,
          setting_value: row.value,
        } as Settings["paxelbox_content"][number]);
      } else if (row.grp === "enabled_userapp_feature") {
        const snapFeature = row.name === "snap_bi_paxelbox" || row.name === "snap_bi_dropoff";
        settings.enabled_userapp_feature.push({
          name: row.name,
          setting_value: snapFeature && !snapOn ? "disabled" : row.value,
        } as Settings["enabled_userapp_feature"][number]);
      }
    }
    return settings;
  });

  for (const [call, table] of [
    [calls.banners, "banners"],
    [calls.services, "services"],
  ] as const) {
    mountCall(app, call, async ({ query, reply }) => {
      const limit = query.limit < 0 ? null : query.limit;
      const rows = await db.query<{ data: never }>(
        `select data from ${table} where language = $1 order by position, id limit $2`,
        [query.language, limit],
      );
      reply.header("cache-control", "public, max-age=60");
      return rows.map((row) => row.data);
    });
  }

  mountCall(app, calls.shortLink, async ({ params, request }) => {
    const [link] = await db.query<{ url: string }>("select url from short_links where code = $1", [
      params.code,
    ]);
    if (!link) {
      // A guesser this instance has refused is not counted again in the database.
      const address = clientAddress(request);
      app.rateLimiter.recall(shortLinkLimit, address);
      await app.rateLimiter.hit(shortLinkLimit, address);
      throw notFound("shortLinkNotFound");
    }
    return { url: link.url };
  });

  // Pictures are SVG text (about 10 KB, 2 KB compressed), the same for every request: each known
  // picture is compressed once per encoding. The cache is bounded by the pictures renderMedia knows.
  const compressed = new Map<string, Buffer>();
  mountCall(app, calls.media, async ({ params, request, reply }) => {
    const svg = renderMedia(params.kind, params.name, { productName });
    if (svg === null) throw notFound("pictureNotFound", { kind: params.kind, name: params.name });
    reply
      .header("content-type", "image/svg+xml; charset=utf-8")
      .header("cache-control", "public, max-age=86400")
      // Opened on its own, a picture runs nothing and is framed by nobody; its own <style> applies.
      .header(
        "content-security-policy",
        "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'; base-uri 'none'",
      )
      .header("vary", "accept-encoding");
    const encoding: Encoding | null = preferredEncoding(request.headers["accept-encoding"]);
    if (!encoding) return reply.send(svg);
    const key = `${params.kind}/${params.name}/${encoding}`;
    let body = compressed.get(key);
    if (!body) {
      body = encode(svg, encoding);
      compressed.set(key, body);
    }
    return reply.header("content-encoding", encoding).send(body);
  });
}
