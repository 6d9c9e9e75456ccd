import type { PriceView } from "./product-card";
import { formatCOP } from "~/money";

type PricedView = Extract<PriceView, { kind: "priced" }>;

/**
 * The priced state shared by the card and the detail page: crossed-out list price
 * with the saving, then the price and '/ Sin IVA'. Each caller brings its own classes.
 */
export function PriceLines({
  price,
  classes,
}: {
  price: PricedView;
  /** A CSS module with was, saving, now, amount and tax classes. */
  classes: { readonly [name: string]: string };
}) {
  return (
    <>
      {price.listPrice !== null ? (
        <p className={classes.was}>
          <span className="visually-hidden">Precio anterior: </span>
          <s>{formatCOP(price.listPrice)}</s>{" "}
          <span className={classes.saving}>
            Ahorras {formatCOP(price.saving)} ({price.savingPercent}%)
          </span>
        </p>
      ) : null}
      <p className={classes.now}>
        <span className={classes.amount}>{formatCOP(price.price)}</span>{" "}
        <span className={classes.tax}>/ Sin IVA</span>
      </p>
    </>
  );
}
