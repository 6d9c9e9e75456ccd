import { useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { formatCOP } from "~/money/format";
import { summaryEntries } from "~/ui/form/ErrorSummary";
import { controlProps, Field, FieldError, hintId } from "~/ui/form/Field";
import formStyles from "~/ui/form/form.module.css";
import { PaymentForm } from "~/payments/PaymentForm";
import type { PaymentFormReply } from "~/payments/payment-answers.server";
import type { PaymentPageData } from "~/payments/payment-page.server";
import { PSE_DOCUMENT_TYPE_LABELS, PSE_PERSON_TYPE_LABELS, pseFormSchema } from "./pse";
import styles from "~/payments/payments.module.css";

/**
 * The PSE form (docs/decisions/0352): document type and number, full name, bank, person type.
 * Submitting creates the PSE charge and sends the shopper to the bank's page.
 */
export function PseForm({
  page,
  pse,
  result,
  title,
}: {
  page: PaymentPageData;
  pse: NonNullable<PaymentPageData["pse"]>;
  result: PaymentFormReply | undefined;
  title: string;
}) {
  const lastResult = result?.reply;
  const [form, fields] = useForm({
    id: "pago-pse",
    lastResult,
    defaultValue: { ...pse.defaults, bank: "" },
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate({ formData }) {
      return parseWithZod(formData, { schema: pseFormSchema });
    },
  });
  const errors = summaryEntries(form.errors, [
    fields.document_type,
    fields.document,
    fields.full_name,
    fields.bank,
    fields.person_type,
  ]);
  const personTypeInvalid = Boolean(fields.person_type.errors?.length);
  // A company pays from its own account: the hints speak of its NIT and its name.
  const company = pse.defaults.person_type === "juridica";

  return (
    <PaymentForm
      form={form}
      page={page}
      title={title}
      result={result}
      answered={lastResult !== undefined}
      errors={errors}
      submitLabel={`Pagar ${formatCOP(page.totals.total)} con PSE`}
      busyLabel="Conectando con tu banco…"
    >
      <fieldset
        className={personTypeInvalid ? `${styles.fieldset} ${formStyles.invalid}` : styles.fieldset}
        aria-describedby={personTypeInvalid ? fields.person_type.errorId : undefined}
      >
        <legend>Tipo de persona</legend>
        <FieldError field={fields.person_type} />
        <div className={styles.radios}>
          {Object.entries(PSE_PERSON_TYPE_LABELS).map(([type, label], index) => (
            <label key={type} className={styles.radio}>
              <input
                id={index === 0 ? fields.person_type.id : undefined}
                type="radio"
                name={fields.person_type.name}
                value={type}
                defaultChecked={fields.person_type.initialValue === type}
              />
              {label}
            </label>
          ))}
        </div>
      </fieldset>

      <div className={styles.document}>
        <Field field={fields.document_type} label="Tipo de documento">
          <select
            {...controlProps(fields.document_type)}
            defaultValue={fields.document_type.initialValue ?? "CC"}
          >
            {Object.entries(PSE_DOCUMENT_TYPE_LABELS).map(([type, label]) => (
              <option key={type} value={type}>
                {label}
              </option>
            ))}
          </select>
        </Field>
        <Field
          field={fields.document}
          label="Número de documento"
          hint={
            company
              ? "El NIT de la empresa sin el dígito de verificación, como lo pide PSE (por ejemplo 890903938 para 890903938-8). Solo números, entre 6 y 12 dígitos."
              : "Solo números, entre 6 y 12 dígitos. Un NIT va sin el dígito de verificación."
          }
        >
          <input
            {...controlProps(fields.document, hintId(fields.document))}
            type="text"
            inputMode="numeric"
            autoComplete="off"
            maxLength={15}
            defaultValue={fields.document.initialValue}
          />
        </Field>
      </div>

      <Field
        field={fields.full_name}
        label="Nombre completo del titular de la cuenta"
        hint={
          company
            ? "El nombre de la empresa, como aparece en su cuenta del banco"
            : "Nombre y apellido, como aparecen en tu banco"
        }
      >
        <input
          {...controlProps(fields.full_name, hintId(fields.full_name))}
          className={styles.upper}
          type="text"
          autoComplete="name"
          maxLength={120}
          defaultValue={fields.full_name.initialValue}
          onBlur={(event) => {
            event.currentTarget.value = event.currentTarget.value.toLocaleUpperCase("es-CO");
          }}
        />
      </Field>

      <Field field={fields.bank} label="Banco">
        <select {...controlProps(fields.bank)} defaultValue={fields.bank.initialValue ?? ""}>
          <option value="">Selecciona tu banco</option>
          {pse.banks.map((bank) => (
            <option key={bank.code} value={bank.code}>
              {bank.name}
            </option>
          ))}
        </select>
      </Field>

      <p className={styles.secure}>
        Te llevaremos a la página de tu banco para autorizar el pago; al terminar volverás a la
        tienda.
      </p>
    </PaymentForm>
  );
}
