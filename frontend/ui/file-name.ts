/** A name as a safe file-name stem: `Café Nord / Phase 2` → `cafe-nord-phase-2`; `parti` when nothing Latin is left. */
export function fileSlug(name: string, maxLength = 60): string {
  const slug = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, maxLength)
    .replace(/-+$/, '');
  return slug || 'parti';
}
