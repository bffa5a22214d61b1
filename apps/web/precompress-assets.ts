/**
 * Compresses the client build once, when it is built (called from `react-router.config.ts` →
 * `buildEnd`, after the service worker is written): a Brotli copy at the best quality and a gzip
 * copy at level 9 next to each text file (`x.js.br`, `x.js.gz`), which the web server sends as they
 * are (`@fastify/static`'s `preCompressed`, ADR 031). Compressing per request, as the server does
 * for the HTML, has to be quick (zstd at its default level, Brotli at quality 4): the landing's scripts
 * came 16 % larger that way.
 */
import { readdir, readFile, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";

/** Below this size a response is sent as it is, precompressed or not (the server uses it too). */
export const compressionThreshold = 1024;

/** Text formats; fonts (woff2) and pictures are compressed formats already. */
const compressible = /\.(js|css|html|svg|json|webmanifest|txt|xml)$/;

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

const encoders = [
  {
    extension: ".br",
    encode: (content: Buffer) =>
      brotli(content, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
          [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
        },
      }),
  },
  {
    extension: ".gz",
    encode: (content: Buffer) => gzipped(content, { level: constants.Z_BEST_COMPRESSION }),
  },
];

export interface PrecompressSummary {
  files: number;
  bytes: number;
  brotliBytes: number;
}

/** Writes the compressed copies of every compressible file in `clientDir` that is worth it. */
export async function precompressAssets(clientDir: string): Promise<PrecompressSummary> {
  const names = (await readdir(clientDir, { recursive: true })).filter((name) => compressible.test(name));
  const summary: PrecompressSummary = { files: 0, bytes: 0, brotliBytes: 0 };
  await Promise.all(
    names.map(async (name) => {
      const file = path.join(clientDir, name);
      if (!(await stat(file)).isFile()) return;
      const content = await readFile(file);
      if (content.length < compressionThreshold) return;
      const encoded = await Promise.all(encoders.map(({ encode }) => encode(content)));
      // A copy that is not smaller than the file would only cost the reader a decoder.
      if (encoded.some((copy) => copy.length >= content.length)) return;
      await Promise.all(
        encoders.map(({ extension }, index) => writeFile(`${file}${extension}`, encoded[index] as Buffer)),
      );
      summary.files += 1;
      summary.bytes += content.length;
      summary.brotliBytes += (encoded[0] as Buffer).length;
    }),
  );
  return summary;
}
