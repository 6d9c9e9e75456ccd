import { useId } from "react";
import buttons from "~/ui/buttons.module.css";
import formStyles from "~/ui/form/form.module.css";
import { Link, useFetcher } from "~/ui/router";
import styles from "./LoginPanel.module.css";

export type LoginResult = { tone: "error" | "info"; message: string; email: string };

/**
 * The placeholder sign-in form. Without JavaScript it posts to the route action
 * and the page re-renders with the answer (`result`); with JavaScript the same
 * forms go through a fetcher.
 */
export function LoginPanel({ result }: { result: LoginResult | undefined }) {
  const fetcher = useFetcher<LoginResult>({ key: "login" });
  const answer = fetcher.data ?? result;
  const busy = fetcher.state !== "idle";
  const id = useId();
  const messageId = `${id}-mensaje`;

  return (
    <main id="contenido" className={styles.page}>
      <div className={styles.panel}>
        <h1 className={styles.title}>Iniciar sesión</h1>
        <div className={styles.lead} role="note">
          <p>
            <strong>La tienda aún no tiene cuentas de cliente.</strong> Compras sin registrarte, y
            para ver un pedido y su comprobante basta su número y tu correo electrónico en{" "}
            <Link to="/mi-cuenta/pedidos">Mis pedidos</Link>.
          </p>
          <p>Este formulario de ingreso aún no funciona.</p>
        </div>

        {/* An alert, always in the DOM, so screen readers announce each new answer at once. */}
        <div role="alert" aria-atomic="true" id={messageId} className={styles.live}>
          {answer ? (
            <p className={answer.tone === "error" ? styles.error : styles.info}>{answer.message}</p>
          ) : null}
        </div>

        <fetcher.Form
          method="post"
          action="/login"
          className={styles.form}
          aria-describedby={messageId}
        >
          <input type="hidden" name="intent" value="login" />
          <div className={formStyles.field}>
            <label htmlFor={`${id}-email`} className={formStyles.label}>
              Correo electrónico
            </label>
            <input
              id={`${id}-email`}
              name="email"
              type="email"
              autoComplete="email"
              inputMode="email"
              aria-required="true"
              maxLength={254}
              defaultValue={answer?.email ?? ""}
              aria-invalid={answer?.tone === "error" && !answer.email ? true : undefined}
            />
          </div>
          <div className={formStyles.field}>
            <label htmlFor={`${id}-password`} className={formStyles.label}>
              Contraseña
            </label>
            {/* Never given a value back from the server. */}
            <input
              id={`${id}-password`}
              name="password"
              type="password"
              autoComplete="current-password"
              aria-required="true"
            />
          </div>
          <div className={styles.row}>
            <label className={styles.check}>
              <input type="checkbox" name="remember" value="1" /> Recordarme
            </label>{" "}
            <Link to="/soporte-tecnico#contacto" className={styles.forgot}>
              ¿Olvidaste tu contraseña?
            </Link>
          </div>
          <button type="submit" className={buttons.primary} disabled={busy}>
            {busy && fetcher.formData?.get("intent") === "login"
              ? "Ingresando..."
              : "Iniciar sesión"}
          </button>
        </fetcher.Form>

        <fetcher.Form method="post" action="/login" className={styles.register}>
          <input type="hidden" name="intent" value="register" />
          <p>¿No tienes una cuenta?</p>
          <button type="submit" className={buttons.secondary} disabled={busy}>
            Crear una cuenta
          </button>
        </fetcher.Form>

        <p className={styles.legal}>
          Al continuar, aceptas nuestra <Link to="/garantias">política de garantías</Link> y nuestra{" "}
          <Link to="/privacidad">política de privacidad</Link>.
        </p>
      </div>
    </main>
  );
}
