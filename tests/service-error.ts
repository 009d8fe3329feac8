// The error constant a service call fails with, for tests that expect a refusal.
import { ServiceError } from '~/services/core.server'

/** The constant of the ServiceError `p` rejects with; any other outcome (success, another error) fails the test. */
export async function constantOf(p: Promise<unknown>): Promise<string> {
  try {
    await p
  } catch (e) {
    if (e instanceof ServiceError) return e.constant
    throw e
  }
  throw new Error('expected a ServiceError')
}
