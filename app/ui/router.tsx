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
} from "react-router";

export function Link(props: ComponentProps<typeof RouterLink>) {
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
