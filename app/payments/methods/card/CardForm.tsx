import { useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { type ReactNode, useState } from "react";
import { useSubmit } from "react-router";
import { formatCOP } from "~/money/format";
import { useNonce } from "~/platform/nonce";
import { summaryEntries } from "~/ui/form/ErrorSummary";
import { controlProps, Field, hintId } from "~/ui/form/Field";
import { Link } from "~/ui/router";
import { useHydrated } from "~/ui/use-hydrated";
import {
  CARD_BRAND_LABELS,
  CARD_PAYMENT_MESSAGES,
  CARD_NUMBER_INPUT_MAX_LENGTH,
  type CardBrand,
  cardFormSchema,
  CVV_INPUT_MAX_LENGTH,
  cvvHint,
  cvvLength,
  detectCardBrand,
  EXPIRY_MONTHS,
  formatCardNumber,
  gatewayExpiry,
} from "./card";
import { newDeviceSessionId, tokenizeCard } from "./card-token";
import { PaymentForm } from "~/payments/PaymentForm";
import type { PaymentFormReply } from "~/payments/payment-answers.server";
import type { PaymentPageData } from "~/payments/payment-page.server";
import styles from "~/payments/payments.module.css";

/** What the form says when the browser's token call failed (the server path's words). */
const BROWSER_FAILURES = {
  refused: CARD_PAYMENT_MESSAGES.card,
  unreachable: CARD_PAYMENT_MESSAGES.browserUnreachable,
} as const;

/** The checkout's method step, where the shopper can choose another method instead. */
const METHOD_STEP = "/checkout?paso=3";

/**
 * The card number and CVV inputs of the scripted form carry no name: no submission can hold
 * them. The named ones a browser without scripts posts live in <noscript> (text browsers render
 * it, a browser running scripts never parses it), until the scripted ones replace them at
 * hydration (docs/decisions/0514).
 */
const SECRET = { number: "data-tarjeta-numero", cvv: "data-tarjeta-cvv" } as const;

function secretValue(form: HTMLFormElement, attribute: string): string {
  return form.querySelector<HTMLInputElement>(`[${attribute}]`)?.value ?? "";
}

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
 * The card form (docs/decisions/0350, 0514): holder, number in groups of four, expiry month and
 * year, CVV, the detected brand. With JavaScript the browser tokenizes the card at the merchant API
 * and posts only the token to the store (docs/decisions/0432); without it the form posts the
 * card to the store, unless the operator turned that path off. On an error it comes back with
 * the holder and expiry kept and the number and CVV always empty.
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
  const lastResult = result?.reply;
  const hydrated = useHydrated();
  const submit = useSubmit();
  const nonce = useNonce();
  // What the browser's own token call answered when it failed (nothing was sent to the store),
  // and how many times it did: each failure re-creates the secret inputs empty.
  const [failure, setFailure] = useState<"refused" | "unreachable" | null>(null);
  const [failures, setFailures] = useState(0);
  const [tokenizing, setTokenizing] = useState(false);
  const [form, fields] = useForm({
    id: "pago-tarjeta",
    lastResult,
    defaultValue: { holder_name: card.holderName },
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate({ form: element, formData }) {
      if (hydrated) {
        formData.set("card_number", secretValue(element, SECRET.number));
        formData.set("cvv2", secretValue(element, SECRET.cvv));
      }
      return parseWithZod(formData, { schema: cardFormSchema(new Date()) });
    },
    onSubmit(event, { submission }) {
      // Without scripts the form posts itself; with them, the card goes to the gateway only.
      if (!hydrated || submission?.status !== "success") return;
      event.preventDefault();
      const element = event.currentTarget;
      const entered = submission.value;
      setTokenizing(true);
      setFailure(null);
      void tokenizeCard(card.gateway, {
        card_number: entered.card_number,
        holder_name: entered.holder_name,
        ...gatewayExpiry(entered),
        cvv2: entered.cvv2,
      }).then((outcome) => {
        setTokenizing(false);
        if (!outcome.ok) {
          setFailure(outcome.reason);
          setFailures((count) => count + 1);
          return;
        }
        // The form's own fields (intent, order, total seen, holder, expiry); never the secrets.
        const post = new FormData(element);
        post.delete("card_number");
        post.delete("cvv2");
        post.set("token_id", outcome.card.tokenId);
        post.set("device_session_id", newDeviceSessionId());
        post.set("card_mask", outcome.card.masked);
        post.set("card_brand", outcome.card.brand);
        post.set("holder_name", entered.holder_name);
        post.set("expiration_month", entered.expiration_month);
        post.set("expiration_year", entered.expiration_year);
        void submit(post, { method: "post" });
      });
    },
  });
  // A new answer re-creates the secret inputs, so the browser shows them empty.
  const secretKey = `${result?.attempt ?? "inicial"}-${failures}`;
  // The brand of the number typed in the current inputs only.
  const [typed, setTyped] = useState<{ key: string; brand: CardBrand | null } | null>(null);
  const brand = typed?.key === secretKey ? typed.brand : null;
  if (!card.withoutJavaScript && !hydrated) return <CardNeedsJavaScript />;
  const browserError = failure && BROWSER_FAILURES[failure];
  const errors = summaryEntries(browserError ? [browserError] : form.errors, [
    fields.holder_name,
    fields.card_number,
    fields.expiration_month,
    fields.expiration_year,
    fields.cvv2,
  ]);

  return (
    <PaymentForm
      form={form}
      page={page}
      title={title}
      result={result}
      answered={lastResult !== undefined}
      errors={errors}
      submitLabel={`Pagar ${formatCOP(page.totals.total)}`}
      busyLabel="Procesando pago…"
      pending={tokenizing}
      submitWithoutScripts={!hydrated}
    >
      <Field
        field={fields.holder_name}
        label="Nombre del titular"
        hint="Como aparece en la tarjeta"
      >
        <input
          {...controlProps(fields.holder_name, hintId(fields.holder_name))}
          type="text"
          autoComplete="cc-name"
          defaultValue={fields.holder_name.initialValue}
          maxLength={80}
          spellCheck={false}
        />
      </Field>

      <Field field={fields.card_number} label="Número de tarjeta" hint={ACCEPTED}>
        <div className={styles.cardNumber}>
          <WithoutScripts hydrated={hydrated}>
            <input
              key={`numero-${secretKey}`}
              {...controlProps(fields.card_number, `${hintId(fields.card_number)} tarjeta-marca`)}
              name={hydrated ? undefined : fields.card_number.name}
              {...{ [SECRET.number]: "" }}
              type="text"
              inputMode="numeric"
              autoComplete="cc-number"
              maxLength={CARD_NUMBER_INPUT_MAX_LENGTH}
              placeholder="1234 5678 9012 3456"
              spellCheck={false}
              onInput={(event) =>
                setTyped({ key: secretKey, brand: formatInPlace(event.currentTarget) })
              }
            />
          </WithoutScripts>
          <span id="tarjeta-marca" className={styles.brand} aria-live="polite">
            {brand ? CARD_BRAND_LABELS[brand] : ""}
          </span>
        </div>
      </Field>

      <fieldset className={styles.fieldset}>
        <legend>Fecha de vencimiento</legend>
        <div className={styles.expiry}>
          <Field field={fields.expiration_month} label="Mes">
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
          </Field>
          <Field field={fields.expiration_year} label="Año">
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
          </Field>
        </div>
      </fieldset>

      {/* Without JavaScript (or before the brand shows) room for an American Express code of 4
          digits, and a hint for both; then the hint and the length follow the detected brand. */}
      <Field field={fields.cvv2} label="CVV" hint={cvvHint(brand)}>
        <WithoutScripts hydrated={hydrated}>
          <input
            key={`cvv-${secretKey}`}
            {...controlProps(fields.cvv2, hintId(fields.cvv2))}
            name={hydrated ? undefined : fields.cvv2.name}
            {...{ [SECRET.cvv]: "" }}
            className={styles.short}
            type="text"
            inputMode="numeric"
            autoComplete="cc-csc"
            maxLength={brand ? cvvLength(brand) : CVV_INPUT_MAX_LENGTH}
          />
        </WithoutScripts>
      </Field>

      {failure === "unreachable" ? (
        <p>
          <Link to={METHOD_STEP}>{CARD_PAYMENT_MESSAGES.payOtherwise}</Link>
        </p>
      ) : null}
      {/* Where the card goes depends on scripts: tokenized in the browser, or posted here. */}
      {hydrated ? (
        <p className={styles.secure}>
          Tus datos de tarjeta van cifrados a la pasarela de pagos y la tienda no los guarda.
        </p>
      ) : (
        <noscript>
          <p className={styles.secure}>
            Sin JavaScript, los datos de tu tarjeta viajan cifrados (HTTPS) a la tienda, que los
            envía a la pasarela de pagos para el cobro; la tienda no los guarda ni los registra.
          </p>
        </noscript>
      )}
      {card.antifraudScript ? <script src={card.antifraudScript} nonce={nonce} async /> : null}
    </PaymentForm>
  );
}

/**
 * Until the page has hydrated, its children only for a browser without scripts (<noscript>): a
 * browser running scripts gets the control once it can tokenize, never one that posts the card.
 */
function WithoutScripts({ hydrated, children }: { hydrated: boolean; children: ReactNode }) {
  return hydrated ? children : <noscript>{children}</noscript>;
}

/** The operator keeps card data off the store: without JavaScript, another method is the way. */
function CardNeedsJavaScript() {
  return (
    <div className={styles.alert} role="status">
      <p>{CARD_PAYMENT_MESSAGES.cardNeedsJavaScript}</p>
      <Link to={METHOD_STEP}>{CARD_PAYMENT_MESSAGES.payOtherwise}</Link>
    </div>
  );
}
