import { data } from "react-router";
import { personalPage } from "~/platform/http-cache.server";
import { sitePageMeta } from "~/content/site-page-meta";
import { OrderLookupPage } from "./OrderLookupPage";
import { lookupOrder } from "./lookup.server";
import type { Route } from "./+types/pedidos";

/** Cache policy of this page (docs/decisions/0205). */
export const headers = personalPage;

export function meta({ matches }: Route.MetaArgs) {
  // The title is the page's own (<FormTitle>): 'Error: ' in front after a failed submit.
  return sitePageMeta("/mi-cuenta/pedidos", matches).filter((tag) => !("title" in tag));
}

/** The lookup answers in place: the e-mail never goes into a URL. */
export async function action({ request }: Route.ActionArgs) {
  const { status, body, retryAfterSeconds } = await lookupOrder(request, await request.formData());
  const headers = retryAfterSeconds ? { "Retry-After": String(retryAfterSeconds) } : undefined;
  return data(body, { status, headers });
}

export default function Pedidos({ actionData }: Route.ComponentProps) {
  return <OrderLookupPage result={actionData} />;
}
