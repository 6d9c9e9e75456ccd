import type { PriceView } from "./product-card";
import { formatCOP } from "~/money/format";

type PricedView = Extract<PriceView, { kind: "priced" }>;

/**
 * The priced state shared by the card and the detail page: crossed-out list price with the
 * saving, then the price and '/ Sin IVA'. Plain elements without classes (the home page shows
 * 36 cards): each caller styles them from its own wrapper (`.price s + span` is the saving,
 * `strong` the price, `small` the tax note).
 */
export function PriceLines({ price }: { price: PricedView }) {
  return (
    <>
      {price.listPrice !== null ? (
        <p>
          <span className="visually-hidden">Precio anterior: </span>
          <s>{formatCOP(price.listPrice)}</s>{" "}
          {/* One text node: separate pieces would each get a <!-- --> marker in the HTML. */}
          <span>{`Ahorras ${formatCOP(price.saving)} (${price.savingPercent}%)`}</span>
        </p>
      ) : null}
      <p>
        <strong>{formatCOP(price.price)}</strong> <small>/ Sin IVA</small>
      </p>
    </>
  );
}
