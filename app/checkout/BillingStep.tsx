import { getFormProps, type SubmissionResult } from "@conform-to/react";
import buttons from "~/ui/buttons.module.css";
import { ErrorSummary } from "~/ui/form/ErrorSummary";
import { RadioGroup } from "~/ui/form/RadioGroup";
import { SelectField, TextField } from "~/ui/form/TextField";
import { Form } from "~/ui/router";
import { BILLING_FIELDS, type FormValues } from "./checkout-state";
import { DEPARTMENTS } from "./departments";
import { billingSchema, CLIENT_TYPE_LABELS, CLIENT_TYPES } from "./schemas";
import styles from "./BillingStep.module.css";
import { StepActions, StepIntent, StepTitle, useStepForm } from "./StepForm";
import formStyles from "./StepForm.module.css";

const DEPARTMENT_OPTIONS = DEPARTMENTS.map((d) => ({ value: d.code, label: d.name }));

/**
 * Step 1 (docs/decisions/0303, 0421): billing as a natural person or a company. Both sets of fields
 * are in the form; CSS shows the ones of the chosen client type (with or without JavaScript), and
 * the schema reads only those. The name field is the person's first name or the company's contact.
 */
export function BillingStep({
  values,
  lastResult,
}: {
  values: FormValues;
  lastResult: SubmissionResult<string[]> | undefined;
}) {
  const { form, field, valueOf, onSubmit, summary } = useStepForm({
    id: "facturacion",
    schema: billingSchema,
    defaultValue: values,
    lastResult,
    // Only the fields of the chosen client type can have errors.
    order: BILLING_FIELDS,
  });
  const clientType = valueOf("client_type") === "company" ? "company" : "person";
  const person = styles.personOnly;
  const company = styles.companyOnly;
  // Read without CSS every field shows: each one of a single client type says which.
  const forCompany = <span className="without-css"> (solo si compras como empresa)</span>;
  const forPerson = <span className="without-css"> (solo si compras como persona natural)</span>;
  return (
    <>
      <StepTitle step={1} error={summary.errors.length > 0} />
      <Form
        method="post"
        {...getFormProps(form)}
        onSubmit={onSubmit}
        className={`${formStyles.form} ${styles.billing}`}
      >
        <ErrorSummary {...summary} className={formStyles.wide} />
        <RadioGroup
          field={field("client_type")}
          legend="Tipo de cliente"
          className={`${formStyles.wide} ${formStyles.inline}`}
          options={CLIENT_TYPES.map((type) => ({ value: type, label: CLIENT_TYPE_LABELS[type] }))}
        />
        <p className={`without-css ${formStyles.wide}`}>
          Llena solo los campos de tu tipo de cliente: si compras como persona natural, deja vacíos
          los marcados «solo si compras como empresa», y al revés.
        </p>
        <TextField
          field={field("company_name")}
          label={<>Nombre de la empresa{forCompany}</>}
          autoComplete="organization"
          className={`${company} ${formStyles.wide}`}
        />
        <TextField
          field={field("company_nit")}
          label={<>NIT{forCompany}</>}
          hint="Con el dígito de verificación, por ejemplo 890903938-8"
          autoComplete="off"
          className={company}
        />
        <TextField
          field={field("name")}
          label={
            <>
              <span className={person}>Nombre</span>
              <span className="without-css"> (si compras como empresa: </span>
              <span className={company}>Nombre de contacto</span>
              <span className="without-css">)</span>
            </>
          }
          autoComplete={clientType === "company" ? "name" : "given-name"}
        />
        <TextField
          field={field("last_name")}
          label={<>Apellido{forPerson}</>}
          autoComplete="family-name"
          className={person}
        />
        <TextField
          field={field("document")}
          label={<>Cédula{forPerson}</>}
          optional
          hint="Solo números, sin puntos"
          inputMode="numeric"
          autoComplete="off"
          className={person}
        />
        <TextField
          field={field("contact_position")}
          label={<>Cargo{forCompany}</>}
          optional
          autoComplete="organization-title"
          className={company}
        />
        <TextField
          field={field("email")}
          label="Correo electrónico"
          type="email"
          inputMode="email"
          autoComplete="email"
        />
        <TextField
          field={field("phone")}
          label="Teléfono"
          hint="Celular o fijo con indicativo, por ejemplo 300 123 4567"
          type="tel"
          inputMode="tel"
          autoComplete="tel"
        />
        <SelectField
          field={field("department")}
          label="Departamento"
          placeholder="Elige el departamento"
          autoComplete="address-level1"
          options={DEPARTMENT_OPTIONS}
        />
        <TextField field={field("city")} label="Ciudad o municipio" autoComplete="address-level2" />
        <TextField
          field={field("address")}
          label="Dirección"
          hint="Por ejemplo Calle 10 # 43-12, apto 301"
          autoComplete="address-line1"
          className={formStyles.wide}
        />
        <TextField
          field={field("additional_info")}
          label="Información adicional"
          optional
          multiline
          className={formStyles.wide}
        />
        <StepActions>
          <StepIntent intent="billing" />
          <button type="submit" className={buttons.primary}>
            Continuar
          </button>
        </StepActions>
      </Form>
    </>
  );
}
