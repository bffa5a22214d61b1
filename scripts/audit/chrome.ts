/** Debian Chromium for Lighthouse, started with chrome-launcher. */
import { execFileSync } from "node:child_process";
import { killAll, type LaunchedChrome, launch } from "chrome-launcher";
import { closedNetworkFlags } from "../chromium.ts";
import { chromePath } from "./settings.ts";

const chromeFlags = ["--headless=new", ...closedNetworkFlags];

/**
 * A fresh Chromium per run, with a new temporary profile (no warm connections or cache between
 * runs) and only the flags above; `kill()` stops it and removes the profile.
 */
export async function launchChrome(ignoreCertificateErrors: boolean): Promise<LaunchedChrome> {
  try {
    return await launch({
      chromePath,
      chromeFlags: [...chromeFlags, ...(ignoreCertificateErrors ? ["--ignore-certificate-errors"] : [])],
      ignoreDefaultFlags: true,
      handleSIGINT: false,
      logLevel: "error",
      connectionPollInterval: 100,
      maxConnectionRetries: 300,
    });
  } catch {
    throw new Error(`Chromium (${chromePath}) did not start`);
  }
}

/** Stops every Chromium still running (after a failure or an interrupt). */
export function killChromes(): void {
  killAll();
}

/** "Chromium 156.0.…", for the report. */
export function chromiumVersion(): string {
  try {
    const output = execFileSync(chromePath, ["--version"], {
      stdio: ["ignore", "pipe", "ignore"],
    }).toString();
    return output.match(/Chromium [\d.]+/)?.[0] ?? output.trim();
  } catch {
    return chromePath;
  }
}
