import type { Plugin } from "vite";

/**
 * How the browser build groups modules into chunks (ADR 022). Rolldown splits shared code by which
 * entries use it, and React Router makes every route module an entry, so the code that pages
 * share came out as dozens of chunks of a few hundred bytes, one request apiece. Five groups, in
 * priority order, then two rules for the rest:
 *
 * - `shell`: the browser entry, the root route and everything they import statically (React, React
 *   Router, the layouts, i18n…). Every page loads all of it already.
 * - `web-view`: what each of the four web-view screens (`/package`, `/order`, `/overduepayment`,
 *   `/order-status`) imports statically and nothing else reaches — no marketing page, no lazily
 *   loaded part of one, not the root (TanStack Query, the query provider, the offline copy, the
 *   member session…). Every screen loads all of it already.
 * - `order-views`: what at least two of the three order views (`/order`, `/order-status`,
 *   `/overduepayment`) import statically and neither the package form nor anything outside the web
 *   view reaches (the order's stream and query, status labels, the door's QR card…): a view loads a
 *   little it does not use (the overdue form 3.5 KB) for 4–10 fewer requests.
 * - `marketing-pages`: as `web-view`, for the three marketing pages (`/`, `/services`, `/guest-book`),
 *   with only the web-view flows kept apart (SEO, media, the marketing texts' registration, the
 *   language revalidation): the short link and not-found pages may load it, the web view never.
 * - `contract`: the contract's schemas and zod, the web-view screens' and the forms' validation,
 *   in one file (on every web-view screen they came as four to six files); not the Web Vitals
 *   call, which the reporter that every page loads needs without the schemas, nor the drop-off
 *   form's texts, which its page shows without them (in the shell).
 * - `flow-…`: what every step of a flow (a layout route and the routes under it) imports statically
 *   and nothing outside the flow reaches, in the layout route's own chunk, which every step loads
 *   anyway — with a small set of pages' modules (below) that only the flow's routes import.
 * - `pages-…`: the rest that two or more routes import statically, one chunk per set of the seven
 *   measured pages that load it (`pageRoutes`). Rolldown
 *   would make one per set of routes, and a page is often two routes. A set too small to be worth a
 *   request joins a neighbour whose pages already load what it imports — or the shell, when it is on
 *   all but two pages at most and imports nothing but the shell.
 * - The marketing pages' stylesheet: the CSS modules that `/`, `/services` and `/guest-book` import
 *   statically and no order view reaches (the public layout's, the banner's, the pages' own) join
 *   the chunk that every page using them loads anyway — the public layout's — so that a marketing
 *   page links two stylesheets, the shell's and this one, not four.
 *
 * All but `contract` are computed from the module graph at the end of the build phase; the build fails
 * if the roots are not found (a React Router change of module ids would otherwise silently bring
 * the small chunks back). A group does not take its modules' dependencies along
 * (`includeDependenciesRecursively: false`): a module the web-view screens share with a marketing
 * page stays out of `web-view`, so no marketing page loads it. Rolldown allows that only when entry
 * chunks may export more than their own module does (`preserveEntrySignatures: "allow-extension"`).
 */

/** The shell chunk's stylesheet (`assets/shell-<hash>.css`), which the root route links on every page. */
export const isShellStylesheet = (filename: string) => /^assets\/shell-[\w-]+\.css$/.test(filename);

/** The browser entry and the root route as the browser gets it (React Router's client version). */
const shellRoot = /[\\/]src[\\/](entry\.client\.tsx|root\.tsx\?__react-router-build-client-route)$/;

/** A route module in any of React Router's versions of it (client route, route chunks). */
const routeFile = (id: string) => /[\\/]src[\\/]routes[\\/]([\w-]+)\.tsx?(\?.*)?$/.exec(id)?.[1];

