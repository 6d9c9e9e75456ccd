import { useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { useState } from "react";
import { formatCOP } from "~/money";
import {
  CARD_BRAND_LABELS,
  CARD_NUMBER_INPUT_MAX_LENGTH,
  type CardBrand,
  cardFormSchema,
  detectCardBrand,
  EXPIRY_MONTHS,
  formatCardNumber,
} from "./card";
import { summaryErrors } from "./ErrorSummary";
import { controlProps, FormField } from "./FormField";
import { PaymentForm } from "./PaymentForm";
import type { PaymentFormReply } from "./payment-answers.server";
import type { PaymentPageData } from "./payment-page.server";
import styles from "./payments.module.css";

const BRANDS = Object.values(CARD_BRAND_LABELS);
const ACCEPTED = `Aceptamos ${BRANDS.slice(0, -1).join(", ")} y ${BRANDS[BRANDS.length - 1]}.`;

/**
 * Reformats the number in groups of four as it is typed, keeping the caret after the same
 * digit, and tells which brand it is. Without JavaScript the server accepts spaces anyway.
 */
function formatInPlace(input: HTMLInputElement): CardBrand | null {
  const caret = input.selectionStart ?? input.value.length;
  const digitsBefore = input.value.slice(0, caret).replace(/\D/g, "").length;
  const formatted = formatCardNumber(input.value);
  if (formatted !== input.value) {
    input.value = formatted;
    let position = 0;
    let seen = 0;
    while (position < formatted.length && seen < digitsBefore) {
      if (/\d/.test(formatted[position])) seen++;
      position++;
    }
    input.setSelectionRange(position, position);
  }
  return detectCardBrand(formatted);
}

/**
 * The card form (spec §5 card form): holder, number in groups of four, expiry month and year,
 * CVV, the detected brand. Posts to the store (it works without JavaScript); on an error it
 * comes back with the holder and expiry kept and the number and CVV always empty.
 */
export function CardForm({
  page,
  card,
  result,
  title,
}: {
  page: PaymentPageData;
  card: NonNullable<PaymentPageData["card"]>;
  result: PaymentFormReply | undefined;
  title: string;
}) {
  const lastResult = result?.form === "card" ? result.reply : undefined;
  const [form, fields] = useForm({
    id: "pago-tarjeta",
    lastResult,
    defaultValue: { holder_name: card.holderName },
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate({ formData }) {
      return parseWithZod(formData, { schema: cardFormSchema(new Date()) });
    },
  });
  const [brand, setBrand] = useState<CardBrand | null>(null);
  // A new answer re-creates the secret inputs, so the browser shows them empty.
  const secretKey = result?.attempt ?? "inicial";
  const errors = summaryErrors(form.errors, [
    fields.holder_name,
    fields.card_number,
    fields.expiration_month,
    fields.expiration_year,
    fields.cvv2,
  ]);

  return (
    <PaymentForm
      form={form}
      intent="pay-card"
      page={page}
      title={title}
      result={result}
      answered={lastResult !== undefined}
      errors={errors}
      submitLabel={`Pagar ${formatCOP(page.totals.total)}`}
      busyLabel="Procesando pago…"
    >
      <FormField
        field={fields.holder_name}
        label="Nombre del titular"
        hint="Como aparece en la tarjeta"
      >
        <input
          {...controlProps(fields.holder_name, `${fields.holder_name.id}-hint`)}
          type="text"
          autoComplete="cc-name"
          defaultValue={fields.holder_name.initialValue}
          maxLength={80}
          spellCheck={false}
        />
      </FormField>

      <FormField field={fields.card_number} label="Número de tarjeta" hint={ACCEPTED}>
        <div className={styles.cardNumber}>
          <input
            key={`numero-${secretKey}`}
            {...controlProps(fields.card_number, `${fields.card_number.id}-hint tarjeta-marca`)}
            type="text"
            inputMode="numeric"
            autoComplete="cc-number"
            maxLength={CARD_NUMBER_INPUT_MAX_LENGTH}
            placeholder="1234 5678 9012 3456"
            spellCheck={false}
            onInput={(event) => setBrand(formatInPlace(event.currentTarget))}
          />
          <span id="tarjeta-marca" className={styles.brand} aria-live="polite">
            {brand ? CARD_BRAND_LABELS[brand] : ""}
          </span>
        </div>
      </FormField>

      <fieldset className={styles.fieldset}>
        <legend>Fecha de vencimiento</legend>
        <div className={styles.expiry}>
          <FormField field={fields.expiration_month} label="Mes">
            <select
              {...controlProps(fields.expiration_month)}
              autoComplete="cc-exp-month"
              defaultValue={fields.expiration_month.initialValue ?? ""}
            >
              <option value="">Mes</option>
              {EXPIRY_MONTHS.map((month) => (
                <option key={month} value={month}>
                  {month}
                </option>
              ))}
            </select>
          </FormField>
          <FormField field={fields.expiration_year} label="Año">
            <select
              {...controlProps(fields.expiration_year)}
              autoComplete="cc-exp-year"
              defaultValue={fields.expiration_year.initialValue ?? ""}
            >
              <option value="">Año</option>
              {card.years.map((year) => (
                <option key={year} value={String(year)}>
                  {year}
                </option>
              ))}
            </select>
          </FormField>
        </div>
      </fieldset>

      <FormField field={fields.cvv2} label="CVV" hint="Los 3 dígitos al respaldo de tu tarjeta">
        <input
          key={`cvv-${secretKey}`}
          {...controlProps(fields.cvv2, `${fields.cvv2.id}-hint`)}
          className={styles.short}
          type="text"
          inputMode="numeric"
          autoComplete="cc-csc"
          maxLength={3}
        />
      </FormField>

      <p className={styles.secure}>
        Tus datos de tarjeta van cifrados a la pasarela de pagos y la tienda no los guarda.
      </p>
    </PaymentForm>
  );
}
