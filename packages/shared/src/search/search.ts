/**
 * Search is case- and accent-insensitive everywhere ("acao" finds "Ação"). The database applies
 * the same rule with its normalize_search() function (lower + unaccent).
 */
export function normalizeSearch(text: string | null | undefined): string {
  return (text ?? '')
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase()
    .trim();
}

/** True when any of the fields contains the search term; an empty term matches everything. */
export function matchesSearch(
  term: string,
  ...fields: Array<string | number | null | undefined>
): boolean {
  const needle = normalizeSearch(term);
  if (needle === '') return true;
  return fields.some((field) => field != null && normalizeSearch(String(field)).includes(needle));
}

const collator = new Intl.Collator('pt-BR', { sensitivity: 'base', numeric: true });

/** Sorts the pt-BR way: "Álvaro" before "Zé", "item 2" before "item 10". */
export function compareText(a: string | null | undefined, b: string | null | undefined): number {
  return collator.compare(a ?? '', b ?? '');
}
