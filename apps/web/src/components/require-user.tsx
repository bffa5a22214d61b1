import { calls, type UserData } from "@paxelbox/contract";
import { useQuery } from "@tanstack/react-query";
import {
  createContext,
  type ReactNode,
  useContext,
  useEffect,
  useLayoutEffect,
  useMemo,
  useState,
} from "react";
import {
  UNSAFE_DataRouterContext,
  useLocation,
  useMatches,
  useNavigate,
  useRouteLoaderData,
  useSearchParams,
} from "react-router";
import {
  forgetMember,
  keepMember,
  linkToken,
  memberLanguage,
  storedMemberFor,
  storedSession,
  type UserSession,
} from "../domain/member/member-session";
import { errorMessage, isApiError, isConnectionError, request } from "../lib/http/api-client";
import { changeLanguage, useT } from "../lib/i18n/i18n";
import { useOnline } from "../lib/offline/offline-cache";
import { storage } from "../lib/offline/storage";
import { useHydrated } from "../lib/ssr/use-hydrated";
import { routeIds } from "../paths";
import { Button } from "./button";
import { ErrorDialog } from "./error-dialog";
import { AlertIcon } from "./icons";
import { ScreenSkeleton } from "./loaders";
import { NoScriptScreenError } from "./no-script-screen-error";
import { OfflineNotice } from "./offline-notice";
import styles from "./require-user.module.css";
import { ResultPanel } from "./ui/result-panel";

/**
 * Token handling of the web-view screens (spec §5, §6). A `token` in the query is stored as
 * `user_token` and validated with the members auth call BEFORE the screen renders; the member's
 * data is stored and their language applied. Without a query token the stored token (if any) is
 * used as it is. A failed validation shows the 'Oops...' dialog with the server's message.
 *
 * Once validated, the token leaves the address bar (history replace), so it is not in screenshots,
 * shared links or the history. With no signal, a query token that is the stored one (validated
 * earlier on this device) opens the screen with the stored member, so kept copies can show; any
 * other token waits for the network. A different member's validation drops the kept copies.
 *
 * A page opened with its token may arrive rendered: the root loader validated the token on the
 * server (ADR 011). That member is taken over as they are — stored, no second call — and the
 * screen renders on the server and in the hydration that follows.
 *
 * Wrap a screen: `<RequireUser><OrderScreen /></RequireUser>`; inside, `useUserSession()`.
 */

const UserSessionContext = createContext<UserSession | null>(null);

export function useUserSession(): UserSession {
  const session = useContext(UserSessionContext);
  if (!session) throw new Error("useUserSession() must be used inside <RequireUser>");
  return session;
}

/**
 * The member the server validated for this page's token (root loader, ADR 011): the page was
 * rendered for them, so the browser takes the answer over instead of asking again.
 */
function usePreloadedMember(queryToken: string | null): UserData | undefined {
  const root = useRouteLoaderData(routeIds.root) as { session?: UserSession | null } | undefined;
  const preloaded = root?.session;
  return preloaded?.user && queryToken !== null && preloaded.token === queryToken
    ? preloaded.user
    : undefined;
}

