import { Link } from "react-router";
import type { CategoryNode } from "~/domain/product";
import type { CartSummary } from "~/lib/cart.server";
import { SITE_NAME } from "~/lib/seo";
import { CartButton } from "./CartButton";
import { ContactButton } from "./ContactDialog";
import styles from "./Header.module.css";
import { MegaMenu } from "./MegaMenu";
import { SearchBox } from "./SearchBox";

/** The fixed top bar of every page. */
export function Header({ categories, cart }: { categories: CategoryNode[]; cart: CartSummary }) {
  return (
    <header className={styles.header}>
      <div className={`container ${styles.bar}`}>
        <Link to="/" className={styles.logo}>
          <img src="/logo.svg" alt="" width="40" height="40" className={styles.logoMark} />
          <span className={styles.logoText}>{SITE_NAME}</span>
        </Link>
        <MegaMenu categories={categories} />
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
