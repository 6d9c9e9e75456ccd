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
          <Link to="/login" className={styles.action}>
            Iniciar sesión
          </Link>
          <CartButton cart={cart} />
        </nav>
      </div>
    </header>
  );
}
