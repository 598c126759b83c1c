/** spec §9: the uppercase helper returns an empty string for empty input. */
export function toUpperCase(value: string | null | undefined): string {
  return value ? value.toUpperCase() : '';
}

/** Whether `value` holds a control character (C0 or DEL): never part of a name or a search. */
export function hasControlCharacters(value: string): boolean {
  for (let i = 0; i < value.length; i += 1) {
    const code = value.charCodeAt(i);
    if (code < 0x20 || code === 0x7f) return true;
  }
  return false;
}

/** "Ana", "Ana and Ben", "Ana, Ben and Cleo". */
export function listNames(names: readonly string[]): string {
  if (names.length <= 1) return names.join('');
  return `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
}
