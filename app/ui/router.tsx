/**
 * React Router's `Link`, `Form` and `useFetcher` as the store uses them: without the
 * `data-discover="true"` attribute on every link and form. That attribute asks for lazy route
 * discovery; with `routeDiscovery: { mode: "initial" }` (react-router.config.ts) the whole
 * route manifest comes with the first page, so it only cost bytes: about 100 of them on the
 * home page (docs/decisions/0385). Every other prop goes through unchanged.
 */
import { type ComponentProps, useId, useMemo } from "react";
import {
  type FetcherWithComponents,
  Form as RouterForm,
  Link as RouterLink,
  useFetcher as useRouterFetcher,
  useLocation,
  useNavigate,
} from "react-router";
import { isPlainClick } from "./use-link-navigation";

type LinkProps = ComponentProps<typeof RouterLink>;

/**
 * A link to a path of this site with nothing else to do (no state, replace, target, scroll or
 * transition option). Its address is its `to`, as React Router would write it, without the
 * router resolving it against the matched routes for every link of a page: the router's links
 * took 3.8 % of the browsing mix's CPU, these 0.5 % (docs/decisions/0625).
 */
function isSitePath(props: LinkProps): props is LinkProps & { to: string } {
  const { to } = props;
  return (
    typeof to === "string" &&
    to.startsWith("/") &&
    !to.startsWith("//") &&
    !/\/\.\.?(\/|$|[?#])/.test(to) &&
    props.replace === undefined &&
    props.state === undefined &&
    props.target === undefined &&
    props.relative === undefined &&
    props.reloadDocument === undefined &&
    props.preventScrollReset === undefined &&
    props.viewTransition === undefined &&
    props.prefetch === undefined
  );
}

/** React Router's link click, for a site path: in the app, replacing when it is this page. */
function SiteLink({
  to,
  onClick,
  children,
  discover: _discover,
  ...rest
}: LinkProps & { to: string }) {
  const navigate = useNavigate();
  const { pathname, search, hash } = useLocation();
  return (
    <a
      {...rest}
      href={to}
      onClick={(event) => {
        onClick?.(event);
        if (event.defaultPrevented || !isPlainClick(event)) return;
        event.preventDefault();
        void navigate(to, { replace: `${pathname}${search}${hash}` === to });
      }}
    >
      {children}
    </a>
  );
}

export function Link(props: LinkProps) {
  if (isSitePath(props)) return <SiteLink {...props} />;
  return <RouterLink discover="none" {...props} />;
}

export function Form(props: ComponentProps<typeof RouterForm>) {
  return <RouterForm discover="none" {...props} />;
}

type FetcherFormProps = ComponentProps<FetcherWithComponents<unknown>["Form"]>;

/**
 * React Router's fetcher with a `Form` built on the one above. The router's own `fetcher.Form`
 * is that same `Form` with `navigate={false}` and the fetcher's key, but takes no `discover`.
 */
export function useFetcher<T = unknown>(options?: { key?: string }) {
  const ownKey = useId();
  const key = options?.key ?? ownKey;
  const fetcher = useRouterFetcher<T>({ key });
  const FetcherForm = useMemo(
    () =>
      function FetcherForm(props: FetcherFormProps) {
        return <Form {...props} navigate={false} fetcherKey={key} />;
      },
    [key],
  );
  return useMemo(() => ({ ...fetcher, Form: FetcherForm }), [fetcher, FetcherForm]);
}
