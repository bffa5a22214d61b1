import "../lib/i18n/messages/drop-off";
import { NumericId } from "@paxelbox/contract";
import { redirect, useSearchParams } from "react-router";
import { publicHandle } from "../components/layouts/public-layout";
import { LoaderQueries, QueryProvider } from "../components/query-provider";
import { boxLocationQueryOptions } from "../features/drop-off/api/box-location";
import { lockerSizesQueryOptions } from "../features/drop-off/api/locker-sizes";
import { packageFormCode } from "../features/drop-off/components/package-form-on-use";
import { PackageScreen } from "../features/drop-off/components/package-screen";
import { serverApiClient } from "../lib/http/api-client.server";
import { preloadQueries } from "../lib/ssr/web-view-preload.server";
import { paths } from "../paths";
import type { Route } from "./+types/package";

export const handle = publicHandle;

/** The box id of the link, when it is a real id. */
function boxIdOf(search: URLSearchParams): number | null {
  const parsed = NumericId.safeParse(search.get("boxId") ?? "");
  return parsed.success ? parsed.data : null;
}

/**
 * Without a box id there is nothing to fill in: go home (spec §5). The box id is read here, on the
 * server, so that the page itself needs no schema to show the form. The page arrives with the form
 * filled in as far as the server can: the door sizes with a free door and, without a name in the
 * link, the locker's name (the same queries as the form's, under the same keys); the form's code
 * waits for the courier's first use (ADR 026).
 */
export async function loader({ request }: Route.LoaderArgs) {
  const search = new URL(request.url).searchParams;
  const boxId = boxIdOf(search);
  if (boxId === null) throw redirect(paths.home.href());
  const api = serverApiClient(null, request);
  const [{ dehydratedState }] = await Promise.all([
    preloadQueries(request, [
      lockerSizesQueryOptions(boxId, api),
      ...(search.get("name")?.trim() ? [] : [boxLocationQueryOptions(boxId, api)]),
    ]),
    packageFormCode.load(),
  ]);
  return { boxId, dehydratedState };
}

/** Door sizes with a free door change as couriers come and go: the page is never kept as it is. */
export function headers() {
  return { "cache-control": "private, no-cache" };
}

/** Drop-off package form, titled Data Package (`/package?boxId=&name=`). */
export default function PackageRoute({ loaderData }: Route.ComponentProps) {
  const [search] = useSearchParams();
  const { boxId, dehydratedState } = loaderData;
  const name = search.get("name")?.trim() || null;
  return (
    <QueryProvider>
      <LoaderQueries state={dehydratedState}>
        <PackageScreen key={boxId} boxId={boxId} lockerName={name} />
      </LoaderQueries>
    </QueryProvider>
  );
}
