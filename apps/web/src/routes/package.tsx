import "../lib/messages/drop-off";
import { NumericId } from "@paxelbox/contract";
import { redirect, useSearchParams } from "react-router";
import { publicHandle } from "../components/layouts/public-layout";
import { QueryProvider } from "../components/query-provider";
import { PackageScreen } from "../features/drop-off/components/package-screen";
import { preloadApiClient } from "../lib/lazy-request";
import { paths } from "../paths";
import type { Route } from "./+types/package";

export const handle = publicHandle;

// The api client is not needed to show the form, but the door sizes are asked for right after it
// shows: it loads while the page hydrates.
if (typeof document !== "undefined") preloadApiClient();

/** The box id of the link, when it is a real id. */
function boxIdOf(search: URLSearchParams): number | null {
  const parsed = NumericId.safeParse(search.get("boxId") ?? "");
  return parsed.success ? parsed.data : null;
}

/**
 * Without a box id there is nothing to fill in: go home (spec §5). The box id is read here, on the
 * server, so that the page itself needs no schema to show the form.
 */
export function loader({ request }: Route.LoaderArgs) {
  const boxId = boxIdOf(new URL(request.url).searchParams);
  if (boxId === null) throw redirect(paths.home.href());
  return { boxId };
}

/** Drop-off package form, titled Data Package (`/package?boxId=&name=`). */
export default function PackageRoute({ loaderData }: Route.ComponentProps) {
  const [search] = useSearchParams();
  const { boxId } = loaderData;
  const name = search.get("name")?.trim() || null;
  return (
    <QueryProvider>
      <PackageScreen key={boxId} boxId={boxId} lockerName={name} />
    </QueryProvider>
  );
}
