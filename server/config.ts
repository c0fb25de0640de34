/**
 * The server's environment, read and validated once at start (fastify/demo habit): every other
 * module receives a Config instead of reading process.env itself.
 */
import { z } from 'zod'

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const

const EnvSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  // empty string counts as unset: `DATABASE_URL= npm run serve` should mean PGlite
  DATABASE_URL: z
    .string()
    .optional()
    .transform((v) => (v && v.trim() !== '' ? v.trim() : undefined))
    .pipe(z.string().regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://').optional()),
  DATA_DIR: z.string().min(1).default('./data'),
  DIST_DIR: z.string().min(1).default('./dist'),
  LOG_LEVEL: z.enum(LOG_LEVELS).default('warn'),
})

export interface Config {
  port: number
  host: string
  /** PostgreSQL when set, else PGlite in `${dataDir}/pglite` */
  databaseUrl: string | undefined
  /** `memory://` keeps PGlite in memory (tests) */
  dataDir: string
  distDir: string
  logLevel: (typeof LOG_LEVELS)[number]
}

export class ConfigError extends Error {
  override name = 'ConfigError'
}

export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = EnvSchema.safeParse(env)
  if (!parsed.success) {
    const details = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')
    throw new ConfigError(`Invalid environment: ${details}`)
  }
  const e = parsed.data
  return {
    port: e.PORT,
    host: e.HOST,
    databaseUrl: e.DATABASE_URL,
    dataDir: e.DATA_DIR,
    distDir: e.DIST_DIR,
    logLevel: e.LOG_LEVEL,
  }
}
