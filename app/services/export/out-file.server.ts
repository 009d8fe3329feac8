// The export's files: each written through a stream that respects backpressure, readable only by the researcher's
// account, and given its name only once the whole export succeeded (a failed export leaves no half file behind).
import fs from 'node:fs'
import { once } from 'node:events'
import { finished } from 'node:stream/promises'

/** A file written through a stream that respects backpressure; it gets its name only once the export succeeded. */
export class OutFile {
  private readonly stream: fs.WriteStream
  private error: Error | null = null
  readonly partial: string

  constructor(readonly file: string) {
    this.partial = `${file}.partial`
    // Only the researcher's account may read it (the files are personal data, with --with-identity even names).
    this.stream = fs.createWriteStream(this.partial, { encoding: 'utf8', mode: 0o600 })
    this.stream.on('error', (err) => (this.error ??= err))
  }

  async write(chunk: string) {
    if (this.error) throw this.error
    if (chunk === '') return
    if (!this.stream.write(chunk)) await once(this.stream, 'drain')
  }

  async close() {
    this.stream.end()
    await finished(this.stream)
    if (this.error) throw this.error
  }

  commit() {
    fs.renameSync(this.partial, this.file)
  }

  abort() {
    this.stream.destroy()
    fs.rmSync(this.partial, { force: true })
  }
}
