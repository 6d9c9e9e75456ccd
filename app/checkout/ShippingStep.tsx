import { getFormProps, getInputProps, type SubmissionResult } from "@conform-to/react";
import { asConformField } from "~/ui/form/field-state";
import buttons from "~/ui/buttons.module.css";
import { ErrorSummary } from "~/ui/form/ErrorSummary";
import { FieldError } from "~/ui/form/Field";
import { RadioGroup } from "~/ui/form/RadioGroup";
import { TextField } from "~/ui/form/TextField";
import { Form } from "~/ui/router";
import { type FormValues, SHIPPING_FIELDS } from "./checkout-state";
import type { ReviewRow } from "./checkout.server";
import { PREFERRED_TIME_LABELS, PREFERRED_TIMES, shippingSchema } from "./schemas";
import styles from "./ShippingStep.module.css";
import { BACK, StepActions, StepIntent, StepTitle, useStepForm } from "./StepForm";
import formStyles from "./StepForm.module.css";

/** What the shopper can expect once the order is paid. */
const FULFILMENT_TEXT =
  "Procesamos tu pedido en 24 a 48 horas y lo entregamos en 2 a 5 días hábiles.";

/**
 * Step 2 (docs/decisions/0460, 0421): shipping. 'Igual a la facturación' (checked at first) sends
 * the order to the billing receiver, address and city, shown here; unchecked, the three fields
 * appear (CSS, with or without JavaScript) and are required. Instructions and time are optional.
 */
export function ShippingStep({
  values,
  lastResult,
  billingAddress,
}: {
  values: FormValues;
  lastResult: SubmissionResult<string[]> | undefined;
  billingAddress: ReviewRow[] | null;
}) {
  const { form, field, onSubmit, summary } = useStepForm({
    id: "envio",
    schema: shippingSchema,
    defaultValue: values,
    lastResult,
    order: SHIPPING_FIELDS,
  });
  const same = field("same_as_invoice");
  const other = styles.otherAddress;
  // Read without CSS the three fields show even while the box is checked: they say when they apply.
  const onlyOther = <span className="without-css"> (solo si no es igual a la facturación)</span>;
  return (
    <>
      <StepTitle step={2} error={summary.errors.length > 0} />
      <Form
        method="post"
        {...getFormProps(form)}
        onSubmit={onSubmit}
        className={`${formStyles.form} ${styles.shipping}`}
      >
        <ErrorSummary {...summary} className={formStyles.wide} />
        <div className={`${formStyles.wide} ${styles.same}`}>
          <label className={styles.check}>
            <input {...getInputProps(asConformField(same), { type: "checkbox" })} />
            <span>Igual a la facturación</span>
          </label>
          <FieldError field={same} live />
          {billingAddress ? (
            <dl className={styles.sameAddress}>
              {billingAddress.map(([label, value]) => (
                <div key={label}>
                  <dt>{label}</dt>
                  <dd>{value}</dd>
                </div>
              ))}
            </dl>
          ) : null}
          <p className="without-css">
            Para enviar a otra dirección, desmarca «Igual a la facturación» y llena los tres campos
            siguientes; con la casilla marcada, déjalos vacíos.
          </p>
        </div>
        <TextField
          field={field("shipping_receiver_name")}
          label={<>Nombre de quien recibe{onlyOther}</>}
          autoComplete="shipping name"
          className={`${other} ${formStyles.wide}`}
        />
        <TextField
          field={field("shipping_address")}
          label={<>Dirección de envío{onlyOther}</>}
          hint="Por ejemplo Avenida 3N # 25-40, local 2"
          autoComplete="shipping address-line1"
          className={other}
        />
        <TextField
          field={field("shipping_city")}
          label={<>Ciudad de envío{onlyOther}</>}
          hint="Ciudad o municipio y departamento"
          autoComplete="shipping address-level2"
          className={other}
        />
        <TextField
          field={field("shipping_instructions")}
          label="Indicaciones de entrega"
          optional
          multiline
          hint="Por ejemplo: dejar en portería, timbre dañado"
          className={formStyles.wide}
        />
        <RadioGroup
          field={field("shipping_preferred_time")}
          legend="Horario de entrega preferido (opcional)"
          className={`${formStyles.wide} ${formStyles.inline}`}
          options={[
            { value: "", label: "Sin preferencia" },
            ...PREFERRED_TIMES.map((time) => ({
              value: time,
              label: PREFERRED_TIME_LABELS[time],
            })),
          ]}
        />
        <p className={`${formStyles.wide} ${styles.fulfilment}`}>{FULFILMENT_TEXT}</p>
        <StepActions>
          <StepIntent intent="shipping" />
          <button type="submit" className={buttons.primary}>
            Continuar
          </button>{" "}
          <button type="submit" name={BACK} formNoValidate className={buttons.secondary}>
            Volver
          </button>
        </StepActions>
      </Form>
    </>
  );
}
