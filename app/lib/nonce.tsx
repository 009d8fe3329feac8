import { createContext, useContext } from 'react'

/** The CSP nonce of this response (server only; undefined in the browser, where it is not needed). */
export const NonceContext = createContext<string | undefined>(undefined)
export const useNonce = () => useContext(NonceContext)
