/**
 * The gallery's seeded shuffle (docs/decisions/0017-server-built-gallery.md) must be index-friendly
 * at 100,000 public rows: ordering by a hash of (row, seed) would sort the whole table for every
 * page. Instead each public row has a random `shuffle_key`, and a fixed set of bijections of it —
 * multiplication modulo the prime 2^31 − 1 by different constants — each has an expression index. A
 * seed chooses one bijection and a start point; a page is then a range scan of that index from the
 * cursor, wrapping around once at the end. Different multipliers give unrelated orders, and the
 * start point makes every seed begin somewhere else.
 *
 * The SQL text is shared by the schema (the indexes) and the queries: SQLite uses an
 * expression index only when the query spells the expression the same way.
 */

/** 2^31 − 1, a prime: x ↦ x·m mod P is a permutation of 1 … P−1 for any m in 1 … P−1. */
export const PERMUTATION_MODULUS = 2_147_483_647;

/** Primitive roots and other well-mixing multipliers modulo 2^31 − 1 (Park–Miller and kin). */
export const GALLERY_PERMUTATION_MULTIPLIERS = [
  48_271, 16_807, 69_621, 630_360_016, 742_938_285, 950_706_376, 1_226_874_159, 397_204_094,
] as const;

/** `((shuffle_key + 1) * m) % P`; the products stay below 2^63, so SQLite never overflows. */
export function galleryPermutationSql(column: string, multiplier: number): string {
  return `(((${column} + 1) * ${multiplier}) % ${PERMUTATION_MODULUS})`;
}
