import { useId } from "react";
import { clampQuantity } from "./add-to-cart";
import styles from "./QuantitySelector.module.css";

/**
 * Quantity between 1 and the stock (docs/decisions/0552). Without JavaScript it is a
 * number input with min/max; with JavaScript −/+ buttons join it. `value` is
 * the raw text so the shopper can type freely; it is clamped on blur.
 */
export function QuantitySelector({
  name,
  value,
  onChange,
  max,
  label,
  subjectId,
  enhanced,
  disabled = false,
  id: givenId,
}: {
  name: string;
  value: string;
  onChange: (value: string) => void;
  max: number;
  /** The start of the input's name, e.g. 'Cantidad de'. */
  label: string;
  /**
   * Id of the element that names what is counted (the product's title on the page): the
   * input's name is the label followed by its text, so the title is in the HTML once.
   */
  subjectId: string;
  /** True once hydrated: show the −/+ buttons. */
  enhanced: boolean;
  disabled?: boolean;
  /** The input's id, when the caller names it (a card's); else one of React's. */
  id?: string;
}) {
  const ownId = useId();
  const id = givenId ?? ownId;
  const current = clampQuantity(value, max);
  const upper = Math.max(1, max);
  return (
    <div className={styles.selector}>
      {/* A page read without CSS (lynx, w3m, which show hidden text) reads 'Cantidad: 1'; screen
          readers hear 'Cantidad de' and the product's title (shown once on the page). */}
      <span className="without-css">Cantidad: </span>
      {enhanced ? (
        <button
          type="button"
          onClick={() => onChange(String(clampQuantity(current - 1, max)))}
          disabled={disabled || current <= 1}
          aria-label="Disminuir cantidad"
          aria-controls={id}
        >
          −
        </button>
      ) : null}
      <input
        id={id}
        // Its own aria-label, then the title: an element may name itself first in the list.
        aria-label={label}
        aria-labelledby={`${id} ${subjectId}`}
        type="number"
        name={name}
        inputMode="numeric"
        min={1}
        max={upper}
        value={value}
        disabled={disabled}
        onChange={(e) => onChange(e.currentTarget.value)}
        onBlur={() => onChange(String(current))}
      />
      {enhanced ? (
        <button
          type="button"
          onClick={() => onChange(String(clampQuantity(current + 1, max)))}
          disabled={disabled || current >= upper}
          aria-label="Aumentar cantidad"
          aria-controls={id}
        >
          +
        </button>
      ) : null}
    </div>
  );
}
