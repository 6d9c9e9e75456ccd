import { getFormProps, getInputProps, type SubmissionResult, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { useEffect, useRef, useState } from "react";
import { useNavigation } from "react-router";
import { Form, Link } from "~/ui/router";
import { ErrorSummary, pageTitle, type SummaryItem } from "./ErrorSummary";
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

  const items: SummaryItem[] = [
    ...(form.errors ?? []).map((message) => ({ fieldId: fields.usuario.id, message })),
    ...(fields.usuario.errors ?? []).map((message) => ({ fieldId: fields.usuario.id, message })),
    ...(fields.clave.errors ?? []).map((message) => ({ fieldId: fields.clave.id, message })),
  ];

  return (
    <main id="contenido" className={styles.page}>
      <title>{pageTitle("Ingreso del personal", items.length > 0)}</title>
      <div className={styles.panel}>
        <h1 className={styles.title}>Ingreso del personal</h1>
        <p className={styles.lead}>
          Herramientas internas de la tienda. Ingresa con tu usuario y contraseña.
        </p>

        <ErrorSummary items={items} attempt={attempt} answer={lastResult} />

        <Form method="post" className={styles.form} {...getFormProps(form)}>
          <input type="hidden" name="volver" value={back} />
          <div className={styles.field}>
            <label htmlFor={fields.usuario.id}>Usuario</label>
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
            {fields.usuario.errors ? (
              <p id={fields.usuario.errorId} className={styles.fieldError}>
                {fields.usuario.errors.join(". ")}
              </p>
            ) : null}
          </div>
          <div className={styles.field}>
            <label htmlFor={fields.clave.id}>Contraseña</label>
            {/* Never given a value back from the server. */}
            <input
              {...getInputProps(fields.clave, { type: "password", value: false })}
              form={undefined}
              ref={password}
              autoComplete="current-password"
              maxLength={PASSWORD_INPUT_MAX_LENGTH}
              aria-required="true"
            />
            {fields.clave.errors ? (
              <p id={fields.clave.errorId} className={styles.fieldError}>
                {fields.clave.errors.join(". ")}
              </p>
            ) : null}
          </div>
          <button type="submit" className={styles.primary} disabled={busy}>
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
