import { HomePage } from "./HomePage";
import type { RootData } from "~/root";
import { pageMeta } from "~/platform/page-meta";
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
  const root = matches.find((match) => match?.id === "root")?.loaderData as RootData | undefined;
  return pageMeta({
    title: "Seguridad electrónica y telecomunicaciones",
    description: HOME_DESCRIPTION,
    origin: root?.origin ?? "http://localhost",
    path: "/",
    image: "/banners/videovigilancia.svg",
  });
}

export default function Home({ loaderData, matches }: Route.ComponentProps) {
  const root = matches[0]?.loaderData as RootData | undefined;
  return (
    <HomePage
      {...loaderData}
      origin={root?.origin ?? null}
      salesEmail={root?.salesEmail ?? null}
      salesPhone={root?.salesPhone ?? null}
    />
  );
}
