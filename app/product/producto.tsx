import { data, isRouteErrorResponse, useLocation } from "react-router";
import { ProductDetail, ProductLoadError } from "./ProductDetail";
import { type CardProduct, toCard } from "~/merchant-api/product";
import { breadcrumbJsonLd, productBreadcrumb, productJsonLd } from "./structured-data";
import { failureResponse, isOutage } from "~/merchant-api/failure.server";
import {
  getAccessories,
  getProduct,
  getRelatedProducts,
  listedProduct,
  pdfExists,
  PRODUCT_NOT_FOUND,
  withCurrentPrices,
} from "~/merchant-api/client.server";
import { logger } from "~/platform/logger.server";
import { htmlToText, sanitizeDescription } from "./sanitize.server";
import { withoutRepeatedFacts } from "./repeated-facts.server";
import { routeMeta, serializeJsonLd, SITE_NAME } from "~/platform/page-meta";
import { productMetaDescription, productPageTitle } from "./product-names";
import { onceEach } from "./product-card";
import type { Route } from "./+types/producto";
import { publicPage } from "~/platform/http-cache.server";

/** Product ids are numeric (docs/merchant-api.md); anything else cannot exist upstream. */
const PRODUCT_ID = /^\d{1,20}$/;

type LoadError = { message: string };

function notFound(): never {
  throw data<LoadError>({ message: PRODUCT_NOT_FOUND }, { status: 404 });
}

/** Related products and accessories are extras: a failure leaves the section out. */
function degrade(section: string) {
  return (error: unknown): CardProduct[] => {
    logger.warn({ err: error, section }, "product section unavailable");
    return [];
  };
}

/** Cache policy of this page (docs/decisions/0205). */
export const headers = publicPage;

export async function loader({ params, request }: Route.LoaderArgs) {
  const id = params.productId;
  if (!PRODUCT_ID.test(id)) notFound();

  // Price and datasheet are asked for after the product's read, which gives the sku. When a list
  // already gave the product (the whole catalogue is held), they are asked for at once, beside
  // it: one round of calls, not two (docs/decisions/0710). The calls after the read then join
  // them, in flight or cached; a sku changed since is asked for anew.
  const listed = listedProduct(id);
  if (listed) {
    void withCurrentPrices([listed]);
    if (listed.sku) void pdfExists(listed.sku);
  }
  const main = getProduct(id).then(async (product) => {
    const [priced, hasDatasheet] = await Promise.all([
      withCurrentPrices([product]).then(
        ([p]) => p ?? product,
        () => product,
      ),
      product.sku ? pdfExists(product.sku).catch(() => false) : Promise.resolve(false),
    ]);
    return { product: priced, hasDatasheet };
  });
  // Their cards show the price their list carries, as every list does (docs/decisions/0221,
  // 0520): a price call per card was 24 upstream calls a page, for a figure cached longer.
  const related = getRelatedProducts(id, 12)
    .then((list) => list.map(toCard))
    .catch(degrade("related"));
  const accessories = getAccessories(id, 12)
    .then((list) => list.map(toCard))
    .catch(degrade("accessories"));

  let loaded: Awaited<typeof main>;
  try {
    loaded = await main;
  } catch (error) {
    if (isOutage(error)) logger.warn({ err: error, productId: id }, "product load failed");
    throw failureResponse(error, PRODUCT_NOT_FOUND);
  }

  const { product, hasDatasheet } = loaded;
  // The features and specifications are shown from their own fields: not twice.
  const descriptionHtml = sanitizeDescription(withoutRepeatedFacts(product));
  const plain = (product.description?.trim() || htmlToText(product.descriptionHtml)).trim();
  // Brand and model tell apart the many products that share a title (docs/decisions/0240).
  const metaDescription = productMetaDescription(product, plain);
  const crumbs = productBreadcrumb(product);
  const origin = new URL(request.url).origin;
  const path = `/producto/${id}`;
  // The accessories come first on the page; a product in both lists is shown there only.
  const [accessoryCards, relatedCards] = onceEach(await accessories, await related);

  return {
    // The raw supplier HTML never leaves the server; only the sanitized copy does.
    product: { ...product, descriptionHtml: null },
    descriptionHtml,
    metaDescription,
    crumbs,
    hasDatasheet,
    related: relatedCards,
    accessories: accessoryCards,
    jsonLd: [
      serializeJsonLd(
        productJsonLd(product, { origin, path, description: plain, sellerName: SITE_NAME }),
      ),
      serializeJsonLd(breadcrumbJsonLd(crumbs, origin, path)),
    ],
  };
}

export function meta({ loaderData, matches, params, error }: Route.MetaArgs) {
  if (!loaderData) {
    // The tab says what the error boundary shows: an unknown product or a failed load.
    const missing = isRouteErrorResponse(error) && error.status === 404;
    const heading = missing ? "Producto no encontrado" : "Error al cargar el producto";
    return [{ title: `${heading} | ${SITE_NAME}` }, { name: "robots", content: "noindex" }];
  }
  const { product, metaDescription } = loaderData;
  return routeMeta(matches, {
    title: productPageTitle(product),
    fullTitle: true,
    description: metaDescription,
    path: `/producto/${params.productId}`,
    // Always a raster picture that exists: previews show no SVG, nor a missing first picture.
    image: `/producto/${params.productId}/imagen.png`,
    type: "product",
  });
}

export default function Producto({ loaderData }: Route.ComponentProps) {
  // Keyed by product: going to a related product starts with quantity 1 and the first image.
  return <ProductDetail key={loaderData.product.id} {...loaderData} />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const location = useLocation();
  if (isRouteErrorResponse(error) && error.status === 404) {
    return <ProductLoadError kind="not-found" />;
  }
  const message =
    isRouteErrorResponse(error) &&
    typeof (error.data as LoadError | undefined)?.message === "string"
      ? (error.data as LoadError).message
      : "Error inesperado";
  return (
    <ProductLoadError
      kind="failed"
      message={message}
      retryTo={location.pathname + location.search}
    />
  );
}
