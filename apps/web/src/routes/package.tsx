import "../lib/i18n/messages/drop-off";
import { NumericId } from "@paxelbox/contract";
import { redirect, useSearchParams } from "react-router";
import { publicHandle } from "../components/layouts/public-layout";
import { LoaderQueries, QueryProvider } from "../components/query-provider";
import { getServerConfig } from "../config/config.server";
import { boxLocationQueryOptions } from "../features/drop-off/api/box-location";
import { lockerSizesQueryOptions } from "../features/drop-off/api/locker-sizes";
import { PackageScreen } from "../features/drop-off/components/package-screen";
import { packageAction } from "../features/drop-off/lib/package-action.server";
import { postUnlessOffline, revalidateUnlessUnsent } from "../lib/forms/post-unless-offline";
import { pageApiClient } from "../lib/http/api-client.server";
import { newIdempotencyKey } from "../lib/http/idempotency-key";
import { pageCacheControl } from "../lib/ssr/shared-cache";
import { preloadQueries } from "../lib/ssr/web-view-preload.server";
import { paths } from "../paths";
import type { Route } from "./+types/package";

export const handle = publicHandle;

/** The box id of the link, when it is a real id. */
function boxIdOf(request: Request): number | null {
  const parsed = NumericId.safeParse(new URL(request.url).searchParams.get("boxId") ?? "");
  return parsed.success ? parsed.data : null;
}

/**
 * Without a box id there is nothing to fill in: go home (spec §5). The box id is read here, on the
 * server, so that the page itself needs no schema to show the form. The page arrives with the form
 * filled in as far as the server can: the door sizes with a free door and, without a name in the
 * link, the locker's name (the same queries as the form's, under the same keys). Each page of the
 * form gets its own Idempotency-Key (`sendKey`), posted with it: a second post of the same form (a
 * double tap, a refresh of the QR page) gets the first one's QR, not a second parcel.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const boxId = boxIdOf(request);
  if (boxId === null) throw redirect(paths.home.href());
  const search = new URL(request.url).searchParams;
  const api = pageApiClient(getServerConfig(context), request);
  const { dehydratedState } = await preloadQueries(request, [
    lockerSizesQueryOptions(boxId, api),
    ...(search.get("name")?.trim() ? [] : [boxLocationQueryOptions(boxId, api)]),
  ]);
  return { boxId, dehydratedState, sendKey: newIdempotencyKey() };
}

/**
 * The form's post, with or without the page's scripts: refused (400, what was posted and the
 * contract's messages) or sent (the QR). See `packageAction`.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const boxId = boxIdOf(request);
  if (boxId === null) throw redirect(paths.home.href());
  return packageAction(getServerConfig(context), request, boxId);
}

/** A post that cannot reach the server keeps the form as it was filled in (`postUnlessOffline`). */
export async function clientAction({ serverAction }: Route.ClientActionArgs) {
  return postUnlessOffline(serverAction);
}

export const shouldRevalidate = revalidateUnlessUnsent;

/** Door sizes with a free door change as couriers come and go: the page is never kept as it is. */
export function headers() {
  return { "cache-control": pageCacheControl };
}

/** Drop-off package form, titled Data Package (`/package?boxId=&name=`). */
export default function PackageRoute({ loaderData, actionData }: Route.ComponentProps) {
  const [search] = useSearchParams();
  const { boxId, dehydratedState, sendKey } = loaderData;
  const name = search.get("name")?.trim() || null;
  return (
    <QueryProvider>
      <LoaderQueries state={dehydratedState}>
        <PackageScreen key={boxId} boxId={boxId} lockerName={name} sendKey={sendKey} answer={actionData} />
      </LoaderQueries>
    </QueryProvider>
  );
}
