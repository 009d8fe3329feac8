// Mail transport: SMTP when SMTP_URL is set, otherwise one .eml file per mail in DATA_DIR/outbox.
import fs from 'node:fs'
import path from 'node:path'
import nodemailer from 'nodemailer'
import { log } from './log.server'

export interface Mail {
  to: string
  subject: string
  text: string
  html: string
}

export interface Mailer {
  send(mail: Mail): Promise<void>
}

export function createMailer(opts: { smtpUrl?: string; outboxDir: string; from: string }): Mailer {
  if (opts.smtpUrl) {
    const transport = nodemailer.createTransport(opts.smtpUrl)
    return {
      async send(mail) {
        await transport.sendMail({ from: opts.from, ...mail })
      },
    }
  }
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' })
  return {
    async send(mail) {
      const info = await transport.sendMail({ from: opts.from, ...mail })
      // A mail carries an address and often a link that logs in or resets a password: owner only.
      fs.mkdirSync(opts.outboxDir, { recursive: true, mode: 0o700 })
      const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${Math.random().toString(36).slice(2, 8)}.eml`
      const file = path.join(opts.outboxDir, name)
      fs.writeFileSync(file, info.message as Buffer, { mode: 0o600 })
      const link = /https?:\/\/\S+/.exec(mail.text)?.[0]
      log.info({ msg: 'mail written to outbox', file: name, ...(link ? { link } : {}) })
    },
  }
}
