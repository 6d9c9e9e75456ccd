/**
 * Spanish order for names: accents and case aside, numbers by their value ('Cámara 2' before
 * 'Cámara 10'). One collator for the whole store, made on first use: these modules are in the
 * browser's bundles, and the first Intl object a page creates loads the locale's data on the main
 * thread (docs/decisions/0382).
 */
let collator: Intl.Collator | undefined;

export const compareSpanish = (a: string, b: string): number =>
  (collator ??= new Intl.Collator("es", { sensitivity: "base", numeric: true })).compare(a, b);
