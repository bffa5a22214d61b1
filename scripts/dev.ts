/**
 * `npm run dev`: the API with `--watch` on PORT+1 and the web app's Vite dev server (hot reload,
 * server rendering) on PORT, which forwards the API's paths to it. Stop with Ctrl+C.
 */
import { type ChildProcess, spawn } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { portSetting } from "@paxelbox/contract";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const portSet = portSetting("PORT").safeParse(process.env.PORT);
if (!portSet.success) {
  console.error(portSet.error.issues.map((issue) => issue.message).join("\n"));
  process.exit(1);
}
// Unset or 0 (any free port, which the API's PORT+1 cannot follow): the default.
const port = portSet.data || 3000;
if (port === 65_535) {
  console.error("PORT is at most 65534 for `npm run dev`: the API listens on PORT+1");
  process.exit(1);
}
const apiPort = port + 1;
const apiUrl = `http://127.0.0.1:${apiPort}`;
const bin = path.join(root, "node_modules/.bin");

const children: ChildProcess[] = [
  spawn(process.execPath, ["--watch", "apps/api/src/server.ts"], {
    cwd: root,
    stdio: "inherit",
    env: {
      ...process.env,
      // `npm run dev` is the demo; the API alone refuses a start that names no mode.
      NODE_ENV: process.env.NODE_ENV ?? "development",
      PORT: String(apiPort),
      HOST: "127.0.0.1",
      PUBLIC_BASE_URL: `http://localhost:${port}`,
    },
  }),
  spawn(path.join(bin, "react-router"), ["dev", "--port", String(port), "--strictPort"], {
    cwd: path.join(root, "apps/web"),
    stdio: "inherit",
    env: { ...process.env, API_INTERNAL_URL: apiUrl, PATH: `${bin}${path.delimiter}${process.env.PATH}` },
  }),
];

const stop = () => {
  for (const child of children) child.kill("SIGTERM");
  process.exit(0);
};
process.once("SIGINT", stop);
process.once("SIGTERM", stop);
for (const child of children) child.once("exit", (code) => code && stop());
