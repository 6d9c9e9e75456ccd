import { HomePage } from "./HomePage";
import { routeMeta } from "~/platform/page-meta";
import { useSite } from "~/platform/site";
import type { Route } from "./+types/home";
import { loadHomeData } from "./home.server";
import { publicPage } from "~/platform/http-cache.server";

/** Cache policy of this page (docs/decisions/0205). */
export const headers = publicPage;

export async function loader({ request }: Route.LoaderArgs) {
  return loadHomeData(request);
}

export const HOME_DESCRIPTION =
  "Tienda en línea de equipos de seguridad electrónica y telecomunicaciones en Colombia: videovigilancia, control de acceso, detección de incendio, energía, redes y más. Precios en pesos colombianos sin IVA.";

export function meta({ matches }: Route.MetaArgs) {
  return routeMeta(matches, {
    title: "Seguridad electrónica y telecomunicaciones",
    description: HOME_DESCRIPTION,
    path: "/",
    image: "/banners/videovigilancia.svg",
  });
}

export default function Home({ loaderData }: Route.ComponentProps) {
  const site = useSite();
  return (
    <HomePage
      {...loaderData}
      origin={site?.origin ?? null}
      salesEmail={site?.salesEmail ?? null}
      salesPhone={site?.salesPhone ?? null}
    />
  );
}