export function RequireUser({ children }: { children: ReactNode }) {
  const [search] = useSearchParams();
  const queryToken = linkToken(search);
  const { i18n, t } = useT();
  // The page's loader answer says whether the server saw a token (`ScreenPreload.tokenless`): the
  // same in the server's page and in its hydration, whatever the address shows meanwhile.
  const openedTokenless =
    (useMatches().at(-1)?.loaderData as { tokenless?: true } | null | undefined)?.tokenless === true;
  const online = useOnline();
  const hydrated = useHydrated();
  const preloaded = usePreloadedMember(queryToken);

  const validation = useQuery({
    queryKey: ["validateUser", queryToken],
    enabled: hydrated && queryToken !== null,
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: Number.POSITIVE_INFINITY,
    retry: false,
    initialData: preloaded,
    queryFn: async ({ signal }) => {
      const token = queryToken ?? "";
      try {
        const user = await request(calls.validateUser, { query: { token }, signal });
        keepMember(user, token);
        // A member's language comes from their app; a drop-off recipient (no member code) keeps the
        // language they chose here — the link does not know it.
        const language = memberLanguage(user);
        if (language) await changeLanguage(i18n, language);
        return user;
      } catch (error) {
        if (isApiError(error) && error.status === 401) forgetMember();
        throw error;
      }
    },
  });

  useTokenOutOfAddressBar(validation.isSuccess ? queryToken : null);

  // No signal: a token validated before on this device stands for its stored member.
  const unreachable =
    queryToken !== null &&
    !validation.data &&
    (!online || validation.fetchStatus === "paused" || isConnectionError(validation.error));
  const storedMember = unreachable ? storedMemberFor(queryToken) : null;

  const session = useMemo<UserSession | null>(() => {
    // On the server and while hydrating, only a member the server validated is known.
    if (!hydrated) return preloaded && queryToken ? { token: queryToken, user: preloaded } : null;
    if (queryToken) {
      if (validation.data) return { token: queryToken, user: validation.data };
      return storedMember ? { token: queryToken, user: storedMember, unverified: true } : null;
    }
    return storedSession();
  }, [hydrated, queryToken, validation.data, storedMember, preloaded]);

  if (queryToken && validation.isError && !session) {
    return <SessionError error={validation.error} onRetry={() => void validation.refetch()} />;
  }
  if (!session && unreachable) {
    // A token this device has not seen, with no signal: nothing can be shown yet.
    return (
      <div className={styles.offline} data-testid="session-offline">
        <OfflineNotice updatedAt={null} hasData={false} />
      </div>
    );
  }
  if (!session) {
    return (
      <>
        {/* Without scripts no token kept on the device opens the page: it says where it opens from. */}
        {openedTokenless ? <NoScriptScreenError preload={{ screenError: t("errors.openFromLink") }} /> : null}
        <ScreenSkeleton />
      </>
    );
  }
  return (
    <UserSessionContext.Provider value={session}>
      {preloaded && queryToken ? <KeepPreloadedMember user={preloaded} token={queryToken} /> : null}
      {children}
    </UserSessionContext.Provider>
  );
}

/**
 * Keeps the member the server validated on this device, as a validation in the browser would.
 * A layout effect: it runs before every screen's effect (which may keep copies for this member).
 */
function KeepPreloadedMember({ user, token }: { user: UserData; token: string }) {
  useLayoutEffect(() => {
    keepMember(user, token);
    // The server rendered in the member's language; it becomes the stored choice, as below.
    const language = memberLanguage(user);
    if (language) storage.set("language", language);
  }, [user, token]);
  return null;
}

/**
 * After validation the `token` query is dropped from the address (the stored token is used). It
 * waits a turn and gives way to a navigation that a screen started meanwhile (an overdue link moving
 * on to its expired page): that navigation leaves this address anyway, and cancelling it would
 * strand the person here. A browser that refused to store the token (a web view without DOM
 * storage, site data blocked) keeps it in the address: a reload still opens the page.
 */
function useTokenOutOfAddressBar(validated: string | null) {
  const location = useLocation();
  const navigate = useNavigate();
  const router = useContext(UNSAFE_DataRouterContext)?.router;
  useEffect(() => {
    if (validated === null) return;
    const search = new URLSearchParams(location.search);
    if (!search.has("token")) return;
    search.delete("token");
    const rest = search.toString();
    const timer = setTimeout(() => {
      if (router && router.state.navigation.state !== "idle") return;
      if (!storage.keptOnDevice("user_token") || storage.get("user_token") !== validated) return;
      void navigate(
        { pathname: location.pathname, search: rest ? `?${rest}` : "", hash: location.hash },
        { replace: true, preventScrollReset: true, state: location.state },
      );
    }, 0);
    return () => clearTimeout(timer);
  }, [validated, location, navigate, router]);
}

function SessionError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const { t } = useT();
  const [dialogOpen, setDialogOpen] = useState(true);
  const message = errorMessage(error, t("errors.somethingWrong"));
  return (
    <div className={styles.error} data-testid="session-error">
      <ErrorDialog open={dialogOpen} message={message} onClose={() => setDialogOpen(false)} />
      <ResultPanel
        card
        tone="danger"
        icon={<AlertIcon size={28} />}
        title={t("errors.sessionFailed")}
        message={message}
        actions={
          <Button block onClick={onRetry}>
            {t("errors.retry")}
          </Button>
        }
      />
    </div>
  );
}
