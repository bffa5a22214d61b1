/**
 * Where the hello world is served: its pages and assets under this path, so that the audit's
 * HTTP/2 front can forward them to the hello world's own server beside the PaxelBox pages.
 */
export const base = "/__audit/hello-world/";
