/**
 * Headers of every answer (what the browser may do with it): set by Express's middleware and by
 * the answers from memory alike (docs/decisions/0500).
 */
export function securityHeaders(isProduction: boolean): Readonly<Record<string, string>> {
  return {
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "strict-origin-when-cross-origin",
    "X-Frame-Options": "DENY",
    "Permissions-Policy": "camera=(), microphone=(), geolocation=(), payment=(self)",
    ...(isProduction && {
      "Strict-Transport-Security": "max-age=31536000; includeSubDomains",
    }),
  };
}
