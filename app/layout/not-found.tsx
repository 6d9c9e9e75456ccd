import { data } from "react-router";
import { HomePage } from "~/home/HomePage";
import { routeMeta } from "~/platform/page-meta";
import { useSite } from "~/platform/site";
import type { Route } from "./+types/not-found";
import { loadHomeData } from "~/home/home.server";
import { publicPage } from "~/platform/http-cache.server";

/** Any other path: the home page content with status 404 (docs/decisions/0146). */
/** Cache policy of this page (docs/decisions/0205). */
export const headers = publicPage;

export async function loader({ request }: Route.LoaderArgs) {
  return data(await loadHomeData(request), { status: 404 });
}

export function meta({ matches, location }: Route.MetaArgs) {
  return routeMeta(matches, {
    title: "Página no encontrada",
    description:
      "La página que buscas no existe. Explora nuestro catálogo de seguridad electrónica y telecomunicaciones.",
    path: location.pathname,
    noindex: true,
  });
}

export default function NotFound({ loaderData }: Route.ComponentProps) {
  const site = useSite();
  return (
    <HomePage
      {...loaderData}
      notFound
      origin={site?.origin ?? null}
      salesEmail={site?.salesEmail ?? null}
      salesPhone={site?.salesPhone ?? null}
    />
  );
}
