import { data } from "react-router";
import { HomePage } from "~/home/HomePage";
import { pageMeta } from "~/platform/page-meta";
import type { RootData } from "~/root";
import type { Route } from "./+types/not-found";
import { loadHomeData } from "~/home/home.server";
import { publicPage } from "~/platform/http-cache.server";

/** Any other path: the home page content with status 404 (spec §2 route table). */
/** Cache policy of this page (docs/decisions/0205). */
export const headers = publicPage;

export async function loader({ request }: Route.LoaderArgs) {
  return data(await loadHomeData(request), { status: 404 });
}

export function meta({ matches, location }: Route.MetaArgs) {
  const root = matches.find((match) => match?.id === "root")?.loaderData as RootData | undefined;
  return pageMeta({
    title: "Página no encontrada",
    description:
      "La página que buscas no existe. Explora nuestro catálogo de seguridad electrónica y telecomunicaciones.",
    origin: root?.origin ?? "http://localhost",
    path: location.pathname,
    noindex: true,
  });
}

export default function NotFound({ loaderData, matches }: Route.ComponentProps) {
  const root = matches[0]?.loaderData as RootData | undefined;
  return (
    <HomePage
      {...loaderData}
      notFound
      origin={root?.origin ?? null}
      salesEmail={root?.salesEmail ?? null}
      salesPhone={root?.salesPhone ?? null}
    />
  );
}
