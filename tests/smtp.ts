// A real SMTP server on a free loopback port for the mail tests: every message it receives is kept with its
// envelope and raw text. `next()` waits for the next message.
import type { AddressInfo } from 'node:net'
import { SMTPServer } from 'smtp-server'

interface ReceivedMail {
  from?: string
  to: string[]
  raw: string
}

export interface TestSmtp {
  url: string
  received: ReceivedMail[]
  /** Resolves with the next message that arrives. */
  next(): Promise<ReceivedMail>
  close(): Promise<void>
}

export async function startTestSmtp(): Promise<TestSmtp> {
  const received: ReceivedMail[] = []
  const waiting: ((m: ReceivedMail) => void)[] = []
  const server = new SMTPServer({
    disabledCommands: ['STARTTLS'],
    authOptional: true,
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = []
      stream.on('data', (c: Buffer) => chunks.push(c))
      stream.on('end', () => {
        const mail = {
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : undefined,
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        }
        received.push(mail)
        callback()
        waiting.shift()?.(mail)
      })
    },
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return {
    url: `smtp://127.0.0.1:${(server.server.address() as AddressInfo).port}`,
    received,
    next: () => new Promise((resolve) => waiting.push(resolve)),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}