/** Pages that share a chunk: what each of its screens imports statically and `apart` routes never reach. */
interface Family {
  name: string;
  /** Each screen: its layout route and index route (route file names). */
  screens: RegExp[];
  /** The routes that must not load the chunk. */
  apart: (route: string) => boolean;
  /** How many of the screens must import a module for it to join (all of them by default). */
  minScreens?: number;
}

const webViewRoute = /^(package|order|overdue.*|order-status.*)$/;
/** The order views: the web-view screens but the package form. */
const isOrderView = (route: string) => webViewRoute.test(route) && route !== "package";
/** The marketing pages: each one's layout and index routes. */
const marketingScreens = [/^home$/, /^services$/, /^guest-book(-form)?$/];
const isMarketingRoute = (route: string) => marketingScreens.some((screen) => screen.test(route));

const families: Family[] = [
  {
    name: "web-view",
    screens: [/^package$/, /^order$/, /^overdue(-payment)?$/, /^order-status(-page)?$/],
    // Every route but those of the web-view flows (the screens and the pages after them).
    apart: (route) => !webViewRoute.test(route),
  },
  {
    name: "order-views",
    screens: [/^order$/, /^overdue(-payment)?$/, /^order-status(-page)?$/],
    // Everything but the order views: the package form and every route outside the web view.
    apart: (route) => !webViewRoute.test(route) || route === "package",
    minScreens: 2,
  },
  {
    name: "marketing-pages",
    screens: marketingScreens,
    // The web-view flows; the other small public pages (short link, not found) may load it.
    apart: (route) => webViewRoute.test(route),
  },
];

/**
 * Flows: a layout route (`routes/<flow>.tsx`) and its steps (`routes/<flow>-<step>.tsx`, the
 * house's naming). The layout's chunk loads whenever one of its steps does.
 */
const flows = ["guest-book", "overdue", "order-status"];

/**
 * The pages the weight targets are measured on (issue #17): a screen's layout and index routes are
 * one page. The other routes (results, short link, debug…) load whatever the pages' chunks hold.
 */
const pageRoutes: [page: string, routes: RegExp][] = [
  ["home", /^home$/],
  ["services", /^services$/],
  ["guest-book", /^guest-book(-form)?$/],
  ["package", /^package$/],
  ["order", /^order$/],
  ["overdue", /^overdue(-payment)?$/],
  ["order-status", /^order-status(-page)?$/],
];
const pageOf = (route: string) => pageRoutes.find(([, routes]) => routes.test(route))?.[0];
const allPages = new Set(pageRoutes.map(([page]) => page));
const orderViewPages = new Set(pageRoutes.map(([page]) => page).filter(isOrderView));

/**
 * Below this much source (a few hundred bytes once minified and compressed) a chunk costs more as a
 * request than its bytes cost the pages that would load it without using it.
 */
const smallChunk = 1500;

const stylesheet = /\.css(\?.*)?$/;

const contract = /[\\/](packages[\\/]contract[\\/]|node_modules[\\/]zod[\\/])/;
const webVitalsCall =
  /[\\/]packages[\\/]contract[\\/]src[\\/](calls[\\/]report-web-vitals|entities[\\/]web-vitals)/;
/**
 * The drop-off form's texts (`dropOffMessages`): the package page translates the contract's messages
 * with them before it loads the schemas, and the schemas word their messages with them. In the
 * shell, which every page that loads either already has: no request of their own, and no contract
 * chunk for the package page.
 */
const dropOffTexts = /[\\/]packages[\\/]contract[\\/]src[\\/]entities[\\/]drop-off-texts\.ts$/;

interface ModuleGraph {
  getModuleIds(): IterableIterator<string>;
  getModuleInfo(
    id: string,
  ): { importedIds: readonly string[]; dynamicallyImportedIds: readonly string[] } | null;
}

