import { data, redirect } from "react-router";
import { personalPage, privateNoStore } from "~/platform/http-cache.server";
import { routeMeta } from "~/platform/page-meta";
import { PendingPage } from "./PendingPage";
import { RESULT_TEXTS } from "./result-views";
import { loadPendingPage } from "./result-pages.server";
import type { Route } from "./+types/pendiente";

/** Cache policy of this page (docs/decisions/0205). */
export const headers = personalPage;

export function meta({ matches, loaderData }: Route.MetaArgs) {
  const title =
    loaderData?.view.state === "not-charged" ? RESULT_TEXTS.notChargedTitle : "Pago en proceso";
  return routeMeta(matches, {
    title,
    description: "Tu pago está en proceso.",
    path: "/checkout/pending",
    noindex: true,
  });
}

export async function loader({ request }: Route.LoaderArgs) {
  const answer = await loadPendingPage(request);
  if (answer.kind === "redirect")
    throw redirect(answer.location, { headers: privateNoStore(answer.headers) });
  return data({ view: answer.view });
}

export default function Pendiente({ loaderData }: Route.ComponentProps) {
  return <PendingPage view={loaderData.view} />;
}
