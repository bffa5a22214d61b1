/** Values the global setup hands to the test files. */
declare module "vitest" {
  interface ProvidedContext {
    baseUrl: string;
    wsEndpoint: string;
  }
}

export {};
