/** The audited pages, their thresholds, and what a Lighthouse run of one yields. */
import { measuredPages, pageAt } from "../../apps/web/src/pages.ts";
import { base as helloWorldPath } from "./hello-world/base.ts";
import type { Protocol } from "./settings.ts";

export type Category = "performance" | "accessibility" | "best-practices" | "seo";
export const categories: Category[] = ["performance", "accessibility", "best-practices", "seo"];
export const categoryNames: Record<Category, string> = {
  performance: "performance",
  accessibility: "accessibility",
  "best-practices": "best practices",
  seo: "SEO",
};

/** Lighthouse audit of each metric in the report. */
export const metrics = {
  fcp: "first-contentful-paint",
  lcp: "largest-contentful-paint",
  si: "speed-index",
  tbt: "total-blocking-time",
  cls: "cumulative-layout-shift",
} as const;
export type Metric = keyof typeof metrics;

export interface Page {
  name: string;
  /** Demo scenario that creates the page's record and returns its address. */
  scenario?: string;
  path?: string;
  /** The least median score per category with a target. */
  thresholds: Partial<Record<Category, number>>;
  /** The most median Total Blocking Time, in ms. */
  maxTbtMs?: number;
}

export interface Run {
  scores: Record<Category, number>;
  metrics: Record<Metric, number>;
  /** Performance audits that did not pass, with their estimated savings. */
  findings: string[];
  /** Lighthouse's benchmark index of the host during the run (its "CPU/Memory Power"). */
  benchmarkIndex?: number;
}

/** A page's medians in one pass, rounded as reported (as the baseline and the history keep them), and every run's performance score. */
export interface PageFigures {
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  fcpMs: number;
  lcpMs: number;
  siMs: number;
  tbtMs: number;
  cls: number;
  runs: number[];
}

export interface PageResult {
  page: Page;
  url: string;
  /** How it was served. */
  served: Protocol;
  runs: Run[];
  /** The figures that stand for the page: the medians of its runs (see medianRun). */
  median: Run;
}

/** Where the HTTP/2 front serves the landing page without its scripts. */
export const staticLandingPath = "/__audit/static-landing";

/**
 * Targets: each page's performance score from the route registry (`apps/web/src/pages.ts`: 98 on the
 * two pages most visitors land on, 95 elsewhere); Total Blocking Time ≤ 150 ms on every page;
 * accessibility and best practices ≥ 95; SEO ≥ 95 on the public pages (the others are personal
 * links, not search results).
 */
const maxTbtMs = 150;

export const pages: Page[] = [
  ...measuredPages.map((page) => ({
    name: page.name,
    ...(page.scenario ? { scenario: page.scenario } : { path: page.path }),
    thresholds: {
      performance: page.performance,
      accessibility: 95,
      "best-practices": 95,
      ...(pageAt(page.path)?.kind === "marketing" ? { seo: 95 } : {}),
    },
    maxTbtMs,
  })),
];

/** The runner check: the landing's static copy, served by the HTTP/2 front in every pass. */
export const controlPage: Page = { name: "static landing", path: staticLandingPath, thresholds: {} };

/** The reference: a React Router hello world built and served beside the system (hello-world.ts). */
export const helloWorldPage: Page = {
  name: "React Router hello world",
  path: helloWorldPath,
  thresholds: {},
};

/** The audited page of that name, with today's targets; a page no longer audited has none. */
export function pageNamed(name: string): Page {
  return (
    [...pages, helloWorldPage, controlPage].find((page) => page.name === name) ?? { name, thresholds: {} }
  );
}
