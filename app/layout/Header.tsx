import { Link } from "~/ui/router";
import type { CartSummary } from "~/cart/cart.server";
import { SITE_NAME } from "~/platform/page-meta";
import { CartButton } from "~/cart/CartButton";
import { ContactButton } from "~/content/ContactDialog";
import styles from "./Header.module.css";
import { MegaMenu } from "./MegaMenu";
import { SearchBox } from "~/search/SearchBox";

/** The fixed top bar of every page. */
export function Header({ cart }: { cart: CartSummary }) {
  return (
    <header className={styles.header}>
      <div className={`container ${styles.bar}`}>
        <Link to="/" className={styles.logo}>
          <img src="/logo.svg" alt="" width="40" height="40" className={styles.logoMark} />
          <span className={styles.logoText}>{SITE_NAME}</span>
        </Link>
        <MegaMenu />
        <div className={styles.search}>
          <SearchBox />
        </div>
        <nav aria-label="Cuenta y compras" className={styles.actions}>
          <ContactButton className={styles.action}>Contacto</ContactButton>
          {/* Read without CSS the links would run together: 'ContactoMis pedidos'. */}
          <span className="without-css"> | </span>
          {/* No accounts yet: an order is found by its number and the buyer's e-mail. */}
          <Link to="/mi-cuenta/pedidos" className={styles.action}>
            Mis pedidos
          </Link>
          <span className="without-css"> | </span>
          <Link to="/login" className={styles.action}>
            Iniciar sesión
          </Link>
          <span className="without-css"> | </span>
          <CartButton cart={cart} />
        </nav>
      </div>
    </header>
  );
}
