/** PGlite's table upkeep decides as autovacuum does (server/storage/upkeep upkeepDue). */
import { describe, expect, it } from 'vitest'
import { UPKEEP_RULES, upkeepDue, type TableActivity } from '../../server/storage/upkeep'

const quiet: TableActivity = { schema: 'public', table: 'cart_items', rows: 1000, deadRows: 0, changedSinceAnalyze: 0, insertedSinceVacuum: 0, xidAge: 5000 }
const due = (change: Partial<TableActivity>) => upkeepDue([{ ...quiet, ...change }])

describe('upkeepDue', () => {
  it('leaves a table alone while nothing passes a threshold', () => {
    expect(due({})).toEqual([])
    // 50 + 0.2 × 1000 dead rows, 50 + 0.1 × 1000 changes, 1000 + 0.2 × 1000 inserts: on the line, not past it
    expect(due({ deadRows: 250, changedSinceAnalyze: 150, insertedSinceVacuum: 1200 })).toEqual([])
  })

  it('vacuums past 50 + 20 % of the rows dead', () => {
    expect(due({ deadRows: 251 })).toEqual([{ schema: 'public', table: 'cart_items', vacuum: true, analyze: false }])
    // a table counted empty (or never counted: reltuples -1) needs only the 50
    expect(due({ rows: -1, deadRows: 51 })).toEqual([{ schema: 'public', table: 'cart_items', vacuum: true, analyze: false }])
    expect(due({ rows: -1, deadRows: 50 })).toEqual([])
  })

  it('analyzes past 50 + 10 % of the rows changed, and does both when both are due', () => {
    expect(due({ changedSinceAnalyze: 151 })).toEqual([{ schema: 'public', table: 'cart_items', vacuum: false, analyze: true }])
    expect(due({ changedSinceAnalyze: 400, deadRows: 300 })).toEqual([{ schema: 'public', table: 'cart_items', vacuum: true, analyze: true }])
  })

  it('vacuums a table that only grows, past 1000 + 20 % of the rows inserted', () => {
    expect(due({ insertedSinceVacuum: 1201 })).toEqual([{ schema: 'public', table: 'cart_items', vacuum: true, analyze: false }])
  })

  it('vacuums a table whose oldest unfrozen transaction is past the freeze age, with no activity at all', () => {
    expect(due({ xidAge: UPKEEP_RULES.freezeMaxAge + 1 })).toEqual([{ schema: 'public', table: 'cart_items', vacuum: true, analyze: false }])
    expect(due({ xidAge: UPKEEP_RULES.freezeMaxAge })).toEqual([])
  })

  it('vacuums every table when the counts were lost (the first look after PGlite opens), analyzing only by its rule', () => {
    const tables = [
      { ...quiet, table: 'a' },
      { ...quiet, table: 'b', changedSinceAnalyze: 151 },
    ]
    expect(upkeepDue(tables, { countsLost: true })).toEqual([
      { schema: 'public', table: 'a', vacuum: true, analyze: false },
      { schema: 'public', table: 'b', vacuum: true, analyze: true },
    ])
    expect(upkeepDue(tables, { countsLost: false }).map((s) => s.table)).toEqual(['b'])
  })

  it('answers only the tables that are due, in the order given', () => {
    const tables = [
      { ...quiet, table: 'a', deadRows: 300 },
      { ...quiet, table: 'b' },
      { ...quiet, schema: 'pg_catalog', table: 'pg_statistic', changedSinceAnalyze: 1000 },
    ]
    expect(upkeepDue(tables).map((s) => `${s.schema}.${s.table}`)).toEqual(['public.a', 'pg_catalog.pg_statistic'])
  })
})
