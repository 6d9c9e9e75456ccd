/**
 * The product card's markup as the server writes it (docs/decisions/0660): the bytes React writes
 * for `ProductCardView` before hydration, made as one string. React's render of a page's 24 cards
 * was about a fifth of a first visit's CPU (1 to 1.5 ms of a product page or a listing). The
 * browser renders and hydrates the React card, so the two must stay the same to the byte:
 * `card-html.test.tsx` renders both for every state a card has.
 */
import type { CardProduct } from "~/merchant-api/product";
import { formatCOP } from "~/money/format";
import { addToCartFormHtml } from "~/cart/AddToCartForm";
import { CONTACT_DIALOG_ID } from "~/content/ContactDialog";
import { attribute, escapeHtml } from "~/ui/html-string";
import { PLACEHOLDER_IMAGE } from "~/ui/ProductImage";
import { cardBadges, cardIds, priceView, stockLabel } from "./product-card";
import cardStyles from "./ProductCard.module.css";
import imageStyles from "~/ui/ProductImage.module.css";

function priceHtml(product: CardProduct): string {
  const price = priceView(product);
  if (price.kind !== "priced") {
    return (
      `<button type="button"${attribute("popoverTarget", CONTACT_DIALOG_ID)}` +
      ` popoverTargetAction="show" aria-haspopup="dialog"${attribute("class", cardStyles.ask)}>` +
      "Consultar precio</button>"
    );
  }
  const saving = `Ahorras ${formatCOP(price.saving)} (${price.savingPercent}%)`;
  const before =
    price.listPrice === null
      ? ""
      : `<p><span class="visually-hidden">Precio anterior: </span>` +
        `<s>${escapeHtml(formatCOP(price.listPrice))}</s> <span>${escapeHtml(saving)}</span></p>`;
  return (
    `${before}<p><strong>${escapeHtml(formatCOP(price.price))}</strong>` +
    " <small>/ Sin IVA</small></p>"
  );
}

function badgesHtml(stock: number): string {
  const badges = cardBadges(stock);
  if (badges.length === 0) return "";
  const items = badges.map((badge) => {
    const className = badge.kind === "popular" ? cardStyles.popular : cardStyles.low;
    return `<li${attribute("class", className)}>${escapeHtml(badge.label)}</li>`;
  });
  return `<ul${attribute("class", cardStyles.badges)}>${items.join("")}</ul>`;
}

/**
 * What the card's `<article>` holds, for `product` on the page at `returnTo` (its path and
 * query): the markup of `ProductCardView` before hydration.
 */
export function cardInnerHtml(
  product: CardProduct,
  { distinguish, returnTo }: { distinguish: boolean; returnTo: string },
): string {
  const ids = cardIds(product.id);
  const identifier = distinguish ? (product.model ?? product.sku) : null;
  const href = `/producto/${encodeURIComponent(product.id)}`;
  const noStock = product.stock > 0 ? undefined : cardStyles.noStock;
  return (
    `<div><span${attribute("class", imageStyles.frame)}>` +
    `<img${attribute("src", product.images[0] || PLACEHOLDER_IMAGE)} alt=""` +
    ` width="400" height="400" loading="lazy" decoding="async"/></span>` +
    `${badgesHtml(product.stock)}</div>` +
    `<div><p>${escapeHtml(product.brand ?? "Sin marca")}</p>` +
    `<h3><a${attribute("id", ids.title)}${attribute("href", href)}>` +
    escapeHtml(product.title ?? "Producto sin título") +
    (identifier ? `<span> (${escapeHtml(identifier)})</span>` : "") +
    "</a></h3>" +
    (product.model ? `<p>${escapeHtml(`Modelo: ${product.model}`)}</p>` : "") +
    `<div${attribute("class", cardStyles.price)}>${priceHtml(product)}</div>` +
    `<p${attribute("class", noStock)}>${escapeHtml(stockLabel(product.stock))}</p>` +
    addToCartFormHtml(product, { ids, returnTo }) +
    "</div>"
  );
}
