import { connect } from '~/db/connect.server'
import { seedDemoIfEmpty } from '~/db/seed-demo.server'
import { trips, legs, users, pois } from '~/db/schema'
import { sql } from 'drizzle-orm'
const d = await connect({})
const now = new Date(process.argv[2] ?? '2026-03-18T14:30:00Z')
console.time('seed')
console.log(await seedDemoIfEmpty(d.db, now))
console.timeEnd('seed')
console.log(await seedDemoIfEmpty(d.db, now))
const r = await d.db.execute(sql`select u.email, count(distinct t.id) trips, count(l.id) legs, min(t.start_time) mn, max(t.end_time) mx, count(distinct t.id) filter (where t.confirmation_status) conf from users u join trips t on t.user_id=u.id join legs l on l.trip_id=t.id group by u.email`)
console.log((r as any).rows ?? r)
const s = await d.db.execute(sql`select to_char(start_time at time zone 'Europe/Berlin','YYYY-MM-DD Dy') d, count(*) from trips where user_id=1 group by 1 order by 1`)
console.log(((s as any).rows).map((x: any) => `${x.d}:${x.count}`).join(' '))
const m = await d.db.execute(sql`select detected_modes->>0 det, tfc_modes->>0 conf, count(*), round(avg(len)) len, round(avg(len / greatest(extract(epoch from legs.end_time-legs.start_time),60))::numeric*3.6,1) kmh, min(jsonb_array_length(geom)) minp, max(jsonb_array_length(geom)) maxp from legs join trips t on t.id=legs.trip_id where t.confirmation_status group by 1,2 order by 1,2`)
console.table((m as any).rows)
const f = await d.db.execute(sql`select id, fdbk_avail, fdbk_reason_ids, all_questions_answered, validation_status from trips where fdbk_avail or not all_questions_answered and confirmation_status`)
console.log((f as any).rows)
console.log((await d.db.select().from(pois)).map(p => [p.userId, p.name, p.verificationStatus]))
await d.close()
