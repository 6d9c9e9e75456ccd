import { useEffect, useRef, useState } from "react";
import { useLocation, useSubmit } from "react-router";
import { Form, Link } from "~/ui/router";
import {
  FILTER_NAMES,
  FILTERS,
  type FilterName,
  PARAM,
  type ParsedFilters,
  SORT_OPTIONS,
  type SortKey,
} from "./filters";
import styles from "./FilterBar.module.css";

export interface FilterBarProps {
  action: string;
  /** Hidden parameters that define the list (categoria, nombre, search) plus the view. */
  hidden: Record<string, string>;
  raw: ParsedFilters["raw"];
  sort: SortKey;
  errors: ParsedFilters["errors"];
  brands: string[];
  showBrandFilter: boolean;
  clearHref: string;
}

const TYPING_DELAY_MS = 400;

/**
 * The catalogue filters as a GET form: without JavaScript 'Aplicar filtros' submits it;
 * with JavaScript it applies as the shopper types (debounced), replacing the URL, which
 * stays the only state.
 */
export function FilterBar(props: FilterBarProps) {
  const { action, hidden, raw, sort, errors, brands, showBrandFilter, clearHref } = props;
  const submit = useSubmit();
  const location = useLocation();
  const formRef = useRef<HTMLFormElement>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const [values, setValues] = useState({ ...raw, sort: sort });

  // A URL change from elsewhere (Limpiar, back button) resets the fields, unless the
  // shopper is typing in them right now.
  useEffect(() => {
    const active = document.activeElement;
    if (active instanceof HTMLInputElement && formRef.current?.contains(active)) return;
    setValues({ ...raw, sort });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only a URL change resets the fields
  }, [location.search]); // the URL is the trigger

  useEffect(() => () => clearTimeout(timer.current), []);

  function apply(delay: number) {
    clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      const form = formRef.current;
      if (!form) return;
      if (!form.checkValidity()) return;
      // Empty fields stay out of the URL.
      const params = new URLSearchParams();
      for (const [name, value] of new FormData(form)) {
        if (typeof value === "string" && value.trim() !== "") params.append(name, value);
      }
      void submit(params, { method: "get", action, replace: true, preventScrollReset: true });
    }, delay);
  }

  const set =
    (name: keyof typeof values, delay: number) => (event: { currentTarget: { value: string } }) => {
      const value = event.currentTarget.value;
      setValues((v) => ({ ...v, [name]: value }));
      apply(delay);
    };

  // On phones the filters fold behind 'Filtros' (a <details>, no JavaScript needed); wider
  // screens always show them (CSS). Open at first only when a value needs correcting.
  const [openAtFirst] = useState(() => Object.keys(errors).length > 0);
  const active = FILTER_NAMES.filter((name) => raw[name].trim() !== "").length;

  /** The field of one filter, as its definition's kind says. */
  function filterField(name: FilterName) {
    const { param, maxLength, field } = FILTERS[name];
    switch (field.kind) {
      case "text":
        return (
          <div key={name} className={`${styles.field} ${styles.text}`}>
            <label htmlFor={field.id}>{field.label}</label>
            <input
              id={field.id}
              type="search"
              name={param}
              value={values[name]}
              maxLength={maxLength}
              placeholder={field.placeholder}
              autoComplete="off"
              onChange={set(name, TYPING_DELAY_MS)}
            />
          </div>
        );
      case "brand": {
        if (!showBrandFilter) return null;
        const hintId = `${field.id}-vacio`;
        return (
          <div key={name} className={styles.field}>
            <label htmlFor={field.id}>{field.label}</label>
            <select
              id={field.id}
              name={param}
              value={values[name]}
              onChange={set(name, 0)}
              aria-describedby={brands.length === 0 ? hintId : undefined}
            >
              <option value="">Todas las marcas</option>
              {brands.map((brand) => (
                <option key={brand} value={brand}>
                  {brand}
                </option>
              ))}
              {values[name] && !brands.includes(values[name]) ? (
                <option value={values[name]}>{values[name]}</option>
              ) : null}
            </select>
            {brands.length === 0 ? (
              <small id={hintId} className={styles.hint}>
                No hay marcas disponibles
              </small>
            ) : null}
          </div>
        );
      }
      case "price":
        return (
          <PriceField
            key={name}
            id={field.id}
            label={field.label}
            name={param}
            value={values[name]}
            maxLength={maxLength}
            error={errors[name]}
            onChange={set(name, TYPING_DELAY_MS)}
          />
        );
    }
  }

  return (
    <search className={styles.bar} aria-label="Filtros de productos">
      <details className={styles.disclosure} open={openAtFirst}>
        <summary className={styles.summary}>
          Filtros
          {active > 0 ? (
            <span className={styles.activeCount}>
              {" "}
              ({active} {active === 1 ? "activo" : "activos"})
            </span>
          ) : null}
        </summary>
        {/* Submitted, the results come into view (with or without JavaScript); applied as
            the shopper types, the page stays where it is. */}
        <Form
          ref={formRef}
          method="get"
          action={`${action}#resultados`}
          className={styles.form}
          onSubmit={() => clearTimeout(timer.current)}
        >
          {Object.entries(hidden).map(([name, value]) => (
            <input key={name} type="hidden" name={name} value={value} />
          ))}
          {FILTER_NAMES.map(filterField)}
          <div className={styles.field}>
            <label htmlFor="filtro-orden">Ordenar por</label>
            <select
              id="filtro-orden"
              name={PARAM.sort}
              value={values.sort}
              onChange={set("sort", 0)}
            >
              {SORT_OPTIONS.map((o) => (
                <option key={o.value} value={o.value}>
                  {o.label}
                </option>
              ))}
            </select>
          </div>
          <div className={styles.actions}>
            <button type="submit" className={styles.apply}>
              Aplicar filtros
            </button>
            <span className="without-css"> | </span>
            {/* A pending typed filter must not re-apply itself after the clear. */}
            <Link
              to={clearHref}
              className={styles.clear}
              preventScrollReset
              onClick={() => clearTimeout(timer.current)}
            >
              Limpiar
            </Link>
          </div>
        </Form>
      </details>
    </search>
  );
}

function PriceField(props: {
  id: string;
  label: string;
  name: string;
  value: string;
  maxLength: number;
  error: string | undefined;
  onChange: (event: { currentTarget: { value: string } }) => void;
}) {
  const errorId = `${props.id}-error`;
  return (
    <div className={styles.field}>
      <label htmlFor={props.id}>{props.label}</label>
      <input
        id={props.id}
        type="text"
        inputMode="numeric"
        name={props.name}
        value={props.value}
        maxLength={props.maxLength}
        placeholder="$"
        autoComplete="off"
        aria-invalid={props.error ? true : undefined}
        aria-describedby={props.error ? errorId : undefined}
        onChange={props.onChange}
      />
      {props.error ? (
        <small id={errorId} className={styles.error}>
          {props.error}
        </small>
      ) : null}
    </div>
  );
}
