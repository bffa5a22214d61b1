/** All the runs of one page: its record created by a demo scenario, then `runsPerPage` runs. */
import { LighthouseRunError, lighthouseRun } from "./lighthouse.ts";
import { categories, type Page, type PageResult, type Run } from "./pages.ts";
import { seconds } from "./report.ts";
import { medianRun } from "./runs.ts";
import { type Protocol, runsPerPage } from "./settings.ts";

/** The page's address on `origin`; a scenario's record is created on the system's own port. */
async function pageUrl(page: Page, origin: string, system: string): Promise<string> {
  if (!page.scenario) return `${origin}${page.path ?? "/"}`;
  // Node's fetch does not accept the front's self-signed certificate.
  const response = await fetch(`${system}/api/demo/scenarios/${page.scenario}`, { method: "POST" });
  if (!response.ok) throw new Error(`Demo scenario ${page.scenario}: HTTP ${response.status}`);
  const { data } = (await response.json()) as { data: { url: string } };
  return new URL(data.url, origin).href;
}

export async function auditPage(
  page: Page,
  origin: string,
  system: string,
  ignoreCertificateErrors: boolean,
  served: Protocol,
): Promise<PageResult> {
  const url = await pageUrl(page, origin, system);
  const slug = `${served}-${page.name}`.replace(/[^a-z0-9]+/gi, "-").replace(/^-|-$/g, "") || "landing";
  const runs: Run[] = [];
  while (runs.length < runsPerPage) {
    const started = Date.now();
    const name = `${slug}-${runs.length + 1}`;
    let run: Run;
    try {
      run = await lighthouseRun(url, ignoreCertificateErrors, name);
    } catch (error) {
      // A trace Lighthouse could not record (NO_NAVSTART and the like, under load) gets one retry.
      if (!(error instanceof LighthouseRunError)) throw error;
      console.warn(`  ${page.name}: ${error.message}; retrying`);
      run = await lighthouseRun(url, ignoreCertificateErrors, name);
    }
    runs.push(run);
    console.log(
      `  ${page.name} run ${runs.length}: ${categories.map((c) => run.scores[c]).join(" / ")} · LCP ${seconds(run.metrics.lcp)} (${((Date.now() - started) / 1000).toFixed(0)} s)`,
    );
  }
  return { page, url, served, runs, median: medianRun(page, runs) };
}
