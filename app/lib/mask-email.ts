/**
 * An e-mail address shown to whoever holds a link, not proven to be its owner: enough to
 * recognise one's own ("g•••@example.com"), not enough to learn someone else's.
 */
export function maskEmail(address: string): string {
  const at = address.lastIndexOf("@");
  if (at < 1) return "•••";
  return `${address[0]}•••${address.slice(at)}`;
}
