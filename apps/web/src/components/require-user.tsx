import { calls, type UserData } from "@paxelbox/contract";
import { useQuery } from "@tanstack/react-query";
import { createContext, type ReactNode, useContext, useEffect, useMemo, useState } from "react";
import { useLocation, useNavigate, useSearchParams } from "react-router";
import { errorMessage, isApiError, request } from "../lib/api-client";
import { changeLanguage, useT } from "../lib/i18n";
import {
  claimOfflineCache,
  clearOfflineCache,
  isConnectionError,
  offlineOwner,
  useOnline,
} from "../lib/offline-cache";
import { storage } from "../lib/storage";
import { Button } from "./button";
import { ErrorDialog } from "./error-dialog";
import { AlertIcon } from "./icons";
import { ScreenSkeleton } from "./loaders";
import { OfflineNotice } from "./offline-notice";
import styles from "./require-user.module.css";

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
 * Wrap a screen: `<RequireUser><OrderScreen /></RequireUser>`; inside, `useUserSession()`.
 */

export interface UserSession {
  /** Bearer token for the screen's calls (query token, else stored), if any. */
  token: string | null;
  /** The member, when known (validated now, or stored by an earlier validation). */
  user: UserData | null;
  /** The token could not be validated for lack of signal: the stored member is assumed. */
  unverified?: boolean;
}

const UserSessionContext = createContext<UserSession | null>(null);

export function useUserSession(): UserSession {
  const session = useContext(UserSessionContext);
  if (!session) throw new Error("useUserSession() must be used inside <RequireUser>");
  return session;
}

/** The token a page was opened with: the query's, else the stored one. */
export function currentUserToken(search: URLSearchParams): string | null {
  return search.get("token")?.trim() || storage.get("user_token");
}

export function RequireUser({ children }: { children: ReactNode }) {
  const [search] = useSearchParams();
  const queryToken = search.get("token")?.trim() || null;
  const { i18n } = useT();
  const online = useOnline();
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);

  const validation = useQuery({
    queryKey: ["validateUser", queryToken],
    enabled: hydrated && queryToken !== null,
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: Number.POSITIVE_INFINITY,
    retry: false,
    queryFn: async ({ signal }) => {
      const token = queryToken ?? "";
      try {
        const user = await request(calls.validateUser, { query: { token }, signal });
        // Another member on this device: their kept copies go before anything is shown.
        claimOfflineCache(offlineOwner(user, token));
        storage.set("user_token", token);
        storage.set("userdata", user);
        // A member's language comes from their app; a drop-off recipient (no member code) keeps the
        // language they chose here — the link does not know it.
        if (user.member_code) await changeLanguage(i18n, user.language);
        return user;
      } catch (error) {
        if (isApiError(error) && error.status === 401) {
          storage.remove("user_token");
          storage.remove("userdata");
          clearOfflineCache();
        }
        throw error;
      }
    },
  });

  useTokenOutOfAddressBar(validation.isSuccess);

  // No signal: a token validated before on this device stands for its stored member.
  const unreachable =
    queryToken !== null &&
    !validation.data &&
    (!online || validation.fetchStatus === "paused" || isConnectionError(validation.error));
  const storedMember =
    unreachable && queryToken === storage.get("user_token") ? storage.get("userdata") : null;

  const session = useMemo<UserSession | null>(() => {
    if (!hydrated) return null;
    if (queryToken) {
      if (validation.data) return { token: queryToken, user: validation.data };
      return storedMember ? { token: queryToken, user: storedMember, unverified: true } : null;
    }
    return { token: storage.get("user_token"), user: storage.get("userdata") };
  }, [hydrated, queryToken, validation.data, storedMember]);

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
  if (!session) return <ScreenSkeleton />;
  return <UserSessionContext.Provider value={session}>{children}</UserSessionContext.Provider>;
}

/** After validation the `token` query is dropped from the address (the stored token is used). */
function useTokenOutOfAddressBar(validated: boolean) {
  const location = useLocation();
  const navigate = useNavigate();
  useEffect(() => {
    if (!validated) return;
    const search = new URLSearchParams(location.search);
    if (!search.has("token")) return;
    search.delete("token");
    const rest = search.toString();
    void navigate(
      { pathname: location.pathname, search: rest ? `?${rest}` : "", hash: location.hash },
      { replace: true, preventScrollReset: true, state: location.state },
    );
  }, [validated, location, navigate]);
}

function SessionError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const { t } = useT();
  const [dialogOpen, setDialogOpen] = useState(true);
  const message = errorMessage(error, t("errors.somethingWrong"));
  return (
    <div className={styles.error} data-testid="session-error">
      <ErrorDialog open={dialogOpen} message={message} onClose={() => setDialogOpen(false)} />
      <div className={styles.panel}>
        <span className={styles.icon}>
          <AlertIcon size={28} />
        </span>
        <h1 className={styles.title}>{t("errors.sessionFailed")}</h1>
        <p className={styles.message}>{message}</p>
        <Button block onClick={onRetry}>
          {t("errors.retry")}
        </Button>
      </div>
    </div>
  );
}
