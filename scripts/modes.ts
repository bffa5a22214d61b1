/**
 * `npm start`'s modes (ADR 035): React's production build (React picks its build from NODE_ENV
 * when it is first loaded, so this runs before anything imports it), the API a development demo.
 * A deployment that sets NODE_ENV (or APP_ENV) keeps what it set.
 */
export function npmStartModes(env: NodeJS.ProcessEnv = process.env): void {
  if (env.NODE_ENV !== undefined) return;
  env.NODE_ENV = "production";
  env.APP_ENV ??= "development";
}
