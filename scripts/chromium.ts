/**
 * The flags Debian's Chromium needs here, for the browser tests and the Lighthouse audit alike:
 * headless as root needs `--no-sandbox`, and the closed network wants nothing fetched in the
 * background.
 */
export const closedNetworkFlags = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
];

/**
 * The browser tests' flags: the closed network's, and the drawing done in the browser process in
 * software. Debian's `/usr/bin/chromium` adds `--enable-gpu-rasterization`, which with no GPU
 * starts a GPU process that rasterises in software and passes every frame across processes: CPU
 * the tests' pages need on a 2-core machine. Every test opens fresh browser contexts, and for each
 * the full browser also starts two renderer processes no page uses: the address bar's popup, drawn
 * as a web page (`WebUIOmnibox…Popup`), and a spare renderer kept ready for the context's next site
 * (`SpareRendererForSitePerProcess`), thrown away with the context. Without them the suite ran a
 * fifth faster; a page that goes to another site starts its renderer when it goes. Lighthouse keeps
 * `closedNetworkFlags` alone, so the audit measures the browser as shipped.
 */
export const testBrowserFlags = [
  ...closedNetworkFlags,
  "--in-process-gpu",
  "--disable-gpu-rasterization",
  "--disable-gpu-compositing",
  "--disable-features=WebUIOmniboxPopup,WebUIOmniboxAimPopup,WebUIOmniboxFullPopup,SpareRendererForSitePerProcess",
];
