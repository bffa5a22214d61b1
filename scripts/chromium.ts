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
