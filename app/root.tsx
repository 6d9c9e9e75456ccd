import { useEffect, useRef } from "react";
import {
  data,
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  type ShouldRevalidateFunctionArgs,
  useLocation,
  useRouteLoaderData,
} from "react-router";
import type { Route } from "./+types/root";
import { ContactDialog } from "~/content/ContactDialog";
import { Footer } from "~/layout/Footer";
import { Header } from "~/layout/Header";
import type { CartSummary } from "~/cart/cart.server";
import { config } from "~/platform/config.server";
import type { FlashNotice as Notice } from "~/platform/flash.server";
import { NOBODY, NoticeAndParts, usePersonalParts } from "~/layout/PersonalParts";
import { readPersonalParts } from "~/layout/personal-parts.server";
import { useNonce } from "~/platform/nonce";
import { NavigationProgress } from "~/ui/NavigationProgress";
import { SITE_NAME } from "~/platform/page-meta";
import type { SiteData } from "~/platform/site";
import "~/ui/global.css";
import { publicPage } from "~/platform/http-cache.server";

/**
 * The root match's data: the site's (origin and contact, what the parts read through
 * `~/platform/site`) and the shopper's slots (the cart, the notice), which only the shell reads.
 */
interface RootData extends SiteData {
  cart: CartSummary;
  notice: Notice | null;
}

/** Cache policy of this page (docs/decisions/0205). */
export const headers = publicPage;

export async function loader({ request }: Route.LoaderArgs) {
  const cfg = config();
  // The mega menu's categories are not loader data: entry.server puts them in as markup (0383).
  const { parts, headers } = await readPersonalParts(request);
  const value: RootData = {
    origin: new URL(request.url).origin,
    ...parts,
    salesEmail: cfg.salesEmail,
    salesPhone: cfg.salesPhone,
    seller: cfg.seller,
    year: new Date().getFullYear(),
  };
  return data(value, { headers });
}

/**
 * The root's data (the cart, the notice, the origin and contact) changes only by a form post, on
 * the cart's and checkout's own pages, or when the same page is asked for again; not by going to
 * another page or another filter. Left
 * out of those navigations, the `.data` answers hold no shopper's data and come from the page
 * cache for shoppers with a cart too (docs/decisions/0470).
 */
export function shouldRevalidate({
  currentUrl,
  nextUrl,
  formMethod,
  defaultShouldRevalidate,
}: ShouldRevalidateFunctionArgs) {
  const posted = formMethod !== undefined && formMethod.toUpperCase() !== "GET";
  const samePage = currentUrl.pathname + currentUrl.search === nextUrl.pathname + nextUrl.search;
  // The cart and checkout pages are the shopper's own (never from the page cache): the cart
  // there is read again, as a payment settled or a bank's answer may have changed it (0530).
  const ownPage = /^\/(carrito|checkout)(\/|$)/.test(nextUrl.pathname);
  return ownPage || (defaultShouldRevalidate && (posted || samePage));
}

/** Root loader data, or undefined when the root loader itself failed. */
function useRootData(): RootData | undefined {
  return useRouteLoaderData<typeof loader>("root");
}

/** Where each popover was opened: the address the browser showed at that moment. */
const openedAt = new WeakMap<Element, string>();

function noteOpened(event: Event) {
  if ((event as ToggleEvent).newState !== "open" || !(event.target instanceof Element)) return;
  openedAt.set(event.target, location.pathname + location.search);
}

/**
 * Client-side navigations close the popovers (mega menu, contact dialog) opened before the
 * address changed. The page arrives a moment after the address: a popover the shopper opened in
 * between is theirs and stays open. Not on the first run: a popover opened before hydration must
 * stay open.
 */
function useClosePopoversOnNavigation() {
  const { pathname, search } = useLocation();
  const url = pathname + search;
  const previous = useRef(url);
  useEffect(() => {
    // `beforetoggle` is dispatched as the popover opens (`toggle` only a task later).
    document.addEventListener("beforetoggle", noteOpened, true);
    return () => document.removeEventListener("beforetoggle", noteOpened, true);
  }, []);
  useEffect(() => {
    if (previous.current === url) return;
    previous.current = url;
    for (const el of document.querySelectorAll<HTMLElement>("[popover]")) {
      if (el.matches(":popover-open") && openedAt.get(el) !== url) el.hidePopover();
    }
  }, [url]);
}

export function Layout({ children }: { children: React.ReactNode }) {
  const nonce = useNonce();
  const root = useRootData();
  const parts = usePersonalParts(root, root ? { cart: root.cart, notice: root.notice } : NOBODY);
  useClosePopoversOnNavigation();
  return (
    <html lang="es-CO">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#0b4f9c" />
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        <Meta />
        <Links />
      </head>
      <body>
        {/* To a div around the page, not to its <main>: w3m knows no <main> and finds no target. */}
        <a href="#contenido-principal" className="skip-link">
          Saltar al contenido principal
        </a>
        <NavigationProgress />
        <Header cart={parts.cart} />
        <NoticeAndParts parts={parts} />
        <div id="contenido-principal">{children}</div>
        <Footer
          email={root?.salesEmail ?? null}
          phone={root?.salesPhone ?? null}
          seller={root?.seller ?? null}
          year={root?.year ?? new Date().getFullYear()}
        />
        {root ? <ContactDialog email={root.salesEmail} phone={root.salesPhone} /> : null}
        {/* Resets scroll to the top on each new path, restores it on back/forward. */}
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

export default function App() {
  return <Outlet />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  let title = "Ocurrió un error";
  let detail = "Lo sentimos, algo salió mal. Por favor, intenta de nuevo en unos minutos.";
  if (isRouteErrorResponse(error)) {
    if (error.status === 404) {
      title = "Página no encontrada";
      detail = "La página que buscas no existe o fue movida.";
    } else {
      title = `Error ${error.status}`;
    }
    if (typeof error.data === "string" && error.data) detail = error.data;
  }
  return (
    <main id="contenido" className="container error-page">
      {/* No route's meta runs above this boundary: the page names itself (React hoists these). */}
      <title>{`${title} | ${SITE_NAME}`}</title>
      <meta name="robots" content="noindex" />
      <h1>{title}</h1>
      <p>{detail}</p>
      <p>
        <a href="/">Volver al inicio</a>
      </p>
    </main>
  );
}
