// drizzle-kit writes "public"."table" in foreign keys; strip it so the migrations run in any schema
// (the PostgreSQL tests isolate each file in a schema of its own).
import fs from 'node:fs'
import path from 'node:path'

const dir = path.resolve(import.meta.dirname, '../drizzle')
for (const f of fs.readdirSync(dir).filter((f) => f.endsWith('.sql'))) {
  const file = path.join(dir, f)
  fs.writeFileSync(file, fs.readFileSync(file, 'utf8').replaceAll('"public".', ''))
}
