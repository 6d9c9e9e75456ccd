import { useEffect, useId, useRef, useState } from "react";
import { useHydrated } from "~/ui/use-hydrated";
import { useLocation, useNavigate } from "react-router";
import { Form, useFetcher } from "~/ui/router";
import { isSearchable } from "./search";
import type { Suggestion, SuggestionsResponse } from "./buscar.sugerencias";
import styles from "./SearchBox.module.css";

/** The overlay waits 400 ms after the last keystroke (docs/decisions/0552). */
const DEBOUNCE_MS = 400;

/**
 * The top-bar search. Without JavaScript it is a GET form to /buscar. With JavaScript,
 * clicking or typing in it opens the search overlay: a modal dialog with an ARIA combobox
 * whose suggestions come from /buscar/sugerencias (ranked on the server).
 */
export function SearchBox() {
  const id = useId();
  const ids = {
    header: `${id}-q`,
    dialogTitle: `${id}-titulo`,
    input: `${id}-combo`,
    listbox: `${id}-opciones`,
    exact: `${id}-exactas`,
    suggestions: `${id}-sugerencias`,
    option: (index: number) => `${id}-opcion-${index}`,
  };
  const fetcher = useFetcher<SuggestionsResponse>();
  const navigate = useNavigate();
  const location = useLocation();
  const dialogRef = useRef<HTMLDialogElement>(null);
  const triggerRef = useRef<HTMLInputElement>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const [query, setQuery] = useState("");
  const [open, setOpen] = useState(false);
  const [waiting, setWaiting] = useState(false);
  const [active, setActive] = useState(-1);
  // Only once hydrated does the box open a dialog; before that it is a plain GET form.
  const hydrated = useHydrated();

  const searchable = isSearchable(query);
  const trimmed = query.trim();

  // Debounced suggestions for the current text.
  useEffect(() => {
    if (!open || !searchable) {
      setWaiting(false);
      return;
    }
    setWaiting(true);
    const timer = setTimeout(() => {
      setWaiting(false);
      void fetcher.load(`/buscar/sugerencias?${new URLSearchParams({ q: trimmed })}`);
    }, DEBOUNCE_MS);
    return () => clearTimeout(timer);
    // Not keyed on `fetcher`: its identity changes with each load and would loop.
    // eslint-disable-next-line react-hooks/exhaustive-deps -- not keyed on `fetcher`: its identity changes with each load
  }, [trimmed, searchable, open]);

  // A navigation (a result, the results page) closes the overlay.
  useEffect(() => {
    if (dialogRef.current?.open) dialogRef.current.close();
  }, [location.pathname, location.search]);

  const data = fetcher.data;
  const fresh = data && data.query === trimmed && !waiting && fetcher.state === "idle";
  const loading = searchable && !fresh;
  const exact = fresh ? data.exact : [];
  const suggestions = fresh ? data.suggestions : [];
  const options: Suggestion[] = [...exact, ...suggestions];
  const expanded = open && options.length > 0;

  useEffect(() => setActive(-1), [trimmed, data]);
  // Keep the active option in view while moving with the arrow keys.
  useEffect(() => {
    if (active >= 0)
      document.getElementById(ids.option(active))?.scrollIntoView({ block: "nearest" });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- ids are stable for the component's life
  }, [active]); // ids are stable for the component's life

  function openOverlay() {
    const dialog = dialogRef.current;
    if (!dialog || dialog.open) return;
    dialog.showModal();
    setOpen(true);
    requestAnimationFrame(() => {
      const input = inputRef.current;
      if (!input) return;
      input.focus();
      input.setSelectionRange(input.value.length, input.value.length);
    });
  }

  function closeOverlay() {
    dialogRef.current?.close();
  }

  function go(suggestion: Suggestion) {
    closeOverlay();
    void navigate(`/producto/${encodeURIComponent(suggestion.id)}`);
  }

  function onComboKeyDown(event: React.KeyboardEvent<HTMLInputElement>) {
    if (event.key === "ArrowDown") {
      if (options.length === 0) return;
      event.preventDefault();
      setActive((i) => (i + 1) % options.length);
    } else if (event.key === "ArrowUp") {
      if (options.length === 0) return;
      event.preventDefault();
      setActive((i) => (i <= 0 ? options.length - 1 : i - 1));
    } else if (event.key === "Enter" && active >= 0 && options[active]) {
      event.preventDefault();
      go(options[active]);
    }
  }

  const renderOption = (s: Suggestion, index: number) => (
    // eslint-disable-next-line jsx-a11y/click-events-have-key-events -- the combobox input handles the keys (aria-activedescendant)
    <li
      key={s.id}
      id={ids.option(index)}
      role="option"
      aria-selected={index === active}
      className={index === active ? `${styles.option} ${styles.active}` : styles.option}
      // Keep focus in the input; the click then navigates.
      onMouseDown={(e) => e.preventDefault()}
      onClick={() => go(s)}
    >
      <img
        src={s.image ?? "/img/placeholder-producto.svg"}
        alt=""
        width={48}
        height={48}
        className={styles.thumb}
      />
      <span className={styles.optionText}>
        <span className={styles.optionTitle}>{s.title}</span>
        <span className={styles.optionMeta}>
          {s.brand ?? "Sin marca"}
          {s.model ? ` · ${s.model}` : ""}
        </span>
      </span>
    </li>
  );

  return (
    <search className={styles.root}>
      <Form method="get" action="/buscar" className={styles.form}>
        <label htmlFor={ids.header} className="visually-hidden">
          Buscar productos
        </label>
        <input
          ref={triggerRef}
          id={ids.header}
          type="search"
          name="q"
          value={query}
          maxLength={100}
          placeholder="Buscar productos"
          autoComplete="off"
          className={styles.input}
          aria-haspopup={hydrated ? "dialog" : undefined}
          onChange={(e) => {
            setQuery(e.currentTarget.value);
            openOverlay();
          }}
          onClick={openOverlay}
        />
        {/* On phones the button is a magnifier (its name stays 'Buscar'), which leaves the
            text box room for its whole placeholder. */}
        <button type="submit" className={styles.button}>
          <svg className={styles.icon} viewBox="0 0 24 24" aria-hidden="true" focusable="false">
            <path
              fill="currentColor"
              d="M10 2a8 8 0 0 1 6.32 12.9l5.39 5.4-1.41 1.41-5.4-5.39A8 8 0 1 1 10 2Zm0 2a6 6 0 1 0 0 12 6 6 0 0 0 0-12Z"
            />
          </svg>
          <span className={styles.buttonText}>Buscar</span>
        </button>
      </Form>

      {/* eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-noninteractive-element-interactions -- a click on the backdrop closes; Escape is the dialog's own */}
      <dialog
        ref={dialogRef}
        className={styles.dialog}
        aria-labelledby={ids.dialogTitle}
        onClose={() => {
          setOpen(false);
          triggerRef.current?.focus();
        }}
        onClick={(e) => {
          // A click on the backdrop (the dialog box itself, outside its panel) closes it.
          if (e.target === e.currentTarget) closeOverlay();
        }}
      >
        <div className={styles.panel}>
          <div className={styles.panelHead}>
            <h2 id={ids.dialogTitle} className={styles.panelTitle}>
              Buscar productos
            </h2>
            <button
              type="button"
              className={styles.close}
              onClick={closeOverlay}
              aria-label="Cerrar búsqueda"
            >
              ✕
            </button>
          </div>
          <Form method="get" action="/buscar" className={styles.form} onSubmit={closeOverlay}>
            <label htmlFor={ids.input} className="visually-hidden">
              Nombre, modelo, SKU o marca
            </label>
            <input
              ref={inputRef}
              id={ids.input}
              type="text"
              name="q"
              value={query}
              maxLength={100}
              placeholder="Nombre, modelo, SKU o marca"
              autoComplete="off"
              className={styles.input}
              role="combobox"
              aria-autocomplete="list"
              aria-expanded={expanded}
              aria-controls={expanded ? ids.listbox : undefined}
              aria-activedescendant={expanded && active >= 0 ? ids.option(active) : undefined}
              onChange={(e) => setQuery(e.currentTarget.value)}
              onKeyDown={onComboKeyDown}
            />
            <button type="submit" className={styles.button}>
              Ver todos
            </button>
          </Form>

          <div className={styles.results}>
            <p
              role="status"
              className={fresh && options.length > 0 ? "visually-hidden" : styles.message}
            >
              {!open
                ? ""
                : !searchable
                  ? "Escribe al menos 2 caracteres para ver los resultados"
                  : loading
                    ? "Buscando productos..."
                    : options.length === 0
                      ? "No se encontraron productos"
                      : `${options.length} ${options.length === 1 ? "resultado" : "resultados"}`}
            </p>
            {loading ? (
              <ul className={styles.skeletons} aria-hidden="true">
                {Array.from({ length: 4 }, (_, i) => (
                  <li key={i} className={styles.skeleton}>
                    <span className={styles.skeletonThumb} />
                    <span className={styles.skeletonLines}>
                      <span />
                      <span />
                    </span>
                  </li>
                ))}
              </ul>
            ) : null}
            {/* A listbox only while it has options: an empty, hidden one is no listbox. */}
            <ul
              id={ids.listbox}
              role={expanded ? "listbox" : undefined}
              aria-label={expanded ? "Resultados de búsqueda" : undefined}
              className={styles.listbox}
              hidden={!expanded}
            >
              {exact.length > 0 ? (
                <li role="presentation">
                  <ul role="group" aria-labelledby={ids.exact} className={styles.group}>
                    <li role="presentation" id={ids.exact} className={styles.groupTitle}>
                      Coincidencia Exacta
                    </li>
                    {exact.map((s, i) => renderOption(s, i))}
                  </ul>
                </li>
              ) : null}
              {suggestions.length > 0 ? (
                <li role="presentation">
                  <ul role="group" aria-labelledby={ids.suggestions} className={styles.group}>
                    <li role="presentation" id={ids.suggestions} className={styles.groupTitle}>
                      Sugerencias
                    </li>
                    {suggestions.map((s, i) => renderOption(s, exact.length + i))}
                  </ul>
                </li>
              ) : null}
            </ul>
          </div>
        </div>
      </dialog>
    </search>
  );
}
