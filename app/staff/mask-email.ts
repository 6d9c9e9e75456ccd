/**
 * A customer's e-mail as the audit log may show it: the first character of the name and the
 * domain, `a***@example.com`; never the address in full.
 */
export function maskEmail(email: string | null | undefined): string | null {
  if (typeof email !== "string") return null;
  const address = email.trim();
  if (!address) return null;
  const at = address.lastIndexOf("@");
  if (at <= 0 || at === address.length - 1) return "***";
  return `${address[0]}***${address.slice(at)}`;
}
