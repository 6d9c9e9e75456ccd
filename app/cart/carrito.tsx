import { data } from "react-router";
import { type CartFetcherData, FETCHER_FIELD } from "./cart-fetcher";
import { CartPage } from "./CartPage";
import { cartRedirectTarget, loadCartPage, performCartAction } from "./cart.server";
import { redirectWithFlash } from "~/platform/flash.server";
import { personalPage, PRIVATE_NO_STORE } from "~/platform/http-cache.server";
import { routeMeta } from "~/platform/page-meta";
import type { Route } from "./+types/carrito";

export function meta({ matches }: Route.MetaArgs) {
  return routeMeta(matches, {
    title: "Carrito de Compras",
    description: "Revisa los productos de tu carrito, el IVA, el envío y el total de tu compra.",
    path: "/carrito",
    noindex: true,
  });
}

/** Cache policy of this page (docs/decisions/0205). */
export const headers = personalPage;

export async function loader({ request }: Route.LoaderArgs) {
  const { page, headers } = await loadCartPage(request);
  const url = new URL(request.url);
  headers.set("Cache-Control", PRIVATE_NO_STORE);
  return data(
    {
      page,
      // Step two of 'Vaciar carrito' without JavaScript.
      confirmClear: url.searchParams.get("vaciar") === "1" && page.lines.length > 0,
    },
    { headers },
  );
}

/**
 * THE cart action (intent = add | decrement | remove | set | clear). A plain
 * form post gets 303 back to `redirectTo` with a flash notice (PRG); a fetcher
 * (hidden `fetcher=1`) gets the notice as data and stays on its page.
 */
export async function action({ request }: Route.ActionArgs) {
  const form = await request.formData();
  const result = await performCartAction(request, form);
  const headers = new Headers({ "Cache-Control": PRIVATE_NO_STORE });
  if (result.cookie) headers.append("Set-Cookie", result.cookie);
  if (form.get(FETCHER_FIELD) === "1") {
    const body: CartFetcherData = { ok: result.ok, notice: result.notice, count: result.count };
    return data(body, { status: result.status, headers });
  }
  const to = cartRedirectTarget(form.get("redirectTo"));
  return redirectWithFlash(request, to, result.notice, { headers });
}

export default function Carrito({ loaderData }: Route.ComponentProps) {
  return <CartPage page={loaderData.page} confirmClear={loaderData.confirmClear} />;
}
