/**
 * Field schemas several collections share. Changing one changes every collection schema that uses
 * it, which is a schema change (a new version and a migration for each), never a tidy-up.
 */

/** Money in integer cents (float prices fail schema checks and sums). */
export const cents = { type: 'integer', minimum: -100000000, maximum: 100000000 } as const

/** A moment in milliseconds since 1970: bounded and whole, as an indexed number must be. */
export const epochMs = { type: 'integer', minimum: 0, maximum: 9999999999999, multipleOf: 1 } as const

/** An ISO 8601 timestamp: bounded, as an indexed string must be. */
export const isoString = { type: 'string', maxLength: 40 } as const
