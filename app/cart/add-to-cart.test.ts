import { describe, expect, it } from "vitest";
import { addToCartButtonState, clampQuantity } from "./add-to-cart";

describe("addToCartButtonState", () => {
  it.each([
    [{ price: 1000, stock: 5, loading: true }, "Cargando...", true],
    [{ price: null, stock: 5 }, "Consultar precio", true],
    [{ price: 0, stock: 5 }, "Consultar precio", true],
    [{ price: 1000, stock: 0 }, "Sin stock", true],
    [{ price: 1000, stock: -2 }, "Sin stock", true],
    [{ price: null, stock: 0 }, "Consultar precio", true],
    [{ price: 1000, stock: 1 }, "Agregar al carrito", false],
  ])("%o → %s", (input, label, disabled) => {
    const state = addToCartButtonState(input);
    expect(state.label).toBe(label);
    expect(state.disabled).toBe(disabled);
  });
});

describe("clampQuantity", () => {
  it.each([
    [1, 10, 1],
    [5, 10, 5],
    [11, 10, 10],
    [0, 10, 1],
    [-4, 10, 1],
    [2.7, 10, 2],
    ["3", 10, 3],
    ["", 10, 1],
    ["abc", 10, 1],
    [undefined, 10, 1],
    [4, 0, 1],
  ])("%o with stock %i → %i", (value, stock, expected) => {
    expect(clampQuantity(value, stock)).toBe(expected);
  });
});
