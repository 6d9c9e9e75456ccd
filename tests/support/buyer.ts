/**
 * The natural person who buys in the tests (Ana Gómez, Bogotá), and her step 1 of the checkout
 * as its form posts it: one copy for the Vitest shopper, the server specs and the journeys.
 */
export const ANA = {
  name: "Ana",
  lastName: "Gómez",
  document: "1020304050",
  email: "ana@example.com",
  phone: "3001234567",
  /** The department's code: 11 is Bogotá. */
  department: "11",
  city: "Bogotá",
  address: "Calle 10 # 20-30",
};

/** Step 1 of the checkout for Ana as a natural person (`email`: another address of hers). */
export function personBilling(email = ANA.email): Record<string, string> {
  return {
    intent: "billing",
    client_type: "person",
    name: ANA.name,
    last_name: ANA.lastName,
    document: ANA.document,
    email,
    phone: ANA.phone,
    department: ANA.department,
    city: ANA.city,
    address: ANA.address,
  };
}
