import { createContext, useContext } from "react";

/** The per-response CSP nonce, provided by entry.server; empty in the browser. */
export const NonceContext = createContext<string>("");
export const useNonce = () => useContext(NonceContext);
