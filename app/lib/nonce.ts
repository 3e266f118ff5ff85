// The CSP nonce of this document, for React Router's inline scripts. Provided by
// app/entry.server.tsx around the whole render, so it is there even when no loader ran
// (an error before the root loader); in the browser the scripts have already run.
import { createContext, useContext } from "react";

export const NonceContext = createContext<string | undefined>(undefined);

export function useNonce(): string | undefined {
  return useContext(NonceContext);
}
