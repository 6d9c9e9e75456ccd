/**
 * The picture a link preview shows for a product (og:image): PNG or JPEG, as previews show no
 * SVG (docs/decisions/0566). The first of the product's pictures that can be had: a PNG or JPEG
 * as it is, an SVG drawn to a PNG with resvg (@resvg/resvg-js, its binary installed with the
 * package); none of them, the store's placeholder drawn the same way.
 */
import { renderAsync } from "@resvg/resvg-js";
import { LRUCache } from "lru-cache";
import PQueue from "p-queue";
import { getProductImage } from "~/merchant-api/client.server";
import { logger } from "~/platform/logger.server";
import placeholderSvg from "../../public/img/placeholder-producto.svg?raw";

export interface PreviewImage {
  type: "image/png" | "image/jpeg";
  bytes: Uint8Array;
}

/** Width of a drawn preview: what link previews ask for at most. */
const PREVIEW_WIDTH = 1200;
/** Pictures tried in order before the placeholder: a missing first one is not the end. */
const PICTURES_TRIED = 3;
/** A picture larger than this is not fetched whole. */
const MAX_PICTURE_BYTES = 5 * 1024 * 1024;
const RASTER = new Set(["image/png", "image/jpeg"]);

// resvg draws on libuv's threads; one drawing at a time leaves the others to files and zlib.
const drawing = new PQueue({ concurrency: 1 });
// Previews by picture address: a shared link is asked for by every preview service in turn.
const made = new LRUCache<string, PreviewImage>({
  maxSize: 24 * 1024 * 1024,
  sizeCalculation: (image) => image.bytes.byteLength,
  ttl: 6 * 60 * 60 * 1000,
});

/** An SVG drawn to a PNG on a white background, `PREVIEW_WIDTH` wide. */
async function svgToPng(svg: Uint8Array | string): Promise<Uint8Array> {
  const text = typeof svg === "string" ? svg : Buffer.from(svg).toString("utf8");
  const rendered = await drawing.add(() =>
    renderAsync(text, {
      fitTo: { mode: "width", value: PREVIEW_WIDTH },
      background: "#ffffff",
      // No font is bundled: the machine's own (Debian's DejaVu or Liberation) draw the text.
      font: { loadSystemFonts: true, defaultFontFamily: "DejaVu Sans" },
    }),
  );
  return new Uint8Array(rendered.asPng());
}

let placeholder: Promise<PreviewImage> | undefined;

function placeholderImage(): Promise<PreviewImage> {
  placeholder ??= svgToPng(placeholderSvg).then((bytes) => ({ type: "image/png", bytes }));
  return placeholder;
}

async function previewOf(src: string): Promise<PreviewImage | null> {
  const cached = made.get(src);
  if (cached) return cached;
  const picture = await getProductImage(src, MAX_PICTURE_BYTES);
  if (!picture) return null;
  let image: PreviewImage | null = null;
  if (RASTER.has(picture.type)) {
    image = { type: picture.type as PreviewImage["type"], bytes: picture.bytes };
  } else if (picture.type === "image/svg+xml") {
    image = { type: "image/png", bytes: await svgToPng(picture.bytes) };
  }
  if (image) made.set(src, image);
  return image;
}

/**
 * The preview of a product with these pictures (cover first). `placeholder` is true when none
 * of them could be had or read: the answer is then kept for a short while only.
 */
export async function productPreview(
  pictures: readonly string[],
): Promise<PreviewImage & { placeholder: boolean }> {
  for (const src of pictures.slice(0, PICTURES_TRIED)) {
    try {
      const image = await previewOf(src);
      if (image) return { ...image, placeholder: false };
    } catch (error) {
      logger.warn({ err: error }, "product picture unavailable for the preview");
    }
  }
  return { ...(await placeholderImage()), placeholder: true };
}
