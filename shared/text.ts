/** spec §9: the uppercase helper returns an empty string for empty input. */
export function toUpperCase(value: string | null | undefined): string {
  return value ? value.toUpperCase() : '';
}
