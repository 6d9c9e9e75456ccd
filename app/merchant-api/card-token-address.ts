/**
 * The billing address fields of the token call (docs/merchant-api.md: "default address values"):
 * the store asks for none, so the token call carries these, from the server and from the browser
 * alike.
 */
export const TOKEN_ADDRESS = {
  address_line1: "N/A",
  address_line2: "",
  address_state: "N/A",
  address_city: "N/A",
  address_postal_code: "000000",
  address_country_code: "CO",
} as const;
