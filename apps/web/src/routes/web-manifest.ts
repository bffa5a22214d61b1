import { themeColor } from "../config/brand";
import { getServerConfig } from "../config/config.server";
import { paths } from "../paths";
import type { Route } from "./+types/web-manifest";

/** `/manifest.webmanifest`: lets people install the site; the name follows `PRODUCT_NAME`. */
export function loader({ context }: Route.LoaderArgs) {
  const { productBoxName } = getServerConfig(context).public;
  const manifest = {
    id: "/",
    name: productBoxName,
    short_name: productBoxName,
    description: "Loker paket: titip, ambil, dan sewa loker.",
    lang: "id",
    dir: "ltr",
    start_url: paths.home.href(),
    scope: "/",
    display: "standalone",
    orientation: "portrait",
    background_color: "#ffffff",
    theme_color: themeColor,
    icons: [
      { src: "/icons/icon-192.png", sizes: "192x192", type: "image/png", purpose: "any" },
      { src: "/icons/icon-512.png", sizes: "512x512", type: "image/png", purpose: "any" },
      { src: "/icons/maskable-512.png", sizes: "512x512", type: "image/png", purpose: "maskable" },
      { src: "/icons/icon.svg", sizes: "any", type: "image/svg+xml", purpose: "any" },
    ],
  };
  return new Response(JSON.stringify(manifest), {
    headers: {
      "content-type": "application/manifest+json; charset=utf-8",
      "cache-control": "public, max-age=86400",
    },
  });
}
