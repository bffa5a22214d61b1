/** The audited pages, their thresholds, and what a Lighthouse run of one yields. */

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
  thresholds: Partial<Record<Category, number>>;
  /** Part of the landing / static-copy LCP comparison: runs at least `comparedRuns` times. */
  compared?: boolean;
}

export interface Run {
  scores: Record<Category, number>;
  metrics: Record<Metric, number>;
  /** Performance audits that did not pass, with their estimated savings. */
  findings: string[];
}

export interface PageResult {
  page: Page;
  url: string;
  runs: Run[];
  /** The run that stands for the page (see bestRun). */
  best: Run;
}

/** Where the HTTP/2 front serves the landing page without its scripts. */
export const staticLandingPath = "/__audit/static-landing";

const appThresholds = { performance: 90, accessibility: 95, "best-practices": 95 };
const marketingThresholds = { ...appThresholds, seo: 95 };

export const pages: Page[] = [
  { name: "/", path: "/", thresholds: marketingThresholds, compared: true },
  { name: "/services", path: "/services", thresholds: marketingThresholds },
  { name: "/guest-book", scenario: "guest-book-individu", thresholds: marketingThresholds },
  { name: "/package", scenario: "package-form", thresholds: appThresholds },
  { name: "/order", scenario: "dropoff-in-store", thresholds: appThresholds },
  { name: "/order-status", scenario: "rent-in-store", thresholds: appThresholds },
  { name: "/overduepayment", scenario: "dropoff-overdue-need-to-pay", thresholds: appThresholds },
  { name: "static landing", path: staticLandingPath, thresholds: {}, compared: true },
];
