import { getFormProps, getInputProps, type SubmissionResult, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { useEffect, useRef, useState } from "react";
import { useNavigation } from "react-router";
import { SITE_NAME } from "~/platform/page-meta";
import buttons from "~/ui/buttons.module.css";
import { ErrorSummary, FormTitle, type SummaryEntry } from "~/ui/form/ErrorSummary";
import { FieldError } from "~/ui/form/Field";
import formStyles from "~/ui/form/form.module.css";
import { Form, Link } from "~/ui/router";
import { PASSWORD_INPUT_MAX_LENGTH, signInSchema, USER_INPUT_MAX_LENGTH } from "./forms";
import styles from "./staff.module.css";

/**
 * The staff sign-in form: user and password, posted to the page itself. Without JavaScript the
 * server validates and answers the page with the errors; with it the same schema checks first.
 */
export function SignInPanel({
  back,
  lastResult,
}: {
  back: string;
  lastResult: SubmissionResult<string[]> | null;
}) {
  const [attempt, setAttempt] = useState(0);
  const [form, fields] = useForm({
    id: "ingreso-personal",
    lastResult,
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate({ formData, submitter }) {
      const submission = parseWithZod(formData, { schema: signInSchema });
      if (submitter && submission.status === "error") setAttempt((n) => n + 1);
      return submission;
    },
  });
  // A refused sign-in never keeps the password, with or without JavaScript.
  const password = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (lastResult && password.current) password.current.value = "";
  }, [lastResult]);

  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formAction?.startsWith("/admin/ingresar");

  // A refused sign-in (the form's own error) is fixed from the user name on.
  const toUser = `#${fields.usuario.id}`;
  const items: SummaryEntry[] = [
    ...(form.errors ?? []).map((message) => ({ href: toUser, message })),
    ...(fields.usuario.errors ?? []).map((message) => ({ href: toUser, message })),
    ...(fields.clave.errors ?? []).map((message) => ({ href: `#${fields.clave.id}`, message })),
  ];

  return (
    <main id="contenido" className={styles.page}>
      <FormTitle title={`Ingreso del personal | ${SITE_NAME}`} hasErrors={items.length > 0} />
      <div className={styles.panel}>
        <h1 className={styles.title}>Ingreso del personal</h1>
        <p className={styles.lead}>
          Herramientas internas de la tienda. Ingresa con tu usuario y contraseña.
        </p>

        <ErrorSummary
          errors={items}
          attempt={attempt}
          answer={lastResult}
          role="group"
          className={styles.summary}
        />

        <Form method="post" className={styles.form} {...getFormProps(form)}>
          <input type="hidden" name="volver" value={back} />
          <div className={formStyles.field}>
            <label htmlFor={fields.usuario.id} className={formStyles.label}>
              Usuario
            </label>
            {/* Each control sits in its form: conform's `form` attribute is left out (issue 27). */}
            <input
              {...getInputProps(fields.usuario, { type: "text" })}
              form={undefined}
              autoComplete="username"
              autoCapitalize="none"
              spellCheck={false}
              maxLength={USER_INPUT_MAX_LENGTH}
              aria-required="true"
            />
            <FieldError field={fields.usuario} />
          </div>
          <div className={formStyles.field}>
            <label htmlFor={fields.clave.id} className={formStyles.label}>
              Contraseña
            </label>
            {/* Never given a value back from the server. */}
            <input
              {...getInputProps(fields.clave, { type: "password", value: false })}
              form={undefined}
              ref={password}
              autoComplete="current-password"
              maxLength={PASSWORD_INPUT_MAX_LENGTH}
              aria-required="true"
            />
            <FieldError field={fields.clave} />
          </div>
          <button type="submit" className={buttons.primary} disabled={busy}>
            {busy ? "Ingresando..." : "Ingresar"}
          </button>
        </Form>

        <p className={styles.back}>
          <Link to="/">Volver al inicio</Link>
        </p>
      </div>
    </main>
  );
}
