/** "25 MB", "1.5 GB", "640 KB": sizes as people read them. */
export function formatBytes(bytes: number): string {
  const kb = 1024;
  const mb = kb * 1024;
  const gb = mb * 1024;
  const round = (value: number) => (value >= 10 ? Math.round(value) : Math.round(value * 10) / 10);
  if (bytes >= gb) return `${round(bytes / gb)} GB`;
  if (bytes >= mb) return `${round(bytes / mb)} MB`;
  if (bytes >= kb) return `${round(bytes / kb)} KB`;
  return `${bytes} bytes`;
}
