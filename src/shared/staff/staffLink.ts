// Without zod: the sign-in screen reads the address before the dashboard's code and the schemas load (decision 0006).

/** The page a link opens: the secret travels after #, so it never reaches the server's or a proxy's logs. */
export const STAFF_LINK_FRAGMENT = 'set-password=';
