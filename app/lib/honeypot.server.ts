// The honeypot of the public account forms (login, registration, the e-mail request pages), on remix-utils: a field
// people never see and bots fill ("website"), and an encrypted "valid from" time the page carries, so a post made
// without loading the form, or with a forged time, is a bot too. The key is the first SESSION_SECRET, so every
// process of one installation accepts the others' forms.
import { Honeypot } from 'remix-utils/honeypot/server'
import { req, type Ctx } from './context.server'

const HONEYPOT_FIELD = 'website'
const byKey = new Map<string, Honeypot>()

function honeypotOf(context: Ctx): Honeypot {
  const key = req(context).app.env.sessionSecrets[0]!
  let h = byKey.get(key)
  if (!h) byKey.set(key, (h = new Honeypot({ nameFieldName: HONEYPOT_FIELD, encryptionSeed: key })))
  return h
}

/** The honeypot fields' props for the page (given to HoneypotProvider). */
export const honeypotInputProps = (context: Ctx) => honeypotOf(context).getInputProps()

/**
 * Whether a posted form is a bot's: the honeypot field filled, or a "valid from" time that is missing, forged or in
 * the future. (A post with neither field passes, as remix-utils decides: API-like clients do not load the form.)
 */
export async function isBot(context: Ctx, formData: FormData): Promise<boolean> {
  try {
    await honeypotOf(context).check(formData)
    return false
  } catch {
    // SpamError, or a "valid from" that is not even base64 (the decryption throws): a bot either way.
    return true
  }
}
