import { useEffect } from "react";
import { useNavigate } from "react-router";
import { Link } from "~/ui/router";
import { type PageRefresh, RESULT_TEXTS } from "./result-views";
import styles from "./payments.module.css";

/**
 * A pending page asks again by itself until the payment settles. Without JavaScript: a meta
 * refresh inside <noscript> (a browser running scripts ignores it, so it never reloads a page
 * the shopper has left by a client-side link); with JavaScript: the same URL after the same
 * delay, as a client navigation. Either way the shopper can stop it.
 */
export function AutoRefresh({ refresh }: { refresh: PageRefresh | null }) {
  const navigate = useNavigate();
  useEffect(() => {
    if (!refresh) return;
    const timer = window.setTimeout(
      () => void navigate(refresh.url, { replace: true, preventScrollReset: true }),
      refresh.seconds * 1000,
    );
    return () => window.clearTimeout(timer);
  }, [refresh, navigate]);
  if (!refresh) {
    return (
      <p className={styles.hint} role="status">
        {RESULT_TEXTS.refreshStopped}
      </p>
    );
  }
  return (
    <>
      <noscript>
        <meta httpEquiv="refresh" content={`${refresh.seconds};url=${refresh.url}`} />
      </noscript>
      <p className={styles.hint} role="status">
        {RESULT_TEXTS.refreshing}{" "}
        <Link to={refresh.stopUrl} replace>
          Dejar de actualizar
        </Link>
      </p>
    </>
  );
}
