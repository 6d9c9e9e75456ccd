import { useId } from "react";
import { clampQuantity } from "./add-to-cart";
import styles from "./QuantitySelector.module.css";

/**
 * Quantity between 1 and the stock (spec §4). Without JavaScript it is a
 * number input with min/max; with JavaScript −/+ buttons join it. `value` is
 * the raw text so the shopper can type freely; it is clamped on blur.
 */
export function QuantitySelector({
  name,
  value,
  onChange,
  max,
  label,
  enhanced,
  disabled = false,
}: {
  name: string;
  value: string;
  onChange: (value: string) => void;
  max: number;
  label: string;
  /** True once hydrated: show the −/+ buttons. */
  enhanced: boolean;
  disabled?: boolean;
}) {
  const id = useId();
  const current = clampQuantity(value, max);
  const upper = Math.max(1, max);
  return (
    <div className={styles.selector}>
      <label htmlFor={id} className="visually-hidden">
        {label}
      </label>
      {enhanced ? (
        <button
          type="button"
          className={styles.step}
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
        className={styles.input}
        type="number"
        name={name}
        inputMode="numeric"
        min={1}
        max={upper}
        step={1}
        value={value}
        disabled={disabled}
        onChange={(e) => onChange(e.currentTarget.value)}
        onBlur={() => onChange(String(current))}
      />
      {enhanced ? (
        <button
          type="button"
          className={styles.step}
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
