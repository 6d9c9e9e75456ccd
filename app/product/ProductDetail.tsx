import { useId } from "react";
import { Link } from "~/ui/router";
import type { CardProduct, Product } from "~/merchant-api/product";
import { cardBadges, priceView, sharedTitleIds, stockLabel } from "./product-card";
import { type Crumb, UNTITLED_PRODUCT } from "./structured-data";
import { useNonce } from "~/platform/nonce";
import { AddToCartForm } from "~/cart/AddToCartForm";
import { Breadcrumb } from "~/ui/Breadcrumb";
import { ContactButton } from "~/content/ContactDialog";
import { ProductCard } from "./ProductCard";
import { PriceLines } from "./PriceLines";
import { StockBadges } from "./StockBadges";
import styles from "./ProductDetail.module.css";
import { ProductGallery } from "./ProductGallery";
import { SpecsTable } from "./SpecsTable";

export interface ProductDetailProps {
  product: Product;
  /** Already sanitized on the server (sanitize.server.ts). */
  descriptionHtml: string | null;
  crumbs: Crumb[];
  hasDatasheet: boolean;
  related: CardProduct[];
  accessories: CardProduct[];
  /** Serialized JSON-LD documents (already `<`-escaped). */
  jsonLd: string[];
}

/** The product detail page (docs/decisions/0162, 0227). */
export function ProductDetail({
  product,
  descriptionHtml,
  crumbs,
  hasDatasheet,
  related,
  accessories,
  jsonLd,
}: ProductDetailProps) {
  const nonce = useNonce();
  const title = product.title ?? UNTITLED_PRODUCT;
  const price = priceView(product);
  const badges = cardBadges(product.stock);
  const titleId = useId();
  const ids = {
    description: useId(),
    specs: useId(),
    docs: useId(),
    accessories: useId(),
    related: useId(),
  };
  const model = product.sku ?? product.model;

  return (
    <main id="contenido" className={`container ${styles.page}`}>
      {jsonLd.map((json, index) => (
        <script
          key={index}
          type="application/ld+json"
          nonce={nonce || undefined}
          // Escaped by serializeJsonLd: it cannot close the element.
          dangerouslySetInnerHTML={{ __html: json }}
          suppressHydrationWarning
        />
      ))}
      <Breadcrumb items={crumbs} />

      <div className={styles.top}>
        <ProductGallery images={product.images} title={title} />

        <section className={styles.summary} aria-labelledby={titleId}>
          <h1 id={titleId} className={styles.title}>
            {title}
          </h1>
          <dl className={styles.facts}>
            {model ? (
              <div>
                <dt>Modelo:</dt>
                <dd>{model}</dd>
              </div>
            ) : null}
            <div>
              <dt>Marca:</dt>
              <dd>
                {product.brand ? (
                  <Link to={`/marca/${encodeURIComponent(product.brand)}`}>{product.brand}</Link>
                ) : (
                  "Sin marca"
                )}
              </dd>
            </div>
          </dl>

          <StockBadges badges={badges} classes={styles} />

          <div className={styles.price}>
            {price.kind === "priced" ? (
              <PriceLines price={price} />
            ) : (
              <div className={styles.ask}>
                <p className={styles.amount}>Consultar precio</p>
                <p className={styles.askText}>
                  Escríbenos o llámanos y te enviamos una cotización.
                </p>
                <ContactButton className={styles.contact}>Contactar a ventas</ContactButton>
              </div>
            )}
          </div>

          <p className={product.stock > 0 ? styles.stock : styles.noStock}>
            {stockLabel(product.stock)}
          </p>

          <div className={styles.cart} id="comprar">
            <AddToCartForm product={product} titleId={titleId} returnTo="comprar" />
          </div>
        </section>
      </div>

      <section className={styles.section} aria-labelledby={ids.description}>
        <h2 id={ids.description}>Características Principales</h2>
        {descriptionHtml ? (
          // Sanitized on the server with an allow-list; see sanitize.server.ts.
          <div
            className={styles.description}
            dangerouslySetInnerHTML={{ __html: descriptionHtml }}
          />
        ) : (
          <p className={styles.empty}>Este producto no tiene descripción disponible.</p>
        )}
        {product.features.length > 0 ? (
          <ul className={styles.features}>
            {product.features.map((feature, index) => (
              <li key={`${index}-${feature}`}>{feature}</li>
            ))}
          </ul>
        ) : null}
      </section>

      {Object.keys(product.specifications).length > 0 ? (
        <section className={styles.section} aria-labelledby={ids.specs}>
          <h2 id={ids.specs}>Especificaciones</h2>
          <SpecsTable specifications={product.specifications} labelledBy={ids.specs} />
        </section>
      ) : null}

      {hasDatasheet && product.sku ? (
        <section className={`${styles.section} ${styles.docs}`} aria-labelledby={ids.docs}>
          <h2 id={ids.docs}>Documentación técnica</h2>
          <p>
            Consulta la ficha técnica del fabricante con las especificaciones completas de este
            producto.
          </p>
          <a
            href={`/documentacion/${encodeURIComponent(product.sku)}`}
            target="_blank"
            rel="noopener"
            className={styles.docButton}
          >
            Ver ficha técnica (PDF)
            <span className="visually-hidden"> (se abre en una pestaña nueva)</span>
          </a>
        </section>
      ) : null}

      <ProductSection id={ids.accessories} title="Accesorios Opcionales" products={accessories} />
      <ProductSection id={ids.related} title="Productos Relacionados" products={related} />
    </main>
  );
}

/** A titled grid of product cards; nothing when the list is empty. */
function ProductSection({
  id,
  title,
  products,
}: {
  id: string;
  title: string;
  products: CardProduct[];
}) {
  if (products.length === 0) return null;
  const shared = sharedTitleIds(products);
  return (
    <section className={styles.section} aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      <ul className={styles.grid}>
        {products.map((item) => (
          <li key={item.id}>
            <ProductCard product={item} distinguish={shared.has(item.id)} />
          </li>
        ))}
      </ul>
    </section>
  );
}

/**
 * What the product route's error boundary shows: unknown product, or a failed load with a retry
 * link.
 */
export function ProductLoadError(
  props: { kind: "not-found" } | { kind: "failed"; message: string; retryTo: string },
) {
  return (
    <main id="contenido" className={`container ${styles.errorPage}`}>
      {props.kind === "not-found" ? (
        <>
          <h1>Producto no encontrado</h1>
          <p>El producto que buscas no existe o ya no está disponible en nuestro catálogo.</p>
          <p className={styles.errorLinks}>
            <Link to="/productos">Ver el catálogo</Link>
            <Link to="/">Volver al inicio</Link>
          </p>
        </>
      ) : (
        <>
          <h1>No pudimos mostrar este producto</h1>
          <p role="alert">Error al cargar el producto: {props.message}</p>
          <p className={styles.errorLinks}>
            <Link to={props.retryTo} className={styles.retry}>
              Reintentar
            </Link>
            <Link to="/">Volver al inicio</Link>
          </p>
        </>
      )}
    </main>
  );
}