/** Every module `roots` reach by static imports (and dynamic ones with `dynamic`). */
function reach(graph: ModuleGraph, roots: string[], { dynamic }: { dynamic: boolean }): Set<string> {
  const seen = new Set<string>();
  const pending = [...roots];
  while (pending.length > 0) {
    const id = pending.pop() as string;
    if (seen.has(id)) continue;
    seen.add(id);
    const info = graph.getModuleInfo(id);
    pending.push(...(info?.importedIds ?? []), ...(dynamic ? (info?.dynamicallyImportedIds ?? []) : []));
  }
  return seen;
}

export function chunkGroups(): {
  plugin: Plugin;
  groups: {
    name: string | ((id: string) => string | null);
    test?: (id: string) => boolean;
    priority: number;
  }[];
} {
  const shell = new Set<string>();
  const shared = new Map(families.map((family) => [family.name, new Set<string>()]));
  const byPages = new Map<string, string>();
  const byFlow = new Map<string, string>();
  const plugin: Plugin = {
    name: "paxelbox-chunk-groups",
    apply: "build",
    applyToEnvironment: (environment) => environment.name === "client",
    options(options) {
      return { ...options, preserveEntrySignatures: "allow-extension" };
    },
    buildEnd() {
      shell.clear();
      for (const chunk of shared.values()) chunk.clear();
      byFlow.clear();
      byPages.clear();
      const ids = [...this.getModuleIds()];
      const shellRoots = ids.filter((id) => shellRoot.test(id));
      if (shellRoots.length !== 2)
        this.error(`the shell chunk expects the entry and the root route, found: ${shellRoots.join(", ")}`);
      for (const id of reach(this, shellRoots, { dynamic: false })) shell.add(id);
      for (const id of ids) if (dropOffTexts.test(id)) shell.add(id);
      for (const id of shellRoots) shell.delete(id);

      const routesOf = (test: (name: string) => boolean) =>
        ids.filter((id) => {
          const name = routeFile(id);
          return name !== undefined && test(name);
        });
      const claimed = (id: string) => [...shared.values()].some((chunk) => chunk.has(id));
      // In the shell, in a family's or a flow's chunk already, or a route module (a chunk of its own).
      const taken = (id: string) =>
        shell.has(id) || claimed(id) || byFlow.has(id) || routeFile(id) !== undefined;
      const familyHosts: { name: string; pages: Set<string>; elsewhere: Set<string> }[] = [];
      for (const family of families) {
        const chunk = shared.get(family.name) as Set<string>;
        // What the routes kept apart and the root reach, lazily loaded parts included.
        const elsewhere = reach(this, [...shellRoots, ...routesOf(family.apart)], {
          dynamic: true,
        });
        const pages = routesOf((name) => family.screens.some((screen) => screen.test(name))).map((id) =>
          pageOf(routeFile(id) as string),
        );
        familyHosts.push({
          name: family.name,
          pages: new Set(pages.filter((page) => page !== undefined)),
          elsewhere,
        });
        const screens = family.screens.map((screen) => {
          const roots = routesOf((name) => screen.test(name));
          if (roots.length === 0) this.error(`the ${family.name} chunk found no route module for ${screen}`);
          return reach(this, roots, { dynamic: false });
        });
        const all = new Set(screens.flatMap((screen) => [...screen]));
        const needed = family.minScreens ?? screens.length;
        for (const id of all) {
          if (taken(id) || elsewhere.has(id)) continue;
          if (screens.filter((screen) => screen.has(id)).length >= needed) chunk.add(id);
        }
      }

      // What every step of a flow imports and nothing outside the flow reaches, lazily loaded parts
      // included: into the chunk of the flow's layout route, which each step loads anyway.
      const flowHosts: {
        name: string;
        inFlow: (route: string) => boolean;
        elsewhere: Set<string>;
        layout: string[];
        /** What each step reaches statically. */
        steps: Set<string>[];
      }[] = [];
      for (const flow of flows) {
        const name = `flow-${flow}`;
        const inFlow = (route: string) => route === flow || route.startsWith(`${flow}-`);
        const layout = routesOf((route) => route === flow);
        const stepNames = new Set(routesOf((route) => route.startsWith(`${flow}-`)).map(routeFile));
        if (layout.length === 0 || stepNames.size === 0)
          this.error(`the ${flow} flow found no layout route or no step`);
        const steps = [...stepNames].map((step) =>
          reach(
            this,
            routesOf((route) => route === step),
            { dynamic: false },
          ),
        );
        const elsewhere = reach(this, [...shellRoots, ...routesOf((route) => !inFlow(route))], {
          dynamic: true,
        });
        flowHosts.push({ name, inFlow, elsewhere, layout, steps });
        for (const id of steps[0] ?? []) {
          if (taken(id) || elsewhere.has(id) || contract.test(id)) continue;
          if (steps.every((step) => step.has(id))) byFlow.set(id, name);
        }
      }

      // The rest that two or more routes share: one chunk per set of pages that load it, where
      // Rolldown would make one per set of routes (a page is often two routes, and the other
      // routes split it further).
      const routes = new Map<string, Set<string>>();
      const pagesOf = new Map<string, Set<string>>();
      for (const route of ids.filter((id) => routeFile(id) !== undefined)) {
        const name = routeFile(route) as string;
        const page = pageOf(name);
        for (const id of reach(this, [route], { dynamic: false })) {
          routes.set(id, (routes.get(id) ?? new Set()).add(name));
          if (page) pagesOf.set(id, (pagesOf.get(id) ?? new Set()).add(page));
        }
      }
      const sets = new Map<string, { pages: Set<string>; modules: string[]; size: number }>();
      for (const [id, pages] of pagesOf) {
        if ((routes.get(id)?.size ?? 0) < 2 || taken(id) || contract.test(id)) continue;
        const name = `pages-${[...pages].sort().join("+")}`;
        const set = sets.get(name) ?? { pages, modules: [], size: 0 };
        set.modules.push(id);
        set.size += this.getModuleInfo(id)?.code?.length ?? 0;
        sets.set(name, set);
      }
      // The pages that load a module's chunk: those that import it, and every page of its family
      // (a family's chunk is loaded by no route kept apart from it, lazily or not).
      const loadedOn = (id: string) => {
        const family = familyHosts.find((host) => shared.get(host.name)?.has(id));
        return new Set([...(pagesOf.get(id) ?? []), ...(family?.pages ?? [])]);
      };
      // A set too small to be worth a request joins the one that adds it to the fewest other pages.
      for (const [name, set] of [...sets].sort(([, a], [, b]) => a.size - b.size)) {
        if (set.size >= smallChunk) continue;
        // Only where what it imports is on every page of its host already: a module brought in with
        // its imports would bring their chunks to the host's pages too.
        const imports = set.modules.flatMap((id) => this.getModuleInfo(id)?.importedIds ?? []);
        const loadsImports = (pages: Set<string>, on = (id: string) => pagesOf.get(id)) =>
          imports.every((id) => shell.has(id) || [...pages].every((page) => on(id)?.has(page) === true));
        const hosts = [...sets].filter(
          ([other, host]) =>
            other !== name &&
            [...set.pages].every((page) => host.pages.has(page)) &&
            loadsImports(host.pages),
        );
        // The shell too, which every page loads: for what it imports only from the shell (else
        // every route would load the chunks of those imports with it).
        if (imports.every((id) => shell.has(id)))
          hosts.push(["shell", { pages: allPages, modules: [], size: 0 }]);
        // A family's chunk, on the same terms, where no route kept apart from it reaches the set.
        for (const family of familyHosts)
          if (
            [...set.pages].every((page) => family.pages.has(page)) &&
            set.modules.every((id) => !family.elsewhere.has(id)) &&
            loadsImports(family.pages, loadedOn)
          )
            hosts.push([family.name, { pages: family.pages, modules: [], size: 0 }]);
        // The layout route of the flow that holds every route importing the set, where each step
        // loads what the set imports already: a step that does not use the set loads a few hundred
        // bytes more, and no more requests.
        const setRoutes = set.modules.flatMap((id) => [...(routes.get(id) ?? [])]);
        const flowHost = flowHosts.find(
          (flow) =>
            setRoutes.every(flow.inFlow) &&
            set.modules.every((id) => !flow.elsewhere.has(id)) &&
            imports.every((id) => shell.has(id) || flow.steps.every((step) => step.has(id))),
        );
        if (flowHost) {
          sets.delete(name);
          for (const id of set.modules) byFlow.set(id, flowHost.name);
          continue;
        }
        // The fewest pages; on a tie a family's chunk, which stays one file whatever joins it (a set
        // that grows past `smallChunk` would be a file of its own), else the larger set.
        const isFamily = (hostName: string) => shared.has(hostName);
        const [hostName, host] =
          hosts.sort(
            ([aName, a], [bName, b]) =>
              a.pages.size - b.pages.size ||
              Number(isFamily(bName)) - Number(isFamily(aName)) ||
              b.size - a.size,
          )[0] ?? [];
        if (!hostName || !host || host.pages.size - set.pages.size > 2) continue;
        sets.delete(name);
        if (hostName === "shell") {
          for (const id of set.modules) shell.add(id);
          continue;
        }
        const family = shared.get(hostName);
        if (family) {
          for (const id of set.modules) family.add(id);
          continue;
        }
        host.modules.push(...set.modules);
        host.size += set.size;
      }
      // One stylesheet besides the shell's on a marketing page. Over HTTP/1.1 each stylesheet holds
      // one of the browser's six connections ahead of the scripts, and the public layout, the
      // banner and the route came as three. So the CSS modules that the marketing pages import
      // statically and no order view reaches, lazily or not, join the chunk that every page using
      // them loads anyway and no order view does: the public layout's. A page in that layout loads
      // the other pages' CSS too (a few KB), for one or two requests fewer before its first paint.
      const marketingCss = new Set<string>();
      const orderViews = reach(this, routesOf(isOrderView), { dynamic: true });
      for (const id of reach(this, routesOf(isMarketingRoute), { dynamic: false }))
        if (stylesheet.test(id) && !shell.has(id) && !claimed(id) && !byFlow.has(id) && !orderViews.has(id))
          marketingCss.add(id);
      const cssPages = new Set([...marketingCss].flatMap((id) => [...(pagesOf.get(id) ?? [])]));
      const [cssHost, host] =
        [...sets]
          .filter(
            ([, set]) =>
              [...cssPages].every((page) => set.pages.has(page)) &&
              ![...set.pages].some((page) => orderViewPages.has(page)),
          )
          .sort(([, a], [, b]) => a.pages.size - b.pages.size)[0] ?? [];
      if (!cssHost || !host)
        this.error(`no chunk is loaded by every page of the marketing CSS (${[...cssPages]})`);
      for (const [name, set] of sets)
        if (name !== cssHost) set.modules = set.modules.filter((id) => !marketingCss.has(id));
      for (const id of marketingCss) if (!host.modules.includes(id)) host.modules.push(id);
      for (const [name, set] of sets) for (const id of set.modules) byPages.set(id, name);
      // The layout route joins its flow's chunk, which then is the layout's own (a chunk of the
      // layout alone would be one more file).
      for (const flow of flowHosts)
        if ([...byFlow.values()].includes(flow.name)) for (const id of flow.layout) byFlow.set(id, flow.name);
    },
  };
  return {
    plugin,
    groups: [
      { name: "shell", test: (id) => shell.has(id), priority: 30 },
      ...families.map((family) => ({
        name: family.name,
        test: (id: string) => shared.get(family.name)?.has(id) === true,
        priority: 20,
      })),
      { name: (id: string) => byFlow.get(id) ?? null, priority: 17 },
      { name: (id: string) => byPages.get(id) ?? null, priority: 15 },
      { name: "contract", test: (id) => contract.test(id) && !webVitalsCall.test(id), priority: 10 },
    ],
  };
}
