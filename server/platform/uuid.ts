const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Whether `value` can be a uuid column's value: ids that cannot are answered 404, like missing ones. */
export function isUuid(value: string): boolean {
  return UUID.test(value);
}
