import { useEffect, useRef } from "react";
import { Link } from "~/ui/router";
import { useHydrated } from "~/ui/use-hydrated";
import { CART_ACTION, FetcherFlag, useCartBusy, useCartFetcher } from "./cart-fetcher";
import styles from "./ConfirmClear.module.css";

const QUESTION = "¿Vaciar el carrito?";
const EXPLANATION =
  "Se retirarán todos los productos de tu carrito. Esta acción no se puede deshacer.";

/** The 'Sí, vaciar carrito' form; a fetcher once hydrated. */
function ClearForm({ onDone }: { onDone?: () => void }) {
  const fetcher = useCartFetcher();
  const waiting = useCartBusy();
  useEffect(() => {
    if (fetcher.data?.ok) onDone?.();
  }, [fetcher.data, onDone]);
  return (
    <fetcher.Form
      method="post"
      action={CART_ACTION}
      onSubmit={(event) => {
        if (waiting) event.preventDefault();
      }}
    >
      <input type="hidden" name="intent" value="clear" />
      <input type="hidden" name="redirectTo" value="/carrito" />
      <FetcherFlag />
      <button type="submit" className={styles.danger} aria-disabled={waiting || undefined}>
        Sí, vaciar carrito
      </button>
    </fetcher.Form>
  );
}

/**
 * 'Vaciar carrito' asks first. Without JavaScript it is a link to
 * /carrito?vaciar=1, which shows `ClearConfirmation`; with JavaScript the same
 * question opens in a modal <dialog>.
 */
export function ConfirmClear() {
  const hydrated = useHydrated();
  const dialog = useRef<HTMLDialogElement>(null);
  const close = () => dialog.current?.close();
  return (
    <>
      <Link
        to="/carrito?vaciar=1#vaciar"
        className={styles.trigger}
        onClick={(event) => {
          if (!dialog.current) return;
          event.preventDefault();
          dialog.current.showModal();
        }}
      >
        Vaciar carrito
      </Link>
      {hydrated ? (
        <dialog ref={dialog} className={styles.dialog} aria-labelledby="vaciar-dialogo-titulo">
          <h2 id="vaciar-dialogo-titulo" className={styles.heading}>
            {QUESTION}
          </h2>
          <p className={styles.text}>{EXPLANATION}</p>
          <div className={styles.actions}>
            <ClearForm onDone={close} />
            {/* A confirmation dialog opens on its harmless choice (WAI-ARIA dialog pattern). */}
            {/* eslint-disable-next-line jsx-a11y/no-autofocus -- focus inside a modal dialog */}
            <button type="button" className={styles.cancel} onClick={close} autoFocus>
              Cancelar
            </button>
          </div>
        </dialog>
      ) : null}
    </>
  );
}

/** The no-JavaScript confirmation step shown on /carrito?vaciar=1. */
export function ClearConfirmation() {
  return (
    <section id="vaciar" className={styles.confirm} aria-labelledby="vaciar-titulo">
      <h2 id="vaciar-titulo" className={styles.heading}>
        {QUESTION}
      </h2>
      <p className={styles.text}>{EXPLANATION}</p>
      <div className={styles.actions}>
        <ClearForm />
        <Link to="/carrito" className={styles.cancel}>
          Cancelar
        </Link>
      </div>
    </section>
  );
}
