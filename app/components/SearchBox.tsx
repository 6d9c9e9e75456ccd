import styles from "./SearchBox.module.css";

/** Top-bar search: a GET form to /buscar (works without JS). */
export function SearchBox() {
  return (
    <search className={styles.root}>
      <form method="get" action="/buscar" role="search" className={styles.form}>
        <label htmlFor="buscar-q" className="visually-hidden">
          Buscar productos
        </label>
        <input id="buscar-q" type="search" name="q" placeholder="Buscar productos..." className={styles.input} />
        <button type="submit" className={styles.button}>
          Buscar
        </button>
      </form>
    </search>
  );
}
