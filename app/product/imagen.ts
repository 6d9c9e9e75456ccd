import { getProduct } from "~/merchant-api/client.server";
import { failureStatus } from "~/merchant-api/failure.server";
import { logger } from "~/platform/logger.server";
import { plainPage } from "~/platform/plain-page.server";
import { productPreview } from "./preview-image.server";
import type { Route } from "./+types/imagen";

/** Product ids are numeric, as on the product page. */
const PRODUCT_ID = /^\d{1,20}$/;

/**
 * GET /producto/{id}/imagen.png: the product's picture for link previews (its og:image), always
 * a raster image (docs/decisions/0566). A product without a picture that can be had gets the
 * placeholder, kept in caches for minutes instead of a day.
 */
export async function loader({ params }: Route.LoaderArgs) {
  const id = params.productId;
  if (!PRODUCT_ID.test(id)) return missing();
  let pictures: string[];
  try {
    pictures = (await getProduct(id)).images;
  } catch (error) {
    const status = failureStatus(error);
    if (status === 404) return missing();
    logger.warn({ err: error, productId: id }, "product preview unavailable");
    return plainPage(status, "Imagen no disponible", "Intenta de nuevo en unos minutos.");
  }
  const image = await productPreview(pictures);
  return new Response(Buffer.from(image.bytes), {
    headers: {
      "Content-Type": image.type,
      "Content-Length": String(image.bytes.byteLength),
      "Cache-Control": image.placeholder
        ? "public, max-age=300"
        : "public, max-age=86400, stale-while-revalidate=604800",
      "X-Content-Type-Options": "nosniff",
    },
  });
}

function missing(): Response {
  return plainPage(404, "Imagen no disponible", "Este producto no existe o ya no está disponible.");
}
