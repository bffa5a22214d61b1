import { calls, type UserData } from "@paxelbox/contract";
import { useQuery } from "@tanstack/react-query";
import { createContext, type ReactNode, useContext, useEffect, useMemo, useState } from "react";
import { useSearchParams } from "react-router";
import { errorMessage, isApiError, request } from "../lib/api-client";
import { changeLanguage, useT } from "../lib/i18n";
import { storage } from "../lib/storage";
import { Button } from "./button";
import { ErrorDialog } from "./error-dialog";
import { AlertIcon } from "./icons";
import { ScreenSkeleton } from "./loaders";
import styles from "./require-user.module.css";

/**
 * Token handling of the web-view screens (spec §5, §6). A `token` in the query is stored as
 * `user_token` and validated with the members auth call BEFORE the screen renders; the member's
 * data is stored and their language applied. Without a query token the stored token (if any) is
 * used as it is. A failed validation shows the 'Oops...' dialog with the server's message.
 *
 * Wrap a screen: `<RequireUser><OrderScreen /></RequireUser>`; inside, `useUserSession()`.
 */

export interface UserSession {
  /** Bearer token for the screen's calls (query token, else stored), if any. */
  token: string | null;
  /** The member, when known (validated now, or stored by an earlier validation). */
  user: UserData | null;
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
      storage.set("user_token", token);
      try {
        const user = await request(calls.validateUser, { query: { token }, signal });
        storage.set("userdata", user);
        await changeLanguage(i18n, user.language);
        return user;
      } catch (error) {
        if (isApiError(error) && error.status === 401) {
          storage.remove("user_token");
          storage.remove("userdata");
        }
        throw error;
      }
    },
  });

  const session = useMemo<UserSession | null>(() => {
    if (!hydrated) return null;
    if (queryToken) return validation.data ? { token: queryToken, user: validation.data } : null;
    return { token: storage.get("user_token"), user: storage.get("userdata") };
  }, [hydrated, queryToken, validation.data]);

  if (queryToken && validation.isError) {
    return <SessionError error={validation.error} onRetry={() => void validation.refetch()} />;
  }
  if (!session) return <ScreenSkeleton />;
  return <UserSessionContext.Provider value={session}>{children}</UserSessionContext.Provider>;
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
