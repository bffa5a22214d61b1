import DOMPurify from "dompurify";
import { JSDOM } from "jsdom";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { parseWebEnv } from "../../../config/env";
import { serverApiClient } from "../../../lib/http/api-client.server";
import { registerServerSanitizer, sanitizeHtml, sanitizeOptions } from "../../../lib/security/sanitize";
import { type ContentOutcome, fetchBanners, fetchServiceCards, fetchServices } from "./content.server";

const xss =
  '<p onclick="steal()">Hi <strong>there</strong><img src=x onerror="window.hacked=1"><script>alert(1)</script></p>';
const download = { play_store_url: "", play_store_icon: "", app_store_url: "", app_store_icon: "" };
const banner = {
  header: "Header",
  sub_heading: xss,
  button: { text_button: "", is_article: false, article: null, other_url: null },
  download_button: download,
  is_with_download_button: false,
  image_desktop_jpg: "/d.svg",
  image_mobile_jpg: "/m.svg",
};
const service = {
  title: "Sewa Loker",
  slug: "sewa-loker",
  description: `${xss}<p>${Array.from({ length: 30 }, (_, index) => `kata${index}`).join(" ")}</p>`,
  image_desktop_jpg: "/d.svg",
  image_mobile_jpg: "/m.svg",
  video_url: null,
  guides: [],
  download_button: download,
};

/** The loaders' client, at the web server's address of the API. */
const api = serverApiClient(parseWebEnv({ API_INTERNAL_URL: "http://api.internal:3001" }));

function respond(data: unknown) {
  return vi.fn(
    async (_input: RequestInfo | URL, _init?: RequestInit) =>
      new Response(JSON.stringify({ code: 200, data }), { headers: { "content-type": "application/json" } }),
  );
}

beforeAll(() => {
  // As the server entry does: DOMPurify on a jsdom window, the same rules as in the browser.
  const purifier = DOMPurify(new JSDOM("").window as unknown as Window & typeof globalThis);
  registerServerSanitizer((html) => purifier.sanitize(html, sanitizeOptions) as string);
});

describe("marketing content on the server", () => {
  it("sanitises banner sub-headings before they are rendered or sent to the browser", async () => {
    const fetch = respond([banner]);
    vi.stubGlobal("fetch", fetch);
    const [result] = await fetchBanners(api, { language: "en", limit: 1 });
    expect(result?.sub_heading).toBe("<p>Hi <strong>there</strong></p>");
    expect(String(fetch.mock.calls[0]?.[0])).toMatch(
      /^http:\/\/api\.internal:3001\/api\/v1\/content\/banners\?language=en&limit=1$/,
    );
  });

  it("keeps a link's address, target and rel, and drops an address of another scheme", () => {
    expect(
      sanitizeHtml('<a href="https://x.example/" target="_blank" rel="noopener noreferrer" title="Hi">x</a>'),
    ).toBe('<a href="https://x.example/" target="_blank" rel="noopener noreferrer" title="Hi">x</a>');
    expect(sanitizeHtml('<a href="javascript:alert(1)" target="_blank">x</a>')).toBe(
      '<a target="_blank">x</a>',
    );
  });

  it("sanitises service descriptions and cuts card text at 15 plain words", async () => {
    vi.stubGlobal("fetch", respond([service]));
    const [full] = await fetchServices(api, { language: "id", limit: -1 });
    expect(full?.description).not.toMatch(/onerror|onclick|<script/);
    vi.stubGlobal("fetch", respond([service]));
    const [card] = await fetchServiceCards(api, { language: "id", limit: 3 });
    expect(card?.excerpt).toBe(
      "Hi there kata0 kata1 kata2 kata3 kata4 kata5 kata6 kata7 kata8 kata9 kata10 kata11 kata12…",
    );
    expect(card?.excerpt).not.toContain("alert");
  });

  it("leaves an empty list when the API fails", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => new Response("{}", { status: 500 })),
    );
    vi.spyOn(console, "warn").mockImplementation(() => undefined);
    const outcome: ContentOutcome = { failed: false };
    expect(await fetchBanners(api, { language: "id", limit: 1 }, outcome)).toEqual([]);
    expect(await fetchServiceCards(api, { language: "id", limit: 3 })).toEqual([]);
    // The page is told, so that no shared cache keeps it (ADR 021).
    expect(outcome.failed).toBe(true);
  });
});
