import type { Product } from "~/domain/product";

/**
 * Quantity selector and add-to-cart button for a product, posting to the cart
 * action (/carrito, intent=add). SKELETON — being written by the cart issue.
 */
export function AddToCartForm({ product }: { product: Product; compact?: boolean }) {
  return (
    <form method="post" action="/carrito">
      <input type="hidden" name="intent" value="add" />
      <input type="hidden" name="productId" value={product.id} />
      <button type="submit">Agregar al carrito</button>
    </form>
  );
}
